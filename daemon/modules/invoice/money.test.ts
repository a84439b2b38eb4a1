import { describe, expect, it } from 'vitest';
import { formatMicros, microsToMoney, microsToMoneyFloor, parseMoney } from './money.js';

describe('parseMoney', () => {
  it.each([
    ['1000', 1_000_000_000],
    ['1000.1', 1_000_100_000],
    ['1000.10', 1_000_100_000],
    ['1000.01', 1_000_010_000],
    [' 333.33 ', 333_330_000],
    ['0', 0],
    ['0.07', 70_000],
    ['007.5', 7_500_000],
    ['999999999.99', 999_999_999_990_000],
    [1000.1, 1_000_100_000],
    [0.29, 290_000], // 0.29 * 1e6 would be 289999.99999999994 as a float
    [1.15, 1_150_000],
    [333.33, 333_330_000],
    [2000, 2_000_000_000],
  ])('%j is %d micros', (input, micros) => {
    expect(parseMoney(input)).toEqual({ ok: true, micros });
  });

  it.each([
    '', ' ', '1000.101', '1000.', '.5', '-1', '+1', '1e3', '1,000', '0x10', 'abc', '1000000000', '1 000', 'NaN',
    1000.101, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 0.1 + 0.2,
  ])('refuses %j', (input) => {
    expect(parseMoney(input)).toEqual({ ok: false });
  });
});

describe('micros to the wire', () => {
  it('rounds to cents, half away from zero', () => {
    expect(microsToMoney(1_000_100_000)).toBe(1000.1);
    expect(microsToMoney(999_990_000)).toBe(999.99);
    expect(microsToMoney(1_000_105_000)).toBe(1000.11);
    expect(microsToMoney(1_000_104_999)).toBe(1000.1);
    expect(microsToMoney(0)).toBe(0);
    expect(microsToMoney(-1_005_000)).toBe(-1.01);
    // a sum of many cents stays exact: 3 x 333.33
    expect(microsToMoney(3 * 333_330_000)).toBe(999.99);
  });

  it('floors to cents for what may still be asked for', () => {
    expect(microsToMoneyFloor(1_000_109_999)).toBe(1000.1);
    expect(microsToMoneyFloor(999_990_000)).toBe(999.99);
    expect(microsToMoneyFloor(0)).toBe(0);
  });

  it('formats 2 decimals for messages', () => {
    expect(formatMicros(1_000_100_000)).toBe('1000.10');
    expect(formatMicros(70_000)).toBe('0.07');
    expect(formatMicros(0)).toBe('0.00');
    expect(formatMicros(999_999_999_990_000)).toBe('999999999.99');
  });
});
