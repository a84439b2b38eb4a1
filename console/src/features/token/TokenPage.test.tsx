import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import type { TokenView } from '@contract/token';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus } from '../../test/fixtures';
import { failure, ok, type RecordedRequest } from '../../test/mock-api';

const signIn = () => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser()));

const token = (o: Partial<TokenView> = {}): TokenView => ({
  id: 5, user_id: 7, name: 'work', key: `sk-${'a'.repeat(48)}`, status: 1, created_time: 1_900_000_000, accessed_time: 0,
  expired_time: -1, remain_quota: 2_500_000, used_quota: 500_000, unlimited_quota: false, model_limits_enabled: false,
  model_limits: '', allow_ips: '', group: '', mj_proxy: '', mj_model: '', mj_proxy_url: '', ...o,
});

const rows = [
  token(),
  token({ id: 4, name: 'off', status: 2, key: `sk-${'b'.repeat(48)}` }),
  token({ id: 3, name: 'old', status: 3, key: `sk-${'c'.repeat(48)}`, expired_time: 1_800_000_000 }),
  token({ id: 2, name: 'empty', status: 4, key: `sk-${'d'.repeat(48)}`, remain_quota: 0 }),
  token({ id: 1, name: 'free', unlimited_quota: true, key: `sk-${'e'.repeat(48)}` }),
];

const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://localhost').searchParams);
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const findDrawer = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('.arco-drawer');
    if (!el) throw new Error('no drawer yet');
    return el;
  });

