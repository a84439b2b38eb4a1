import { describe, expect, it } from 'vitest';
import type { GroupPrice, PricingModel } from '@contract/pricing';
import {
  ALL, copySelectedText, filterModels, formatAmount, fuzzyMatch, plainNumber, priceCells, priceGroup, vendorCounts,
} from './pricing-format';

const usd = { display_in_currency: true, quota_per_unit: 500000 };
const quota = { display_in_currency: false, quota_per_unit: 500000 };

const tokenPrice = (o: Partial<GroupPrice> = {}): GroupPrice => ({
  type: 0, price: 2.5, group_ratio: 1, user_ratio: 1, input_quota: 1_250_000, output_quota: 5_000_000, cache_read_quota: 625_000,
  cache_write_quota: 1_562_500, call_quota: 0, ...o,
});

const model = (name: string, o: Partial<PricingModel> = {}): PricingModel => ({
  model_name: name, quota_type: 0, model_ratio: 1, model_price: 0, completion_ratio: 1, cache_ratio: 1, cache_creation_ratio: 1.25,
  price_set: true, vendor: 'openai', owner_by: 'OpenAI', tags: ['chat'], enable_groups: ['default'], group_price: {}, available: true, ...o,
});

describe('plainNumber', () => {
  it.each([
    [0, '0'], [2.5, '2.5'], [1_250_000, '1250000'], [0.000226, '0.000226'], [1e-7, '0.0000001'], [0.1 + 0.2, '0.3'],
    [1 / 3, '0.333333'], [37.5, '37.5'],
  ])('%s → %s', (v, s) => expect(plainNumber(v)).toBe(s));

  it('pads to the minimum decimals', () => {
    expect(plainNumber(2.5, 6, 2)).toBe('2.50');
    expect(plainNumber(3, 6, 2)).toBe('3.00');
    expect(plainNumber(0, 6, 2)).toBe('0.00');
    expect(plainNumber(0.000226, 6, 2)).toBe('0.000226');
  });
});

describe('formatAmount', () => {
  it('shows dollars with significant digits, never $0.00 for a charge', () => {
    expect(formatAmount(1_250_000, usd)).toBe('$2.50');
    expect(formatAmount(113, usd)).toBe('$0.000226');
    expect(formatAmount(1, usd)).toBe('$0.000002');
    expect(formatAmount(0, usd)).toBe('$0.00');
    expect(formatAmount(1_250_000, { display_in_currency: true, quota_per_unit: 1_000_000 })).toBe('$1.25');
    expect(formatAmount(1_250_000, { display_in_currency: true, quota_per_unit: 0 })).toBe('$2.50'); // default 500000
  });
  it('shows quota when the site does not display currency', () => {
    expect(formatAmount(1_250_000, quota)).toBe('1250000');
    expect(formatAmount(1250.5, quota)).toBe('1250.5');
  });
});

describe('priceCells', () => {
  it('prices tokens per 1M (divisor 1) or per 1K (divisor 1000)', () => {
    expect(priceCells(tokenPrice(), 'M', usd)).toEqual({ kind: 'token', input: '$2.50', output: '$10.00', cacheRead: '$1.25', cacheWrite: '$3.125' });
    expect(priceCells(tokenPrice(), 'K', usd)).toEqual({ kind: 'token', input: '$0.0025', output: '$0.01', cacheRead: '$0.00125', cacheWrite: '$0.003125' });
    // gpt-4o-mini: ratio 0.075 → $0.15 per 1M, $0.00015 per 1K
    expect(priceCells(tokenPrice({ input_quota: 75_000 }), 'K', usd)).toMatchObject({ input: '$0.00015' });
    expect(priceCells(tokenPrice(), 'K', quota)).toMatchObject({ input: '1250', output: '5000' });
  });
  it('shows a fixed price per call whatever the unit', () => {
    const gp = tokenPrice({ type: 1, price: 0.04, input_quota: 0, call_quota: 20_000 });
    expect(priceCells(gp, 'K', usd)).toEqual({ kind: 'call', perCall: '$0.04' });
    expect(priceCells(gp, 'M', quota)).toEqual({ kind: 'call', perCall: '20000' });
  });
  it('has nothing for a group without a price', () => expect(priceCells(undefined, 'M', usd)).toEqual({ kind: 'unset' }));
});

describe('filters', () => {
  const rows = [
    model('gpt-4o', { enable_groups: ['default', 'vip'], tags: ['chat', 'vision'] }),
    model('gpt-4o-mini'),
    model('claude-3-haiku', { vendor: 'anthropic', enable_groups: ['vip'] }),
    model('dall-e-3', { tags: ['image'], quota_type: 1 }),
  ];
  const all = { vendor: ALL, tag: ALL, group: ALL, query: '' };
  const names = (f: Partial<typeof all>) => filterModels(rows, { ...all, ...f }).map((m) => m.model_name);

  it('filters by vendor, tag, group and a fuzzy name', () => {
    expect(names({})).toEqual(['gpt-4o', 'gpt-4o-mini', 'claude-3-haiku', 'dall-e-3']);
    expect(names({ vendor: 'anthropic' })).toEqual(['claude-3-haiku']);
    expect(names({ tag: 'vision' })).toEqual(['gpt-4o']);
    expect(names({ group: 'vip' })).toEqual(['gpt-4o', 'claude-3-haiku']);
    expect(names({ query: 'g4o' })).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(names({ query: 'MINI' })).toEqual(['gpt-4o-mini']);
    expect(names({ query: 'gpt mini' })).toEqual(['gpt-4o-mini']);
    expect(names({ query: 'xyz' })).toEqual([]);
  });

  it('matches fuzzily in order only', () => {
    expect(fuzzyMatch('claude-3-haiku', 'c3h')).toBe(true);
    expect(fuzzyMatch('claude-3-haiku', 'h3c')).toBe(false);
    expect(fuzzyMatch('anything', '  ')).toBe(true);
  });

  it('counts rows per vendor tab', () => expect(vendorCounts(rows)).toEqual({ all: 4, openai: 3, anthropic: 1 }));
  it('prices in the picked group, else the own group', () => {
    expect(priceGroup(ALL, 'vip')).toBe('vip');
    expect(priceGroup('default', 'vip')).toBe('default');
  });
  it('copies names joined by commas', () => expect(copySelectedText(['a', 'b'])).toBe('a,b'));
});
