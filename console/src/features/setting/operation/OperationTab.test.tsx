import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../../test/render-console';
import { loginUser } from '../../../test/fixtures';
import { ok, type MockRoute, type RecordedRequest } from '../../../test/mock-api';
import { optionMock } from '../../../test/option-api';
import { oneMonthBefore } from './LogCleanup';

/** A message toast (Arco may render a notice twice while it animates). */
const toast = async (text: string | RegExp) => expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
const signIn = (role: number) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const toggle = (label: string) => fireEvent.click(screen.getByRole('switch', { name: label }));
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

/** 13 models: dall-e-3 (price), gpt-4o (ratios), m-00 … m-10 (ratio 1). */
const TABLES = {
  ModelPrice: JSON.stringify({ 'dall-e-3': 0.04 }),
  ModelRatio: JSON.stringify({ 'gpt-4o': 1.25, ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`m-${String(i).padStart(2, '0')}`, 1])) }),
  CompletionRatio: JSON.stringify({ 'gpt-4o': 4 }),
  CacheRatio: JSON.stringify({ 'gpt-4o': 0.5 }),
};

async function openOperation(role = 100, overrides = {}, routes: Record<string, MockRoute> = {}) {
  signIn(role);
  const mock = optionMock({ ...TABLES, ...overrides });
  const view = renderConsole('/setting?tab=operation', { ...mock.routes, ...routes });
  await screen.findByTestId('operation-tab');
  const puts = () => view.api.find('PUT', '/api/option/').map((r) => r.body as { key: string; value: string });
  /** The JSON a PUT sent for a table key (the last one). */
  const sent = (key: string) => JSON.parse(puts().filter((p) => p.key === key).at(-1)!.value) as Record<string, number>;
  return { ...view, mock, puts, sent };
}

const openSubTab = async (title: string) => {
  fireEvent.click(screen.getByText(title));
  await screen.findByTestId(title === 'Visual ratio editor' ? 'ratio-visual' : 'ratio-unset');
};

