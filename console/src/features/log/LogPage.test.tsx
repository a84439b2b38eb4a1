import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import type { LogRow } from '@contract/log';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus } from '../../test/fixtures';
import { failure, ok, type RecordedRequest } from '../../test/mock-api';

const signIn = (role = 1) =>
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify(loginUser(role === 100 ? { role, username: 'root', id: 1 } : role === 10 ? { role, username: 'agent', id: 4 } : { role })),
  );
/** The labels of the type filter's options (opens the select). */
const typeLabels = () => {
  fireEvent.click(screen.getByTestId('log-type-filter').querySelector('.arco-select-view') ?? screen.getByTestId('log-type-filter'));
  return [...document.querySelectorAll('.arco-select-option')].map((o) => o.textContent);
};
const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://localhost').searchParams);
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

const NOW = new Date(2030, 2, 14, 15, 9, 26).getTime();
const START = new Date(2030, 2, 14).getTime() / 1000;
const END = NOW / 1000 + 3600;

const log = (o: Partial<LogRow> = {}): LogRow => ({
  id: 1, created_at: NOW / 1000 - 60, type: 2, user_id: 7, username: 'alice', token_name: 'work', token_id: 5,
  model_name: 'gpt-4o', channel: 0, channel_name: '', group: 'default', use_time: 3, is_stream: true,
  prompt_tokens: 120, completion_tokens: 480, quota: 250_000, ip: '203.0.113.7', content: 'model ratio 2.5', other: '', ...o,
});

const page = (items: LogRow[], total = items.length) => ({ items, total, page: 1, page_size: 10 });

