import { describe, expect, it } from 'vitest';
import { checkAccount, checkProfit, isReviewStatus } from './settlement-rules.js';

describe('checkAccount', () => {
  it('needs the account and the real name, trims them, and takes weixin (the default) only', () => {
    expect(checkAccount({ balance_account: ' wx-1 ', balance_username: ' 张三 ', balance_platform: 'weixin' }))
      .toEqual({ ok: true, value: { balance_account: 'wx-1', balance_username: '张三', balance_platform: 'weixin' } });
    expect(checkAccount({ balance_account: 'wx-1', balance_username: 'a' })).toMatchObject({ ok: true, value: { balance_platform: 'weixin' } });
    expect(checkAccount({ balance_username: 'a' })).toEqual({ ok: false, error: 'settlement.account_required' });
    expect(checkAccount({ balance_account: '  ', balance_username: 'a' })).toEqual({ ok: false, error: 'settlement.account_required' });
    expect(checkAccount({ balance_account: 'x' })).toEqual({ ok: false, error: 'settlement.real_name_required' });
    expect(checkAccount({ balance_account: 'x', balance_username: 'a', balance_platform: 'alipay' })).toEqual({ ok: false, error: 'settlement.platform_unsupported' });
    expect(checkAccount({ balance_account: 'x', balance_username: 'a', balance_platform: 'paypal' })).toEqual({ ok: false, error: 'settlement.platform_invalid' });
    expect(checkAccount({ balance_account: 'x'.repeat(256), balance_username: 'a' })).toMatchObject({ ok: false, error: 'settlement.account_too_long' });
    expect(checkAccount({ balance_account: 'x', balance_username: 'a'.repeat(65) })).toMatchObject({ ok: false, error: 'settlement.real_name_too_long' });
  });
});

describe('checkProfit', () => {
  it('takes a decimal with at most 2 places of at least 10, as exact micros', () => {
    expect(checkProfit('10')).toEqual({ ok: true, value: 10_000_000 });
    expect(checkProfit(12.34)).toEqual({ ok: true, value: 12_340_000 });
    expect(checkProfit(' 100.1 ')).toEqual({ ok: true, value: 100_100_000 });
    expect(checkProfit('9.99')).toEqual({ ok: false, error: 'settlement.below_min', params: { min: 10 } });
    expect(checkProfit(0)).toMatchObject({ ok: false, error: 'settlement.below_min' });
    for (const bad of ['', 'ten', '10.001', '-20', '1e3', undefined, null, Number.NaN, 10.005, {}]) {
      expect(checkProfit(bad), String(bad)).toEqual({ ok: false, error: 'settlement.amount_invalid' });
    }
  });
});

describe('isReviewStatus', () => {
  it('allows completed, cancelled and failed only', () => {
    expect(['completed', 'cancelled', 'failed'].every(isReviewStatus)).toBe(true);
    expect(['pending', '', 'done', 'COMPLETED'].some(isReviewStatus)).toBe(false);
  });
});