describe('operation tab as super admin', () => {
  it('shows every section of the registry, with the admin-only keys and sub-tabs', async () => {
    const { api } = await openOperation();
    expect(api.find('GET', '/api/option/all')).toHaveLength(1);
    expect(screen.queryByTestId('agent-scope-hint')).toBeNull(); // the super admin edits the site itself
    for (const title of ['General settings', 'Drawing settings', 'Sensitive words', 'Log settings', 'Data dashboard', 'Monitoring', 'Quota settings', 'Ratio settings'])
      expect(screen.getByText(title)).toBeTruthy();
    expect(field('Quota per US dollar').value).toBe('500000');
    expect(screen.getByRole('switch', { name: 'Demo site mode' })).toBeTruthy();
    expect(screen.getByText('Visual ratio editor')).toBeTruthy();
    expect(screen.getByText('Models without a ratio')).toBeTruthy();
    expect(screen.getByTestId('logs-clear')).toBeTruthy();
    // the tab bar offers the admin tabs
    expect(screen.getByRole('tab', { name: 'Rate limit' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Model settings' })).toBeTruthy();
  });

  it('saves a switch at once and a section with only what changed', async () => {
    const { puts } = await openOperation();
    toggle('Enable drawing (Midjourney)');
    await waitFor(() => expect(puts()).toEqual([{ key: 'DrawingEnabled', value: 'false' }]));
    fireEvent.click(screen.getByTestId('save-monitoring'));
    await toast('You seem to have changed nothing');
    type('Longest test time (seconds)', '12');
    fireEvent.click(screen.getByTestId('save-monitoring'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ key: 'ChannelDisableThreshold', value: '12' });
  });

  it('offers the quota warning presets and shows quota in dollars', async () => {
    const { puts } = await openOperation();
    fireEvent.click(screen.getByRole('button', { name: (1000000).toLocaleString() }));
    expect(field('Quota warning threshold').value).toBe('1000000');
    expect(screen.getByTestId('quota-usd-QuotaRemindThreshold').textContent).toBe('≈ $2.00');
    fireEvent.click(screen.getByTestId('save-monitoring'));
    await waitFor(() => expect(puts()).toEqual([{ key: 'QuotaRemindThreshold', value: '1000000' }]));
    type('Quota for a new user', '250000');
    expect(screen.getByTestId('quota-usd-QuotaForNewUser').textContent).toBe('≈ $0.50');
  });

  it('refuses a ratio table that is not JSON', async () => {
    const { puts } = await openOperation();
    type('Group ratio', '{"default": 1,');
    expect(await screen.findByText('not a valid JSON string')).toBeTruthy();
    fireEvent.click(screen.getByTestId('save-ratio-json'));
    await toast('Group ratio: not a valid JSON string');
    type('Group ratio', '{"default": 1, "vip": 2}');
    fireEvent.click(screen.getByTestId('save-ratio-json'));
    await waitFor(() => expect(puts()).toEqual([{ key: 'GroupRatio', value: '{"default": 1, "vip": 2}' }]));
  });

  it('clears logs before one month ago by default, after a confirmation', async () => {
    let asked: string | null = null;
    await openOperation(100, {}, {
      'DELETE /api/log/': (r: RecordedRequest) => {
        asked = new URL(r.url, 'http://localhost').searchParams.get('target_timestamp');
        return ok(42);
      },
    });
    fireEvent.click(screen.getByTestId('logs-clear'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await toast('42 logs cleared');
    const expected = Math.floor(oneMonthBefore(new Date()).getTime() / 1000);
    expect(Math.abs(Number(asked) - expected)).toBeLessThan(120);
  });
});

describe('visual ratio editor', () => {
  it('pages 10 rows, searches, and marks a model with both a price and a ratio', async () => {
    await openOperation(100, { ModelRatio: JSON.stringify({ ...JSON.parse(TABLES.ModelRatio), 'dall-e-3': 2 }) });
    await openSubTab('Visual ratio editor');
    const table = screen.getByTestId('ratio-visual');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(within(row('dall-e-3')).getByText('Conflict')).toBeTruthy();
    expect(screen.queryByText('m-08')).toBeNull();
    fireEvent.click(within(table).getByText('2'));
    expect(await screen.findByText('m-10')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search model name'), { target: { value: 'M-1' } });
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(screen.getByText('m-10')).toBeTruthy();
  });

  it('a fixed price clears the model ratios; only changed tables are sent, consistently', async () => {
    const { puts, sent } = await openOperation();
    await openSubTab('Visual ratio editor');
    type('gpt-4o Fixed price ($/call)', 'abc');
    await toast('Please enter a number');
    expect(field('gpt-4o Fixed price ($/call)').value).toBe('');
    type('gpt-4o Fixed price ($/call)', '0.3');
    expect(field('gpt-4o Model ratio').value).toBe('');
    expect((field('gpt-4o Model ratio') as HTMLInputElement).disabled).toBe(true);
    expect(field('gpt-4o Cache ratio').value).toBe('');
    fireEvent.click(screen.getByTestId('ratio-visual-apply'));
    await waitFor(() => expect(puts().map((p) => p.key)).toEqual(['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio']));
    expect(sent('ModelPrice')).toEqual({ 'dall-e-3': 0.04, 'gpt-4o': 0.3 });
    expect(sent('ModelRatio')['gpt-4o']).toBeUndefined();
    expect(sent('ModelRatio')['m-00']).toBe(1);
    expect(sent('CompletionRatio')).toEqual({});
    expect(sent('CacheRatio')).toEqual({});
    // the table restarts from what was stored: nothing left to send
    await waitFor(() => expect(field('gpt-4o Fixed price ($/call)').value).toBe('0.3'));
    fireEvent.click(screen.getByTestId('ratio-visual-apply'));
    await toast('You seem to have changed nothing');
    expect(puts()).toHaveLength(4);
  });

  it('a ratio replaces a fixed price once the price is emptied', async () => {
    const { puts, sent } = await openOperation();
    await openSubTab('Visual ratio editor');
    expect((field('dall-e-3 Model ratio') as HTMLInputElement).disabled).toBe(true);
    type('dall-e-3 Fixed price ($/call)', '');
    type('dall-e-3 Model ratio', '20');
    fireEvent.click(screen.getByTestId('ratio-visual-apply'));
    await waitFor(() => expect(puts().map((p) => p.key)).toEqual(['ModelPrice', 'ModelRatio']));
    expect(sent('ModelPrice')).toEqual({});
    expect(sent('ModelRatio')['dall-e-3']).toBe(20);
  });

  it('adds a model with a unique name and deletes one', async () => {
    const { puts, sent } = await openOperation();
    await openSubTab('Visual ratio editor');
    fireEvent.click(screen.getByRole('button', { name: /Add model/ }));
    const form = await screen.findByTestId('add-model-form');
    fireEvent.change(within(form).getByLabelText('Model name'), { target: { value: 'gpt-4o' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Model ratio' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('Model name already exists')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Model name'), { target: { value: ' new-model ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Completion ratio' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('new-model')).toBeTruthy();
    fireEvent.click(within(row('m-00')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('m-00')).toBeNull());
    fireEvent.click(screen.getByTestId('ratio-visual-apply'));
    await waitFor(() => expect(puts().map((p) => p.key)).toEqual(['ModelRatio', 'CompletionRatio']));
    expect(sent('ModelRatio')['new-model']).toBe(3);
    expect(sent('ModelRatio')['m-00']).toBeUndefined();
    expect(sent('CompletionRatio')).toEqual({ 'gpt-4o': 4, 'new-model': 2 });
  });
});

describe('unset-ratio models', () => {
  it('lists enabled models without a price or ratio, sets them in bulk, and drops them once priced', async () => {
    const enabled = ['gpt-4o', 'dall-e-3', 'x-1', 'x-2', 'x-3'];
    const { puts, sent, api } = await openOperation(100, {}, { 'GET /api/channel/models_enabled': enabled });
    await openSubTab('Models without a ratio');
    await screen.findByText('x-1');
    const panel = screen.getByTestId('ratio-unset');
    expect(panel.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(screen.queryByText('gpt-4o')).toBeNull();
    fireEvent.click(screen.getByTestId('ratio-unset-batch'));
    await toast('Please select the models to set first');
    fireEvent.click(within(row('x-1')).getByRole('checkbox'));
    fireEvent.click(within(row('x-2')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('ratio-unset-batch'));
    const form = await screen.findByTestId('batch-form');
    fireEvent.click(within(form).getByText('Model and completion ratio'));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Model ratio' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('Please enter both the model ratio and the completion ratio')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Completion ratio' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await toast(/Batch setting succeeded for 2 models/);
    expect(field('x-1 Model ratio').value).toBe('2');
    fireEvent.click(screen.getByTestId('ratio-unset-apply'));
    await waitFor(() => expect(puts().map((p) => p.key)).toEqual(['ModelRatio', 'CompletionRatio']));
    expect(sent('ModelRatio')).toMatchObject({ 'x-1': 2, 'x-2': 2, 'gpt-4o': 1.25 });
    expect(sent('ModelRatio')['x-3']).toBeUndefined();
    expect(sent('CompletionRatio')).toEqual({ 'gpt-4o': 4, 'x-1': 3, 'x-2': 3 });
    await waitFor(() => expect(screen.queryByText('x-1')).toBeNull());
    expect(screen.queryByText('x-2')).toBeNull();
    expect(screen.getByText('x-3')).toBeTruthy();
    expect(api.find('GET', '/api/channel/models_enabled').length).toBeGreaterThanOrEqual(2);
  });
});

describe('operation tab as agent', () => {
  it('reads the agent list and shows only its white-label keys: links and the side menu, no site operation, no ratios', async () => {
    const { api, puts } = await openOperation(10);
    expect(api.find('GET', '/api/option/agent')).toHaveLength(1);
    expect(api.find('GET', '/api/option/all')).toHaveLength(0);
    expect(screen.getByTestId('agent-scope-hint').textContent).toContain('apply to visitors of your domain and to your users only');
    expect(screen.getByLabelText('Top-up link')).toBeTruthy();
    expect(screen.getByLabelText('Chat link')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Collapse the side menu by default' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Show quota as currency' })).toBeNull();
    expect(screen.queryByLabelText('Quota per US dollar')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Demo site mode' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Enable drawing (Midjourney)' })).toBeNull();
    expect(screen.queryByTestId('logs-clear')).toBeNull();
    expect(screen.queryByTestId('section-ratio')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Model ratio' })).toBeNull();
    expect(screen.queryByText('Visual ratio editor')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Rate limit' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Model settings' })).toBeNull();
    toggle('Collapse the side menu by default');
    await waitFor(() => expect(puts()).toEqual([{ key: 'DefaultCollapseSidebar', value: 'true' }]));
  });
});