describe('log page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists own logs for a user with the default window, statistics and no admin columns', async () => {
    signIn();
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const { api } = renderConsole('/log', {
      'GET /api/log/self': page([
        log({ id: 3, model_name: 'fast-model', use_time: 12 }),
        log({ id: 2, model_name: 'mid-model', use_time: 150, is_stream: false }),
        log({ id: 1, model_name: 'slow-model', use_time: 301 }),
        log({ id: 1, type: 1, model_name: '', token_name: '', quota: 0, use_time: 0, content: 'Redeemed $10' }),
      ]),
      'GET /api/log/self/stat': { quota: 1_000_000, rpm: 4, tpm: 12345 },
    });
    expect(await screen.findByText('fast-model')).toBeTruthy();
    expect(query(api.find('GET', '/api/log/self')[0])).toEqual({
      p: '1', page_size: '10', start_timestamp: String(START), end_timestamp: String(END),
    });
    expect(query(api.find('GET', '/api/log/self/stat')[0])).toEqual({ start_timestamp: String(START), end_timestamp: String(END) });
    expect(api.find('GET', '/api/log/')).toHaveLength(0);
    const stat = screen.getByTestId('log-stat');
    await waitFor(() => expect(stat.textContent).toContain('Quota used: $2.00'));
    expect(stat.textContent).toContain('RPM: 4');
    expect(stat.textContent).toContain('TPM: 12,345');
    // use-time colours: under 101 s green, under 300 s orange, else red
    expect(within(row('fast-model')).getByText('12 s').closest('.arco-tag')!.className).toMatch(/green/);
    expect(within(row('mid-model')).getByText('150 s').closest('.arco-tag')!.className).toMatch(/orange/);
    expect(within(row('slow-model')).getByText('301 s').closest('.arco-tag')!.className).toMatch(/red/);
    expect(within(row('fast-model')).getByText('Consumption').closest('.arco-tag')!.className).toMatch(/green/);
    expect(within(row('fast-model')).getByText('Stream')).toBeTruthy();
    expect(within(row('mid-model')).getByText('Non-stream')).toBeTruthy();
    expect(within(row('fast-model')).getByText('$0.50')).toBeTruthy();
    expect(within(row('fast-model')).getByText('203.0.113.7')).toBeTruthy();
    expect(within(row('fast-model')).getByText('120')).toBeTruthy();
    expect(within(row('fast-model')).getByText('480')).toBeTruthy();
    // a top-up line has no request columns
    expect(within(row('Redeemed $10')).getByText('Top-up')).toBeTruthy();
    expect(within(row('Redeemed $10')).queryByTestId('log-use-time')).toBeNull();
    // no channel or user column, no admin filters; no error type for users
    expect(screen.queryByText('Channel')).toBeNull();
    expect(screen.queryByPlaceholderText('Username')).toBeNull();
    expect(screen.queryByPlaceholderText('Channel ID')).toBeNull();
  });

  it('shows quota as compacted points when the site does not display currency (spec 1 §9)', async () => {
    signIn();
    renderConsole('/log', {
      'GET /api/status': publicStatus({ display_in_currency: false }),
      'GET /api/log/self': page([log()]),
      'GET /api/log/self/stat': { quota: 1_000_000, rpm: 0, tpm: 0 },
    });
    await screen.findByText('gpt-4o');
    await waitFor(() => expect(screen.getByTestId('log-stat').textContent).toContain('Quota used: 1M'));
    expect(within(row('gpt-4o')).getByText('250k')).toBeTruthy();
  });

  it('filters for an admin through /api/log/ with the admin filters, the channel column and retries', async () => {
    signIn(100);
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const other = JSON.stringify({ model_ratio: 2.5, group_ratio: 1, completion_ratio: 4, frt: 850, admin_info: { use_channel: [3, 5] } });
    const { api } = renderConsole('/log', {
      'GET /api/log/': (r: RecordedRequest) =>
        ok(page(query(r).model_name ? [log({ channel: 5, channel_name: 'backup', username: 'bob', other })] : [log({ model_name: 'first' })], 42)),
      'GET /api/log/stat': { quota: 500_000, rpm: 1, tpm: 600 },
    });
    await screen.findByText('first');
    expect(screen.getByText('42 in total')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Model name (% is a wildcard)'), { target: { value: ' gpt-4o ' } });
    fireEvent.change(screen.getByPlaceholderText('Token name'), { target: { value: 'work' } });
    fireEvent.change(screen.getByPlaceholderText('Username'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByPlaceholderText('Group'), { target: { value: 'vip' } });
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    expect(await screen.findByText('backup')).toBeTruthy();
    const sent = query(api.find('GET', '/api/log/').at(-1)!);
    expect(sent).toEqual({
      p: '1', page_size: '10', username: 'bob', token_name: 'work', model_name: 'gpt-4o',
      start_timestamp: String(START), end_timestamp: String(END), group: 'vip',
    });
    await waitFor(() => expect(api.find('GET', '/api/log/stat')).toHaveLength(2));
    expect(query(api.find('GET', '/api/log/stat')[1])).toEqual({
      username: 'bob', token_name: 'work', model_name: 'gpt-4o', start_timestamp: String(START), end_timestamp: String(END), group: 'vip',
    });
    expect(screen.getByText('Channel')).toBeTruthy();
    expect(within(row('backup')).getByText('bob')).toBeTruthy();
    // the details row: ratios, first response and the channels tried
    fireEvent.click(within(row('backup')).getByRole('button', { name: 'Show details' }));
    expect((await screen.findByTestId('log-detail-retried')).textContent).toBe('3 → 5');
    expect(screen.getByTestId('log-detail-modelRatio').textContent).toBe('2.5');
    expect(screen.getByTestId('log-detail-frt').textContent).toBe('850 ms');
    expect(screen.getByText('Completion ratio')).toBeTruthy();
    expect(within(row('backup')).getByRole('button', { name: 'Hide details' })).toBeTruthy();
  });

  it('pages 1-based with the remembered size and resets the filters', async () => {
    signIn(100);
    localStorage.setItem('page-size', '20');
    const { api } = renderConsole('/log', {
      'GET /api/log/': (r: RecordedRequest) => ok({ ...page([log({ model_name: `m-page-${query(r).p}` })], 45), page_size: 20 }),
      'GET /api/log/stat': { quota: 0, rpm: 0, tpm: 0 },
    });
    await screen.findByText('m-page-1');
    expect(query(api.find('GET', '/api/log/')[0]).page_size).toBe('20');
    fireEvent.click(screen.getByText('3'));
    expect(await screen.findByText('m-page-3')).toBeTruthy();
    expect(query(api.find('GET', '/api/log/').at(-1)!)).toMatchObject({ p: '3', page_size: '20' });
    fireEvent.change(screen.getByPlaceholderText('Username'), { target: { value: 'zed' } });
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    expect(await screen.findByText('m-page-1')).toBeTruthy();
    expect((screen.getByPlaceholderText('Username') as HTMLInputElement).value).toBe('');
    expect(query(api.find('GET', '/api/log/').at(-1)!).username).toBeUndefined();
  });

  it('shows the empty state, and a failing server through the client', async () => {
    signIn();
    renderConsole('/log', {
      'GET /api/log/self': () => failure('database is down'),
      'GET /api/log/self/stat': () => failure('database is down'),
    });
    expect(await screen.findByText('database is down')).toBeTruthy();
    expect(screen.getByText('No logs yet')).toBeTruthy();
    expect(screen.getByTestId('log-stat').textContent).toContain('RPM: -');
  });

  it("reads an agent's own logs through /api/log/agent, and its sub-users' with the switch and user filters", async () => {
    signIn(10);
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const { api } = renderConsole('/log', {
      'GET /api/log/agent': (r: RecordedRequest) =>
        ok(
          query(r).all_users === 'true'
            ? page([log({ username: 'bob', user_id: 12, model_name: 'sub-model' })])
            : page([log({ type: 5, username: 'agent', user_id: 4, model_name: '', quota: 15_000_000, content: 'share of order T1' })]),
        ),
      'GET /api/log/agent/stat': { quota: 0, rpm: 0, tpm: 0 },
    });
    expect(await screen.findByText('share of order T1')).toBeTruthy();
    expect(within(row('share of order T1')).getByText('Agent share')).toBeTruthy();
    // the share is money earned in the site's currency (quota / quota_per_unit), not a dollar cost
    expect(within(row('share of order T1')).getByText('¥30.00')).toBeTruthy();
    expect(query(api.find('GET', '/api/log/agent')[0])).toEqual({
      p: '1', page_size: '10', start_timestamp: String(START), end_timestamp: String(END),
    });
    expect(api.find('GET', '/api/log/self')).toHaveLength(0);
    expect(api.find('GET', '/api/log/')).toHaveLength(0);
    // own logs: no user column, no user filters until the switch; never a channel
    expect(screen.queryByText('User')).toBeNull();
    expect(screen.queryByPlaceholderText('Username')).toBeNull();
    expect(screen.queryByPlaceholderText('User ID')).toBeNull();
    expect(screen.queryByPlaceholderText('Channel ID')).toBeNull();
    expect(screen.queryByText('Channel')).toBeNull();
    expect(typeLabels()).toEqual(['All', 'Top-up', 'Consumption', 'Admin', 'System', 'Agent share']);

    fireEvent.click(screen.getByText("Sub-users' logs"));
    fireEvent.change(screen.getByPlaceholderText('Username'), { target: { value: ' bob ' } });
    fireEvent.change(screen.getByPlaceholderText('User ID'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    expect(await screen.findByText('sub-model')).toBeTruthy();
    const sent = query(api.find('GET', '/api/log/agent').at(-1)!);
    expect(sent).toEqual({
      p: '1', page_size: '10', username: 'bob', user_id: '12', start_timestamp: String(START), end_timestamp: String(END), all_users: 'true',
    });
    await waitFor(() => expect(api.find('GET', '/api/log/agent/stat')).toHaveLength(2));
    expect(query(api.find('GET', '/api/log/agent/stat')[1])).toMatchObject({ all_users: 'true', username: 'bob', user_id: '12' });
    expect(screen.getByText('User')).toBeTruthy();
    expect(within(row('sub-model')).getByText('bob')).toBeTruthy();
    expect(screen.queryByText('Channel')).toBeNull();

    // switching back drops the user filters from the query, though the fields keep what was typed
    fireEvent.click(screen.getByText("Sub-users' logs"));
    expect(screen.queryByPlaceholderText('Username')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    expect(await screen.findByText('share of order T1')).toBeTruthy();
    expect(query(api.find('GET', '/api/log/agent').at(-1)!)).toEqual({
      p: '1', page_size: '10', start_timestamp: String(START), end_timestamp: String(END),
    });
  });

  it('offers agent-share lines to admins as well, error lines to admins only', async () => {
    signIn(100);
    renderConsole('/log', { 'GET /api/log/': page([log()]), 'GET /api/log/stat': { quota: 0, rpm: 0, tpm: 0 } });
    await screen.findByText('gpt-4o');
    expect(screen.queryByText("Sub-users' logs")).toBeNull();
    expect(typeLabels()).toEqual(['All', 'Top-up', 'Consumption', 'Admin', 'System', 'Agent share', 'Error']);
  });
});
