import { describe, expect, it } from 'vitest';
import { pricingSnapshot, ratioTable, resolvePrice, type PricingOptions } from '../../billing/prices.js';
import { tokenQuota } from '../../billing/quota.js';
import { collectOffers, groupPrice, pricingRows, type OfferSource, type PriceOf } from './pricing-list.js';

const options = (o: Partial<PricingOptions> = {}): PricingOptions => ({
  ModelRatio: JSON.stringify({ 'gpt-4o': 1.25, 'claude-3-haiku-20240307': 0.125, 'free-model': 0 }),
  ModelPrice: JSON.stringify({ 'mj_imagine': 0.1 }),
  CompletionRatio: '{}',
  CacheRatio: JSON.stringify({ 'gpt-4o': 0.5 }),
  GroupRatio: JSON.stringify({ default: 1, vip: 0.5, svip: 2 }),
  QuotaPerUnit: '500000',
  SelfUseModeEnabled: 'false',
  ...o,
});
const priceOf = (o?: Partial<PricingOptions>): PriceOf => {
  const s = pricingSnapshot(options(o));
  return (q) => resolvePrice(s, q);
};

/** group → model → channel ids; channel id → type. */
function source(index: Record<string, Record<string, number[]>>, types: Record<number, number>): OfferSource {
  return {
    groups: () => Object.keys(index),
    models: (g) => Object.keys(index[g] ?? {}).sort(),
    candidates: (g, m) => (index[g]?.[m] ?? []).map((channelId) => ({ channelId, priority: 0, weight: 1 })),
    channel: (id) => (types[id] === undefined ? undefined : { type: types[id] }),
  };
}

const src = source(
  { default: { 'gpt-4o': [1], 'my-model': [2], mj_imagine: [3] }, vip: { 'gpt-4o': [1], 'claude-3-haiku-20240307': [4] } },
  { 1: 1, 2: 43, 3: 2, 4: 14 },
);

describe('collectOffers', () => {
  it('lists each model once, with its groups, vendor and tags, sorted by name', () => {
    expect(collectOffers(src)).toEqual([
      { model: 'claude-3-haiku-20240307', groups: ['vip'], vendor: 'anthropic', tags: ['chat', 'vision'] },
      { model: 'gpt-4o', groups: ['default', 'vip'], vendor: 'openai', tags: ['chat', 'vision'] },
      { model: 'mj_imagine', groups: ['default'], vendor: 'midjourney', tags: ['image'] },
      { model: 'my-model', groups: ['default'], vendor: 'deepseek', tags: ['chat'] }, // from its DeepSeek channel
    ]);
  });
});

