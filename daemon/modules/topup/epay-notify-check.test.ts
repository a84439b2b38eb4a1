import { describe, expect, it } from 'vitest';
import { checkNotify, plainFields } from './epay-notify-check.js';
import { signEpay } from './epay-sign.js';

const merchant = { enabled: true, pid: '1001', key: 'merchant-key' };
const paid = (o: Record<string, string> = {}, key = merchant.key) =>
  signEpay({ pid: '1001', trade_no: 'P1', out_trade_no: 'USR1NOabcdef1700000000', type: 'alipay', name: 'TUC10', money: '73.00', trade_status: 'TRADE_SUCCESS', ...o }, key);

describe('epay callback checks', () => {
  it('accepts a signed payment and parses the money exactly', () => {
    expect(checkNotify(paid(), merchant)).toEqual({ ok: true, tradeNo: 'USR1NOabcdef1700000000', paidMicros: 73_000_000n });
  });

  it('checks the signature before anything else', () => {
    const r = checkNotify({ ...paid(), sign: paid({}, 'forged').sign }, merchant);
    expect(r).toMatchObject({ ok: false, reason: 'bad signature', acknowledge: false });
    expect(checkNotify({ ...paid(), money: '730.00' }, merchant)).toMatchObject({ ok: false, reason: 'bad signature' });
    expect(checkNotify({ ...paid(), sign: paid({}, 'forged').sign, trade_status: 'WAIT' }, merchant)).toMatchObject({ reason: 'bad signature' });
  });

  it('refuses everything when online top-up is off', () => {
    expect(checkNotify(paid(), { ...merchant, enabled: false })).toMatchObject({ ok: false, reason: 'online top-up is not enabled' });
  });

  it('refuses another merchant, even correctly signed with our key', () => {
    expect(checkNotify(paid({ pid: '2002' }), merchant)).toMatchObject({ ok: false, acknowledge: false, reason: expect.stringContaining('merchant') });
  });

  it('acknowledges an authentic message that is not a payment, without crediting', () => {
    expect(checkNotify(paid({ trade_status: 'TRADE_CLOSED' }), merchant)).toMatchObject({ ok: false, acknowledge: true });
  });

  it('refuses a missing trade number or unreadable money', () => {
    expect(checkNotify(paid({ out_trade_no: '' }), merchant)).toMatchObject({ ok: false, reason: 'no out_trade_no' });
    for (const money of ['-1', '1e2', 'abc']) expect(checkNotify(paid({ money }), merchant)).toMatchObject({ ok: false, acknowledge: false });
  });

  it('takes only single string values', () => {
    expect(plainFields({ a: '1', b: '' })).toEqual({ a: '1', b: '' });
    expect(plainFields({ a: ['1', '2'] })).toBeNull();
    expect(plainFields(undefined)).toEqual({});
  });
});
