import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../app/errors.js';
import { checkCount, checkName, checkQuota, newRedemptionKey, normaliseKey, searchTerms } from './redemption-rules.js';

const keyOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    if (e instanceof ServiceError) return e.key;
    throw e;
  }
  return undefined;
};

describe('redemption rules', () => {
  it('names are 1-20 characters after trimming, counted per character', () => {
    expect(checkName('  gift  ')).toBe('gift');
    expect(checkName('兑'.repeat(20))).toBe('兑'.repeat(20));
    expect(checkName('😀'.repeat(20))).toHaveLength(40); // 20 characters, 40 UTF-16 units
    expect(keyOf(() => checkName('   '))).toBe('redemption.name_length');
    expect(keyOf(() => checkName(undefined))).toBe('redemption.name_length');
    expect(keyOf(() => checkName('a'.repeat(21)))).toBe('redemption.name_length');
  });

  it('quota defaults to 100000 and must be a positive safe whole number', () => {
    expect(checkQuota(undefined)).toBe(100000);
    expect(checkQuota(1)).toBe(1);
    for (const bad of [0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) expect(keyOf(() => checkQuota(bad)), String(bad)).toBe('redemption.quota_invalid');
  });

  it('count defaults to 1 and is 1-100', () => {
    expect(checkCount(undefined)).toBe(1);
    expect(checkCount(100)).toBe(100);
    for (const bad of [0, 101, 2.5, -1]) expect(keyOf(() => checkCount(bad)), String(bad)).toBe('redemption.count_invalid');
  });

  it('keys are 32 lowercase hex characters and differ', () => {
    const keys = new Set(Array.from({ length: 1000 }, newRedemptionKey));
    expect(keys.size).toBe(1000);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a pasted key is trimmed and lower-cased; anything else is no key', () => {
    expect(normaliseKey(`  ${'AB'.repeat(16)}\n`)).toBe('ab'.repeat(16));
    expect(normaliseKey('ab'.repeat(15))).toBeNull();
    expect(normaliseKey(`${'a'.repeat(31)}g`)).toBeNull();
    expect(normaliseKey("' or 1=1 --")).toBeNull();
    expect(normaliseKey(undefined)).toBeNull();
  });

  it('a numeric keyword also matches the id', () => {
    expect(searchTerms(' 42 ')).toEqual({ prefix: '42', id: 42 });
    expect(searchTerms('gift')).toEqual({ prefix: 'gift', id: null });
    expect(searchTerms('')).toEqual({ prefix: '', id: null });
  });
});