describe('token page', () => {
  it('lists own tokens with status tags and dollar quotas, 0-based page and remembered page size', async () => {
    signIn();
    localStorage.setItem('page-size', '20');
    const { api } = renderConsole('/token', { 'GET /api/token/': rows });
    expect(await screen.findByText('work')).toBeTruthy();
    expect(query(api.find('GET', '/api/token/')[0])).toEqual({ p: '0', size: '20' });
    expect(api.find('GET', '/api/token/')[0].headers['New-Api-User']).toBe('7');
    expect(within(row('work')).getByText('Enabled')).toBeTruthy();
    expect(within(row('off')).getByText('Disabled')).toBeTruthy();
    expect(within(row('old')).getByText('Expired')).toBeTruthy();
    expect(within(row('empty')).getByText('Exhausted')).toBeTruthy();
    expect(within(row('free')).getByText('Unlimited')).toBeTruthy();
    expect(within(row('work')).getByText('$5.00')).toBeTruthy(); // 2 500 000 / 500 000
    expect(within(row('work')).getByText('$1.00')).toBeTruthy();
    expect(within(row('work')).getByText('Never expires')).toBeTruthy();
    // enabled rows offer Disable, others Enable
    expect(within(row('work')).getByRole('button', { name: /Disable/ })).toBeTruthy();
    expect(within(row('off')).getByRole('button', { name: /Enable/ })).toBeTruthy();
  });

  it('asks for the next page when the current one is full', async () => {
    signIn();
    const ten = Array.from({ length: 10 }, (_, i) => token({ id: 100 - i, name: `t${i}` }));
    const { api } = renderConsole('/token', { 'GET /api/token/': (r: RecordedRequest) => ok(query(r).p === '0' ? ten : [token({ id: 1, name: 'last' })]) });
    await screen.findByText('t0');
    fireEvent.click(screen.getByText('2'));
    expect(await screen.findByText('last')).toBeTruthy();
    expect(query(api.find('GET', '/api/token/')[1])).toEqual({ p: '1', size: '10' });
  });

  it('searches by name and key', async () => {
    signIn();
    const { api } = renderConsole('/token', { 'GET /api/token/': rows, 'GET /api/token/search': [token({ name: 'found' })] });
    await screen.findByText('work');
    fireEvent.change(screen.getByPlaceholderText('Search by name'), { target: { value: 'fo' } });
    fireEvent.change(screen.getByPlaceholderText('Search by key'), { target: { value: 'sk-aaa' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('found')).toBeTruthy();
    expect(query(api.find('GET', '/api/token/search')[0])).toEqual({ keyword: 'fo', token: 'sk-aaa', p: '0', size: '10' });
  });

  it('adds a token through the drawer with dollar and expiry presets', async () => {
    signIn();
    vi.spyOn(Date, 'now').mockReturnValue(1_900_000_000_000);
    const { api } = renderConsole('/token', {
      'GET /api/token/': [],
      'GET /api/user/models': ['gpt-4o'],
      'GET /api/user/self/groups': { default: {}, vip: {} },
      'POST /api/token/': (r: RecordedRequest) => ok([token({ name: (r.body as { name: string }).name })]),
    });
    await screen.findByText('No tokens yet');
    fireEvent.click(screen.getByRole('button', { name: /Add token/ }));
    const drawer = await findDrawer();
    // nothing typed: the form says what is missing and sends nothing
    fireEvent.click(within(drawer).getByTestId('token-submit'));
    expect(await screen.findByText('Please enter a token name')).toBeTruthy();
    expect(api.find('POST', '/api/token/')).toHaveLength(0);

    fireEvent.change(within(drawer).getByPlaceholderText('Enter a name'), { target: { value: 'ci bot' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '$10' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '1 day' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '20' }));
    fireEvent.change(within(drawer).getByPlaceholderText(/203\.0\.113\.7/), { target: { value: '1.2.3.4' } });
    fireEvent.click(within(drawer).getByTestId('token-submit'));
    await waitFor(() => expect(api.find('POST', '/api/token/')).toHaveLength(1));
    expect(api.find('POST', '/api/token/')[0].body).toMatchObject({
      name: 'ci bot', remain_quota: 5_000_000, expired_time: 1_900_000_000 + 86400, count: 20, allow_ips: '1.2.3.4',
      unlimited_quota: false, model_limits_enabled: false, group: '',
    });
    expect(await screen.findByText('1 token(s) created')).toBeTruthy();
    await waitFor(() => expect(api.find('GET', '/api/token/').length).toBeGreaterThan(1)); // reloaded
  });

  it('edits a token: the drawer starts from its values and PUTs only the form fields', async () => {
    signIn();
    const { api } = renderConsole('/token', {
      'GET /api/token/': [token({ model_limits_enabled: true, model_limits: 'gpt-4o', group: 'vip' })],
      'PUT /api/token/': (r: RecordedRequest) => ok(token(r.body as Partial<TokenView>)),
    });
    await screen.findByText('work');
    fireEvent.click(within(row('work')).getByRole('button', { name: /Edit/ }));
    const drawer = await findDrawer();
    const name = within(drawer).getByPlaceholderText('Enter a name') as HTMLInputElement;
    expect(name.value).toBe('work');
    expect(within(drawer).queryByText('Number of tokens')).toBeNull();
    fireEvent.change(name, { target: { value: 'renamed' } });
    fireEvent.click(within(drawer).getByTestId('token-submit'));
    await waitFor(() => expect(api.find('PUT', '/api/token/')).toHaveLength(1));
    const body = api.find('PUT', '/api/token/')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 5, name: 'renamed', model_limits_enabled: true, model_limits: 'gpt-4o', group: 'vip', remain_quota: 2_500_000 });
    expect(body).not.toHaveProperty('key');
    expect(await screen.findByText('Token updated')).toBeTruthy();
  });

  it('disables and enables with status_only, showing the server refusal', async () => {
    signIn();
    const { api } = renderConsole('/token', {
      'GET /api/token/': rows,
      'PUT /api/token/': (r: RecordedRequest) =>
        (r.body as { id: number }).id === 3 ? failure('The token has expired and cannot be enabled') : ok(token()),
    });
    await screen.findByText('work');
    fireEvent.click(within(row('work')).getByRole('button', { name: /Disable/ }));
    await waitFor(() => expect(api.find('PUT', '/api/token/')).toHaveLength(1));
    expect(api.find('PUT', '/api/token/')[0].url).toContain('status_only=true');
    expect(api.find('PUT', '/api/token/')[0].body).toEqual({ id: 5, status: 2 });
    expect(await screen.findByText('Token disabled')).toBeTruthy();
    fireEvent.click(within(row('old')).getByRole('button', { name: /Enable/ }));
    expect(await screen.findByText('The token has expired and cannot be enabled')).toBeTruthy();
    expect(api.find('PUT', '/api/token/')[1].body).toEqual({ id: 3, status: 1 });
  });

  it('deletes after confirmation', async () => {
    signIn();
    const { api } = renderConsole('/token', { 'GET /api/token/': rows, 'DELETE /api/token/5/': null });
    await screen.findByText('work');
    fireEvent.click(within(row('work')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete the token "work"? This cannot be undone.')).toBeTruthy();
    expect(api.find('DELETE', '/api/token/5/')).toHaveLength(0);
    const ok = screen.getAllByRole('button', { name: /OK/ }).at(-1)!;
    fireEvent.click(ok);
    await waitFor(() => expect(api.find('DELETE', '/api/token/5/')).toHaveLength(1));
    expect(await screen.findByText('Token deleted')).toBeTruthy();
  });

  it('copies a key with sk-, and falls back to a dialog when the clipboard refuses', async () => {
    signIn();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderConsole('/token', { 'GET /api/token/': rows });
    await screen.findByText('work');
    fireEvent.click(within(row('work')).getByRole('button', { name: /Copy/ }));
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`sk-${'a'.repeat(48)}`);

    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(within(row('off')).getByRole('button', { name: /Copy/ }));
    expect(await screen.findByText('Unable to copy to clipboard, please copy manually')).toBeTruthy();
    expect((screen.getByTestId('token-copy-fallback') as HTMLTextAreaElement).value).toBe(`sk-${'b'.repeat(48)}`);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('batch copy needs a selection, then copies name and key per line', async () => {
    signIn();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderConsole('/token', { 'GET /api/token/': rows });
    await screen.findByText('work');
    fireEvent.click(screen.getByRole('button', { name: /Copy selected/ }));
    expect(await screen.findByText('Please select at least one token')).toBeTruthy();
    fireEvent.click(within(row('work')).getByRole('checkbox'));
    fireEvent.click(within(row('free')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /Copy selected/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText).toHaveBeenCalledWith(`work    sk-${'a'.repeat(48)}\nfree    sk-${'e'.repeat(48)}`);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('opens the chat link with the key and address filled in, or says none is set', async () => {
    signIn();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderConsole('/token', { 'GET /api/token/': rows });
    await screen.findByText('work');
    fireEvent.click(within(row('work')).getByRole('button', { name: /Chat/ }));
    expect(await screen.findByText('The admin has not set a chat link')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('fills {key} and {address} of the chat link', async () => {
    signIn();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderConsole('/token', {
      'GET /api/status': publicStatus({ chat_link: 'https://chat.example.com/?key={key}&api={address}', server_address: 'https://gw.example.com' }),
      'GET /api/token/': rows,
    });
    await screen.findByText('work');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.status)).toContain('chat.example.com'));
    fireEvent.click(within(row('work')).getByRole('button', { name: /Chat/ }));
    expect(open).toHaveBeenCalledWith(`https://chat.example.com/?key=sk-${'a'.repeat(48)}&api=https%3A%2F%2Fgw.example.com`, '_blank', 'noopener');
  });
});
