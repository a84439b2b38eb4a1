import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../../test/render-console';
import { loginUser, selfUser } from '../../../test/fixtures';
import { optionMock } from '../../../test/option-api';

/** A message toast (Arco may render a notice twice while it animates). */
const toast = async (text: string | RegExp) => expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
const signIn = (role: number) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function openModels() {
  signIn(100);
  const mock = optionMock();
  const view = renderConsole('/setting?tab=models', mock.routes);
  await screen.findByTestId('models-tab');
  const puts = () => view.api.find('PUT', '/api/option/').map((r) => r.body);
  return { ...view, mock, puts };
}

describe('models tab', () => {
  it('shows the Gemini, Claude and global settings with their stored values', async () => {
    await openModels();
    for (const title of ['Gemini settings', 'Claude settings', 'Global settings']) expect(screen.getByText(title)).toBeTruthy();
    expect(JSON.parse(field('Claude default max tokens').value)).toEqual({ default: 8192 });
    expect(field('Gemini thinking budget percentage').value).toBe('0.6');
    expect(field('Ping interval (seconds)').value).toBe('60');
  });

  it('refuses JSON that does not parse and saves it once it does', async () => {
    const { puts } = await openModels();
    type('Gemini safety settings', '{"default": "OFF"');
    expect(await screen.findByText('not a valid JSON string')).toBeTruthy();
    fireEvent.click(screen.getByTestId('save-gemini'));
    await toast('Gemini safety settings: not a valid JSON string');
    expect(puts()).toEqual([]);
    type('Gemini safety settings', '{"default": "BLOCK_NONE"}');
    fireEvent.click(screen.getByTestId('save-gemini'));
    await waitFor(() => expect(puts()).toEqual([{ key: 'gemini.safety_settings', value: '{"default": "BLOCK_NONE"}' }]));
  });

  it('keeps the thinking budget between 0.1 and 1 and the ping interval at least 1 second', async () => {
    const { puts } = await openModels();
    // the inputs hold their registry bounds: out-of-range text is brought back inside them
    type('Claude thinking budget percentage', '1.5');
    fireEvent.click(screen.getByTestId('save-claude'));
    await waitFor(() => expect(puts()).toEqual([{ key: 'claude.thinking_adapter_budget_tokens_percentage', value: '1' }]));
    type('Gemini thinking budget percentage', '0.05');
    fireEvent.click(screen.getByTestId('save-gemini'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ key: 'gemini.thinking_adapter_budget_tokens_percentage', value: '0.1' });
    type('Ping interval (seconds)', '0');
    fireEvent.click(screen.getByTestId('save-global'));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]).toEqual({ key: 'general_setting.ping_interval_seconds', value: '1' });
  });

  it('flips pass-through at once', async () => {
    const { puts } = await openModels();
    fireEvent.click(screen.getByRole('switch', { name: 'Pass requests through unchanged' }));
    await waitFor(() => expect(puts()).toEqual([{ key: 'global.pass_through_request_enabled', value: 'true' }]));
  });

  it('is not offered to an agent', async () => {
    signIn(10);
    renderConsole('/setting?tab=models', { ...optionMock().routes, 'GET /api/user/self': selfUser({ role: 10 }) });
    expect(await screen.findByText('Personal settings')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Model settings' })).toBeNull();
    expect(screen.queryByTestId('models-tab')).toBeNull();
  });
});
