import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import type { TopUpOrderView } from '@contract/topup';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus, selfUser } from '../../test/fixtures';
import { failure, ok, type RecordedRequest } from '../../test/mock-api';
import { RETURN_POLL } from './TopUpReturn';

const signIn = () => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser()));
const quoteOf = (r: RecordedRequest) => {
  const { amount } = r.body as { amount: number };
  return ok((amount * 7.3).toFixed(2));
};
const order = (o: Partial<TopUpOrderView> = {}): TopUpOrderView => ({
  trade_no: 'USR7NOabcdef1900000000', status: 'success', pay_type: 'alipay', amount: 10, money: '73.00', create_time: 1, complete_time: 2, ...o,
});
const payment = {
  url: 'https://pay.example.com/submit.php',
  params: {
    pid: '1001', type: 'wxpay', out_trade_no: 'USR7NOabcdef1900000000', notify_url: 'https://gw/api/user/epay/notify',
    return_url: 'https://gw/topup?result=return&trade_no=USR7NOabcdef1900000000', name: 'TUC25', money: '182.50', device: 'pc', sign_type: 'MD5', sign: 'f'.repeat(32),
  },
};
const routes = (o: Record<string, unknown> = {}) => ({
  'GET /api/user/self': selfUser({ quota: 1_250_000 }),
  'POST /api/user/amount': quoteOf,
  ...o,
});

