import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import type { RedemptionView } from '@contract/redemption';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus } from '../../test/fixtures';
import { failure, ok, type RecordedRequest } from '../../test/mock-api';

const signIn = (role = 100) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));

const code = (o: Partial<RedemptionView> = {}): RedemptionView => ({
  id: 5, user_id: 1, key: 'a'.repeat(32), status: 1, name: 'spring', quota: 1_000_000, created_time: 1_900_000_000,
  redeemed_time: 0, used_user_id: 0, ...o,
});

const rows = [
  code(),
  code({ id: 4, name: 'paused', status: 2, key: 'b'.repeat(32) }),
  code({ id: 3, name: 'spent', status: 3, key: 'c'.repeat(32), used_user_id: 42, redeemed_time: 1_900_000_100 }),
];
const page = (items: RedemptionView[], total = items.length) => ({ items, total, page: 1, page_size: 10 });

const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://localhost').searchParams);
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const findDrawer = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('.arco-drawer');
    if (!el) throw new Error('no drawer yet');
    return el;
  });

describe('redemption page', () => {
  it('is for administrators only', async () => {
    signIn(1);
    const { api } = renderConsole('/redemption', { 'GET /api/redemption/': page(rows) });
    expect(await screen.findByText('Only administrators manage redemption codes')).toBeTruthy();
    expect(api.find('GET', '/api/redemption/')).toHaveLength(0);
  });

  it('lists codes with status labels, dollar quotas, 1-based paging and the total', async () => {
    signIn();
    localStorage.setItem('page-size', '20');
    const { api } = renderConsole('/redemption', { 'GET /api/redemption/': page(rows, 43) });
    expect(await screen.findByText('spring')).toBeTruthy();
    expect(query(api.find('GET', '/api/redemption/')[0])).toEqual({ p: '1', page_size: '20' });
    expect(within(row('spring')).getByText('Unused')).toBeTruthy();
    expect(within(row('paused')).getByText('Disabled')).toBeTruthy();
    expect(within(row('spent')).getByText('Used')).toBeTruthy();
    expect(within(row('spring')).getByText('$2.00')).toBeTruthy(); // 1 000 000 / 500 000
    expect(within(row('spent')).getByText('42')).toBeTruthy();
    expect(screen.getByText('43 codes in total')).toBeTruthy();
    // a used code can be neither toggled nor edited; a disabled one can be enabled but not edited
    const spent = within(row('spent'));
    expect((spent.getByRole('button', { name: /Enable/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((spent.getByRole('button', { name: /Edit/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row('paused')).getByRole('button', { name: /Enable/ }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(row('paused')).getByRole('button', { name: /Edit/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row('spring')).getByRole('button', { name: /Edit/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('searches by keyword from page 1', async () => {
    signIn();
    const { api } = renderConsole('/redemption', {
      'GET /api/redemption/': page(rows),
      'GET /api/redemption/search': page([code({ name: 'found' })]),
    });
    await screen.findByText('spring');
    fireEvent.change(screen.getByPlaceholderText('ID or name'), { target: { value: ' spr ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('found')).toBeTruthy();
    expect(query(api.find('GET', '/api/redemption/search')[0])).toEqual({ keyword: 'spr', p: '1', page_size: '10' });
  });

  it('adds codes in dollars, then lists them with copy all and a .txt download named after the codes', async () => {
    signIn();
    const keys = ['1'.repeat(32), '2'.repeat(32)];
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { api } = renderConsole('/redemption', { 'GET /api/redemption/': page([]), 'POST /api/redemption/': keys });
    await screen.findByText('No redemption codes');
    fireEvent.click(screen.getByRole('button', { name: /Add redemption codes/ }));
    const drawer = await findDrawer();
    expect((within(drawer).getByLabelText('Quota (US dollars)') as HTMLInputElement).value).toBe('0.2'); // 100000 by default

    fireEvent.click(within(drawer).getByTestId('redemption-submit'));
    expect(await screen.findByText('The name must be 1 to 20 characters long')).toBeTruthy();
    expect(api.find('POST', '/api/redemption/')).toHaveLength(0);

    fireEvent.change(within(drawer).getByPlaceholderText(/Enter a name/), { target: { value: 'Spring: VIP' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '$10' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '20' }));
    fireEvent.click(within(drawer).getByTestId('redemption-submit'));
    await waitFor(() => expect(api.find('POST', '/api/redemption/')).toHaveLength(1));
    expect(api.find('POST', '/api/redemption/')[0].body).toEqual({ name: 'Spring: VIP', quota: 5_000_000, count: 20 });

    expect(await screen.findByText('2 redemption code(s) created')).toBeTruthy(); // the toast
    expect(await screen.findByText('New redemption codes (2)')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('redemption-created-keys') as HTMLTextAreaElement).value).toBe(keys.join('\n')));
    fireEvent.click(screen.getByRole('button', { name: /Copy all/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(keys.join('\n')));
    fireEvent.click(screen.getByRole('button', { name: /Download \.txt/ }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('Spring_ VIP.txt');
    expect(await blobs[0].text()).toBe(keys.join('\n'));
    await waitFor(() => expect(api.find('GET', '/api/redemption/').length).toBeGreaterThan(1)); // reloaded
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('takes quota points when the site does not show currency', async () => {
    signIn();
    const { api } = renderConsole('/redemption', {
      'GET /api/status': publicStatus({ display_in_currency: false }),
      'GET /api/redemption/': page([]),
      'POST /api/redemption/': ['3'.repeat(32)],
    });
    await screen.findByText('No redemption codes');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.status)).toContain('"display_in_currency":false'));
    fireEvent.click(screen.getByRole('button', { name: /Add redemption codes/ }));
    const drawer = await findDrawer();
    const quota = within(drawer).getByLabelText('Quota') as HTMLInputElement;
    expect(quota.value).toBe('100000');
    fireEvent.change(within(drawer).getByPlaceholderText(/Enter a name/), { target: { value: 'points' } });
    fireEvent.click(within(drawer).getByTestId('redemption-submit'));
    await waitFor(() => expect(api.find('POST', '/api/redemption/')).toHaveLength(1));
    expect(api.find('POST', '/api/redemption/')[0].body).toEqual({ name: 'points', quota: 100000, count: 1 });
  });

  it('edits name and quota of an unused code', async () => {
    signIn();
    const { api } = renderConsole('/redemption', {
      'GET /api/redemption/': page(rows),
      'PUT /api/redemption/': (r: RecordedRequest) => ok(code(r.body as Partial<RedemptionView>)),
    });
    await screen.findByText('spring');
    fireEvent.click(within(row('spring')).getByRole('button', { name: /Edit/ }));
    const drawer = await findDrawer();
    const name = within(drawer).getByPlaceholderText(/Enter a name/) as HTMLInputElement;
    expect(name.value).toBe('spring');
    expect((within(drawer).getByLabelText('Quota (US dollars)') as HTMLInputElement).value).toBe('2');
    expect(within(drawer).queryByText('Number of codes')).toBeNull();
    fireEvent.change(name, { target: { value: 'summer' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '$1' }));
    fireEvent.click(within(drawer).getByTestId('redemption-submit'));
    await waitFor(() => expect(api.find('PUT', '/api/redemption/')).toHaveLength(1));
    expect(api.find('PUT', '/api/redemption/')[0].body).toEqual({ id: 5, name: 'summer', quota: 500_000 });
    expect(await screen.findByText('Redemption code updated')).toBeTruthy();
  });

  it('disables and enables with status_only, showing the server refusal', async () => {
    signIn();
    const { api } = renderConsole('/redemption', {
      'GET /api/redemption/': page(rows),
      'PUT /api/redemption/': (r: RecordedRequest) =>
        (r.body as { id: number }).id === 4 ? failure('This redemption code has been used; it cannot be enabled or disabled') : ok(code({ status: 2 })),
    });
    await screen.findByText('spring');
    fireEvent.click(within(row('spring')).getByRole('button', { name: /Disable/ }));
    await waitFor(() => expect(api.find('PUT', '/api/redemption/')).toHaveLength(1));
    expect(api.find('PUT', '/api/redemption/')[0].url).toContain('status_only=true');
    expect(api.find('PUT', '/api/redemption/')[0].body).toEqual({ id: 5, status: 2 });
    expect(await screen.findByText('Redemption code disabled')).toBeTruthy();
    await waitFor(() => expect(within(row('spring')).getByText('Disabled')).toBeTruthy());

    fireEvent.click(within(row('paused')).getByRole('button', { name: /Enable/ }));
    expect(await screen.findByText('This redemption code has been used; it cannot be enabled or disabled')).toBeTruthy();
    expect(api.find('PUT', '/api/redemption/')[1].body).toEqual({ id: 4, status: 1 });
  });

  it('deletes after confirmation', async () => {
    signIn();
    const { api } = renderConsole('/redemption', { 'GET /api/redemption/': page(rows), 'DELETE /api/redemption/5/': null });
    await screen.findByText('spring');
    fireEvent.click(within(row('spring')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete the redemption code "spring"? This cannot be undone.')).toBeTruthy();
    expect(api.find('DELETE', '/api/redemption/5/')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /OK/ }).at(-1)!);
    await waitFor(() => expect(api.find('DELETE', '/api/redemption/5/')).toHaveLength(1));
    expect(await screen.findByText('Redemption code deleted')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    signIn();
    renderConsole('/redemption', { 'GET /api/redemption/': page(rows) }, { locale: 'zh-CN' });
    expect(await screen.findByText('spring')).toBeTruthy();
    expect(within(row('spring')).getByText('未使用')).toBeTruthy();
    expect(within(row('paused')).getByText('已禁用')).toBeTruthy();
    expect(within(row('spent')).getByText('已使用')).toBeTruthy();
    expect(screen.getByRole('button', { name: /添加兑换码/ })).toBeTruthy();
  });
});
