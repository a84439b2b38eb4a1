import { describe, expect, it } from 'vitest';
import { formatMoney, moneyMicros, parseMoney, quotaForAmount, topUpPrice, type PriceInputs } from './topup-money.js';

const base: PriceInputs = { exclusivePrice: 0, price: 7.3, groupRatios: { default: 1, vip: 0.9, svip: 0, odd: 'x' }, group: 'default' };
const money = (amount: number, o: Partial<PriceInputs> = {}) => formatMoney(moneyMicros(amount, topUpPrice({ ...base, ...o })));

describe('top-up money', () => {
  it.each([
    [1, {}, '7.30'],
    [10, {}, '73.00'],
    [9999, {}, '72992.70'],
    [1_000_000, {}, '7300000.00'],
    [10, { group: 'vip' }, '65.70'], // 7.3 × 0.9 × 10
    [3, { group: 'vip' }, '19.71'],
    [1, { group: 'svip' }, '7.30'], // ratio 0 → 1
    [1, { group: 'missing' }, '7.30'], // missing → 1
    [1, { group: 'odd' }, '7.30'], // not a number → 1
    [1, { group: 'toString' }, '7.30'], // no prototype keys
    [1, { price: 7.3, groupRatios: { default: 1.15 } }, '8.40'], // 8.395 half-up (a float gives 8.394999…)
    [3, { price: 0.333 }, '1.00'], // 0.999
    [1, { price: 0.005 }, '0.01'], // half-up
    [1, { price: 0.004 }, '0.00'],
    [7, { exclusivePrice: 6.5, group: 'vip' }, '45.50'], // the exclusive price wins over group ratios
    [1, { exclusivePrice: -1 }, '7.30'],
    [1, { price: 0 }, '0.00'],
    [100, { price: 0.1, groupRatios: { default: 0.7 } }, '7.00'], // 0.1 × 0.7 × 100 exactly (floats: 7.000000000000001)
  ] as const)('%s dollars with %o cost %s', (amount, o, expected) => {
    expect(money(amount, o)).toBe(expected);
  });

  it('keeps whole cents in micros', () => {
    expect(moneyMicros(1, topUpPrice(base))).toBe(7_300_000n);
    expect(moneyMicros(3, topUpPrice({ ...base, price: 1.2345 }))).toBe(3_700_000n); // 3.7035 → 3.70
  });

  it('formats micros with two decimals, half-up', () => {
    expect(formatMoney(0n)).toBe('0.00');
    expect(formatMoney(7_300_000n)).toBe('7.30');
    expect(formatMoney(5_000)).toBe('0.01');
    expect(formatMoney(4_999)).toBe('0.00');
    expect(formatMoney(123_456_789_000_000n)).toBe('123456789.00');
  });

  it('parses provider money exactly and refuses anything else', () => {
    expect(parseMoney('7.30')).toBe(7_300_000n);
    expect(parseMoney('7.3')).toBe(7_300_000n);
    expect(parseMoney('7')).toBe(7_000_000n);
    expect(parseMoney('0.000001')).toBe(1n);
    expect(parseMoney(' 73.00 ')).toBe(73_000_000n);
    for (const bad of ['', '-1', '1e3', '7.', '.5', '7.1234567', 'abc', '1,5', 'NaN', 'Infinity']) expect(parseMoney(bad), bad).toBeNull();
  });

  it('credits amount × QuotaPerUnit quota', () => {
    expect(quotaForAmount(10, 500000)).toBe(5_000_000);
    expect(quotaForAmount(3, 0.5)).toBe(2); // 1.5 rounds half away from zero
    expect(quotaForAmount(9999, 500000)).toBe(4_999_500_000);
  });
});
