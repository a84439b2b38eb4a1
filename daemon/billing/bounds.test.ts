import { describe, expect, it } from 'vitest';
import {
  MAX_N, MAX_QUOTA, MAX_TOKENS, clampN, clampQuota, clampQuotaPerUnit, clampTokens, clampUnits, cleanPrice, cleanRatio,
} from './bounds.js';

describe('ingress bounds', () => {
  it('are the documented numbers', () => {
    expect(MAX_TOKENS).toBe(1073741824); // 2^30, new-api's max_tokens limit
    expect(MAX_N).toBe(128);
    expect(MAX_QUOTA).toBe(9007199254740991);
  });

  it.each([
    [-5, 0], [Number.NaN, 0], [Number.POSITIVE_INFINITY, 0], ['12', 0], [null, 0], [undefined, 0],
    [0, 0], [12.9, 12], [2 ** 31, 2 ** 30], [1e300, 2 ** 30],
  ])('clampTokens(%s) = %s', (x, want) => expect(clampTokens(x)).toBe(want));

  it.each([[undefined, 1], [0, 1], [-3, 1], [Number.NaN, 1], [3.7, 3], [1000, 128], [128, 128]])(
    'clampN(%s) = %s', (x, want) => expect(clampN(x)).toBe(want));

  it.each([[-1, null], [Number.NaN, null], ['2', null], [0, 0], [2, 2], [1e9, 1e6]])(
    'cleanRatio(%s) = %s', (x, want) => expect(cleanRatio(x)).toBe(want));

  it.each([[-0.01, null], [Number.POSITIVE_INFINITY, null], [0.04, 0.04], [5e6, 1e6]])(
    'cleanPrice(%s) = %s', (x, want) => expect(cleanPrice(x)).toBe(want));

  it.each([[-1, 0], [Number.NaN, 0], [0.45, 0.45], [1e9, 1024]])('clampUnits(%s) = %s', (x, want) => expect(clampUnits(x)).toBe(want));

  it.each([[0, 500000], [Number.NaN, 500000], [0.5, 500000], [1000, 1000], [2e9, 1e9]])(
    'clampQuotaPerUnit(%s) = %s', (x, want) => expect(clampQuotaPerUnit(x)).toBe(want));

  it.each([[-1, 0], [1.9, 1], [Number.POSITIVE_INFINITY, 0], [1e20, Number.MAX_SAFE_INTEGER]])(
    'clampQuota(%s) = %s', (x, want) => expect(clampQuota(x)).toBe(want));
});