describe('wallet page (/topup)', () => {
  const poll = { ...RETURN_POLL };
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(RETURN_POLL, poll);
  });

  it('shows the balance in dollars, the presets, the redeem box and the quoted money; Pay is replaced while online top-up is off', async () => {
    signIn();
    const { api } = renderConsole('/topup', routes());
    expect(await screen.findByText('$2.50')).toBeTruthy(); // 1 250 000 / 500 000
    expect(screen.getByTestId('redeem-card')).toBeTruthy();
    for (const p of [1, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 9999]) expect(screen.getByRole('button', { name: `$${p}` })).toBeTruthy();
    expect(await screen.findByText('7.30')).toBeTruthy(); // $1 preselected
    fireEvent.click(screen.getByRole('button', { name: '$10' }));
    expect(await screen.findByText('73.00')).toBeTruthy();
    const quotes = api.find('POST', '/api/user/amount');
    expect(quotes.at(-1)!.body).toEqual({ amount: 10, top_up_code: '' });
    expect(screen.getByText('The admin has not enabled online top-up')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.getByTestId('buy-codes-unset')).toBeTruthy(); // no top-up link: the button says so when clicked
  });

  it('debounces the quote while a custom amount is typed', async () => {
    signIn();
    const { api } = renderConsole('/topup', routes({ 'GET /api/status': publicStatus({ enable_online_topup: true }) }));
    await screen.findByText('7.30');
    const before = api.find('POST', '/api/user/amount').length;
    const input = screen.getByLabelText('Custom amount');
    for (const v of ['2', '25', '250']) fireEvent.change(input, { target: { value: v } });
    expect(await screen.findByText('1825.00')).toBeTruthy();
    const after = api.find('POST', '/api/user/amount').slice(before);
    expect(after.map((r) => (r.body as { amount: number }).amount)).toEqual([250]);
  });

  it('pays: POST /api/user/pay, then submits the signed hidden form to the payment page', async () => {
    signIn();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { api } = renderConsole('/topup', routes({ 'GET /api/status': publicStatus({ enable_online_topup: true }), 'POST /api/user/pay': payment }));
    await screen.findByText('7.30');
    fireEvent.change(screen.getByLabelText('Custom amount'), { target: { value: '25' } });
    fireEvent.click(screen.getByText('WeChat Pay'));
    expect(await screen.findByText('182.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(api.find('POST', '/api/user/pay')[0].body).toEqual({ amount: 25, payment_method: 'wx', top_up_code: '' });
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.getAttribute('action')).toBe(payment.url);
    expect(form.method.toUpperCase()).toBe('POST');
    const fields = Object.fromEntries([...form.querySelectorAll('input')].map((i) => [i.name, i.value]));
    expect(fields).toEqual(payment.params);
  });

  it('shows the server\'s reason beside the amount and keeps Pay disabled', async () => {
    signIn();
    renderConsole('/topup', routes({
      'GET /api/status': publicStatus({ enable_online_topup: true, min_topup: 5 }),
      'POST /api/user/amount': () => failure('The top-up amount cannot be below the minimum of 5'),
    }));
    // presets below the minimum are disabled; the first allowed one is chosen
    await waitFor(() => expect(screen.getByRole('button', { name: '$1' }).hasAttribute('disabled')).toBe(true));
    expect(await screen.findByText('The top-up amount cannot be below the minimum of 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers the top-up link as an external button when the site has one', async () => {
    signIn();
    renderConsole('/topup', routes({ 'GET /api/status': publicStatus({ top_up_link: 'https://shop.example.com/codes' }) }));
    const link = await waitFor(() => {
      const a = screen.getByText('Buy redemption codes').closest('a');
      if (!a) throw new Error('not a link yet');
      return a;
    });
    expect(link.getAttribute('href')).toBe('https://shop.example.com/codes');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("says the super admin has not set a top-up link when there is none (spec 3 §8)", async () => {
    signIn();
    renderConsole('/topup', routes({ 'GET /api/status': publicStatus({ top_up_link: '' }) }));
    fireEvent.click(await screen.findByTestId('buy-codes-unset'));
    expect(await screen.findByText('The super admin has not set a top-up link')).toBeTruthy();
  });

  it('on return from the provider, polls the order until it is paid and reloads the balance', async () => {
    signIn();
    RETURN_POLL.intervalMs = 50;
    let calls = 0;
    const { api } = renderConsole('/topup?result=return&trade_no=USR7NOabcdef1900000000', routes({
      'GET /api/user/topup/order': () => ok(order({ status: ++calls < 3 ? 'pending' : 'success' })),
    }));
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(screen.getByText('$10.00 has been added to your balance.')).toBeTruthy();
    expect(new URL(api.find('GET', '/api/user/topup/order')[0].url, 'http://x').searchParams.get('trade_no')).toBe('USR7NOabcdef1900000000');
    expect(calls).toBe(3);
    await waitFor(() => expect(api.find('GET', '/api/user/self').length).toBeGreaterThanOrEqual(2));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the wallet' }));
    await waitFor(() => expect(screen.queryByText('Payment received')).toBeNull());
    expect(window.location.search).toBe('');
  });

  it('gives up after a few tries on a pending order, and tells expired and unknown orders apart', async () => {
    signIn();
    RETURN_POLL.intervalMs = 10;
    const pending = renderConsole('/topup?result=return&trade_no=T1', routes({ 'GET /api/user/topup/order': order({ status: 'pending' }) }));
    expect(await screen.findByText('Payment not confirmed yet')).toBeTruthy();
    expect(pending.api.find('GET', '/api/user/topup/order')).toHaveLength(RETURN_POLL.tries);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    pending.unmount();
    const expired = renderConsole('/topup?result=return&trade_no=T2', routes({ 'GET /api/user/topup/order': order({ status: 'expired' }) }));
    expect(await screen.findByText('Order expired')).toBeTruthy();
    expired.unmount();
    renderConsole('/topup?result=return&trade_no=T3', routes({ 'GET /api/user/topup/order': () => failure('Order not found') }));
    expect(await screen.findByText('Order not found')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    signIn();
    renderConsole('/topup', routes(), { locale: 'zh-CN' });
    expect(await screen.findByText('管理员未开启在线充值')).toBeTruthy();
    expect(screen.getByText('支付宝')).toBeTruthy();
    expect(screen.getByText('在线充值')).toBeTruthy();
  });
});