describe('pricingRows', () => {
  const viewer = { group: 'default', groups: ['default', 'vip'], acceptUnsetModel: false };
  const rows = () => Object.fromEntries(pricingRows(collectOffers(src), priceOf(), viewer, 500000).map((r) => [r.model_name, r]));

  it('prices a ratio model per million tokens in every usable group, as the relay would charge', () => {
    const r = rows()['gpt-4o'];
    expect(r).toMatchObject({ quota_type: 0, model_ratio: 1.25, model_price: 0, completion_ratio: 4, cache_ratio: 0.5, cache_creation_ratio: 1.25, price_set: true, available: true, enable_groups: ['default', 'vip'], owner_by: 'OpenAI' });
    // ratio 1.25 × 1M tokens = 1 250 000 quota = $2.50 in the default group; half that for vip
    expect(r.group_price.default).toEqual({
      type: 0, price: 2.5, group_ratio: 1, user_ratio: 1, input_quota: 1_250_000, output_quota: 5_000_000, cache_read_quota: 625_000, cache_write_quota: 1_562_500, call_quota: 0,
    });
    expect(r.group_price.vip).toMatchObject({ price: 1.25, group_ratio: 0.5, input_quota: 625_000, output_quota: 2_500_000 });
  });

  it('prices a fixed-price model per call', () => {
    const r = rows().mj_imagine;
    expect(r).toMatchObject({ quota_type: 1, model_price: 0.1, model_ratio: 0, price_set: true });
    expect(r.group_price.default).toMatchObject({ type: 1, price: 0.1, call_quota: 50_000, input_quota: 0 });
    expect(r.group_price.vip).toMatchObject({ type: 1, price: 0.05, call_quota: 25_000 });
  });

  it('says whether the own group may call the model', () => {
    expect(rows()['claude-3-haiku-20240307'].available).toBe(false);
    expect(rows()['gpt-4o'].available).toBe(true);
  });

  it('marks an unpriced model, unless the viewer accepts unset models or the site is in self-use mode', () => {
    expect(rows()['my-model']).toMatchObject({ price_set: false, model_ratio: 0, group_price: {} });
    const accepting = pricingRows(collectOffers(src), priceOf(), { ...viewer, acceptUnsetModel: true }, 500000).find((r) => r.model_name === 'my-model')!;
    expect(accepting).toMatchObject({ price_set: true, model_ratio: 37.5 });
    const selfUse = pricingRows(collectOffers(src), priceOf({ SelfUseModeEnabled: 'true' }), viewer, 500000).find((r) => r.model_name === 'my-model')!;
    expect(selfUse.group_price.default.input_quota).toBe(37_500_000);
  });

  it('prices a viewer with own model ratios at their ratio in place of the site\'s, in every group; other models as before', () => {
    const own = { ...viewer, modelRatios: ratioTable({ 'gpt-4o': 2, 'my-model': 0.5, mj_imagine: 9 }) };
    const rows2 = Object.fromEntries(pricingRows(collectOffers(src), priceOf(), own, 500000).map((r) => [r.model_name, r]));
    const r = rows2['gpt-4o'];
    expect(r.model_ratio).toBe(2);
    // 2 × 1M tokens = 2 000 000 quota = $4 in default; × 0.5 in vip — the site's 1.25 no longer counts
    expect(r.group_price.default).toMatchObject({ user_ratio: 2, group_ratio: 1, input_quota: 2_000_000, output_quota: 8_000_000, price: 4 });
    expect(r.group_price.vip).toMatchObject({ user_ratio: 2, group_ratio: 0.5, input_quota: 1_000_000, price: 2 });
    // a model the site leaves unpriced is priced for this viewer by their own ratio
    expect(rows2['my-model']).toMatchObject({ price_set: true, model_ratio: 0.5 });
    expect(rows2['my-model'].group_price.default).toMatchObject({ user_ratio: 0.5, input_quota: 500_000 });
    // a per-call model keeps its price: the user's ratios replace ModelRatio, not ModelPrice
    expect(rows2.mj_imagine.group_price.default).toMatchObject({ type: 1, user_ratio: 1, call_quota: 50_000 });
    expect(rows2['claude-3-haiku-20240307'].group_price.vip).toMatchObject({ user_ratio: 1, input_quota: 62_500 });
  });
});

describe('groupPrice', () => {
  it('equals the relay quota of the same usage', () => {
    const r = priceOf()({ model: 'gpt-4o', userGroup: 'svip' });
    if (!r.ok || r.price.mode !== 'token') throw new Error('priced');
    const g = groupPrice(r.price, 500000);
    expect(g.input_quota).toBe(tokenQuota({ promptTokens: 1_000_000 }, r.price).quota);
    expect(g.output_quota).toBe(tokenQuota({ promptTokens: 0, completionTokens: 1_000_000 }, r.price).quota);
    expect(g.price).toBe(5); // 1.25 × 2 USD × group 2
  });

  it('reports a free model as free', () => {
    const r = priceOf()({ model: 'free-model', userGroup: 'default' });
    if (!r.ok) throw new Error('priced');
    expect(groupPrice(r.price, 500000)).toMatchObject({ price: 0, input_quota: 0, output_quota: 0 });
  });

  it('follows QuotaPerUnit for the USD price', () => {
    const r = priceOf({ QuotaPerUnit: '1000000' })({ model: 'gpt-4o', userGroup: 'default' });
    if (!r.ok) throw new Error('priced');
    expect(groupPrice(r.price, 1_000_000)).toMatchObject({ input_quota: 1_250_000, price: 1.25 });
  });
});
