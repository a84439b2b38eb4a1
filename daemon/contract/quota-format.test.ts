import { describe, expect, it } from 'vitest';
import { compactNumber, formatDollars, formatQuota, quotaFromDollars } from './quota-format.js';

describe('compactNumber (spec 1 §9)', () => {
  it("uses 'k' from 10 thousand, 'M' from 1 million, 'B' from 1 billion", () => {
    expect(compactNumber(9999)).toBe('9999');
    expect(compactNumber(10000)).toBe('10k');
    expect(compactNumber(12345)).toBe('12.3k');
    expect(compactNumber(999_949)).toBe('999.9k');
    expect(compactNumber(1_000_000)).toBe('1M');
    expect(compactNumber(2_500_000)).toBe('2.5M');
    expect(compactNumber(3_000_000_000)).toBe('3B');
    expect(compactNumber(-25_000)).toBe('-25k');
    expect(compactNumber(0)).toBe('0');
  });
});

describe('formatDollars', () => {
  it('shows two decimals from a cent up, and three significant digits below, never 0.00 for a real amount', () => {
    expect(formatDollars(1.5)).toBe('1.50');
    expect(formatDollars(0.01)).toBe('0.01');
    expect(formatDollars(0)).toBe('0.00');
    expect(formatDollars(0.000226)).toBe('0.000226');
    expect(formatDollars(0.005)).toBe('0.005');
    expect(formatDollars(0.00123456)).toBe('0.00123');
    expect(formatDollars(1.23e-7)).toBe('0.000000123');
    expect(formatDollars(-0.0004)).toBe('-0.0004');
  });
});

describe('formatQuota', () => {
  const currency = { display_in_currency: true, quota_per_unit: 500000 };
  it('in dollars when the site shows currency', () => {
    expect(formatQuota(750000, currency)).toBe('$1.50');
    expect(formatQuota(113, currency)).toBe('$0.000226');
    expect(formatQuota(1, currency)).toBe('$0.000002');
    expect(formatQuota(0, currency)).toBe('$0.00');
    expect(formatQuota(-250000, currency)).toBe('-$0.50');
    expect(formatQuota(500000, { display_in_currency: true, quota_per_unit: 0 })).toBe('$1.00'); // unset: the default
  });
  it('as compacted points otherwise', () => {
    expect(formatQuota(750000, { display_in_currency: false, quota_per_unit: 500000 })).toBe('750k');
    expect(formatQuota(113, null)).toBe('113');
  });
});

describe('quotaFromDollars', () => {
  it('turns a typed dollar amount into whole quota', () => {
    const currency = { display_in_currency: true, quota_per_unit: 500000 };
    expect(quotaFromDollars(0.1, currency)).toBe(50000); // 0.1 × 500000 is 50000.00000000001 in floats
    expect(quotaFromDollars(1.5, currency)).toBe(750000);
    expect(quotaFromDollars(-2, currency)).toBe(-1000000);
    expect(quotaFromDollars(0.0000031, currency)).toBe(2);
    expect(quotaFromDollars(1, null)).toBe(500000);
  });
});
