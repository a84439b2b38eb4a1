import { describe, expect, it } from 'vitest';
import { MAX_QUOTA } from './bounds.js';
import { ZERO, add, dec, int, mul, round, toNumber, toQuota } from './decimal.js';

describe('dec: the exact decimal of a number as printed', () => {
  it.each([
    [1.15, 115n, 2],
    [0.075, 75n, 3],
    [37.5, 375n, 1],
    [1e-7, 1n, 7], // String(1e-7) = "1e-7"
    [1.5e21, 1500000000000000000000n, 0], // String = "1.5e+21"
    [-0.5, -5n, 1],
    [0, 0n, 0],
  ])('dec(%s) = %s / 10^%s', (x, m, e) => expect(dec(x)).toEqual({ m, e }));
  it('non-finite → 0', () => {
    expect(dec(Number.NaN)).toEqual(ZERO);
    expect(dec(Number.POSITIVE_INFINITY)).toEqual(ZERO);
  });
});

describe('arithmetic and rounding', () => {
  it('0.145 × 100 = 14.5 rounds to 15 (floats give 14.499999999999998 → 14)', () => {
    expect(Math.round(0.145 * 100)).toBe(14);
    expect(round(mul(dec(0.145), int(100)))).toBe(15n);
  });
  it.each([
    [2.5, 3n], [2.4999, 2n], [0.5, 1n], [0.49, 0n], [-2.5, -3n], [7, 7n],
  ])('round(%s) = %s (halves away from zero)', (x, want) => expect(round(dec(x))).toBe(want));
  it('adds across scales: 0.1 + 0.25 + 3 = 3.35', () => expect(add(add(dec(0.1), dec(0.25)), int(3))).toEqual({ m: 335n, e: 2 }));
  it('toQuota clamps to [0, MAX_QUOTA]', () => {
    expect(toQuota(-5n)).toBe(0);
    expect(toQuota(42n)).toBe(42);
    expect(toQuota(2n ** 60n)).toBe(MAX_QUOTA);
  });
  it.each([
    [{ m: 375n, e: 4 }, 0.0375],
    [{ m: -5n, e: 3 }, -0.005],
    [{ m: 5n, e: 0 }, 5],
    [{ m: 12345n, e: 2 }, 123.45],
  ])('toNumber(%o) = %s', (d, want) => expect(toNumber(d)).toBe(want));
});
