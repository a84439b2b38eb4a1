import { describe, expect, it } from 'vitest';
import { optionRegistry, type OptionKey } from '../contract/options.js';
import type { OptionStore } from '../modules/option/option.store.js';
import { ratioTable } from '../billing/prices.js';
import { PricingCache } from './pricing.js';

/** The two things PricingCache reads of the option store: values and the reload counter. */
function options(values: Partial<Record<OptionKey, string>>) {
  const store = { version: 1, values, get: (k: OptionKey) => store.values[k] ?? optionRegistry[k].default };
  return store;
}

describe('PricingCache.price', () => {
  const q = { model: 'gpt-4o-mini', userGroup: 'default' };

  it('gives the same frozen price for the same query until the options move, then the new one', () => {
    const o = options({ ModelRatio: '{"gpt-4o-mini":0.075}', GroupRatio: '{"default":1,"vip":0.5}' });
    const cache = new PricingCache(o as unknown as OptionStore);
    const a = cache.price(q);
    expect(a).toMatchObject({ ok: true, price: { mode: 'token', modelRatio: 0.075, groupRatio: 1 } });
    expect(cache.price({ ...q })).toBe(a);
    expect(Object.isFrozen(a.ok && a.price)).toBe(true);
    // every field of the query counts
    expect(cache.price({ ...q, tokenGroup: 'vip' })).toMatchObject({ ok: true, price: { groupRatio: 0.5 } });
    expect(cache.price({ ...q, image: true })).toMatchObject({ ok: true, price: { mode: 'call' } });

    o.values = { ...o.values, ModelRatio: '{"gpt-4o-mini":0.3}' };
    o.version++;
    const b = cache.price(q);
    expect(b).not.toBe(a);
    expect(b).toMatchObject({ ok: true, price: { modelRatio: 0.3 } });
  });

  it('prices a user with own ratios apart, once per table, and everyone else from the shared prices', () => {
    const o = options({ ModelRatio: '{"gpt-4o-mini":0.075,"gpt-4o":1.25}' });
    const cache = new PricingCache(o as unknown as OptionStore);
    const shared = cache.price(q);
    const own = ratioTable({ 'gpt-4o-mini': 2 });
    const mine = cache.price({ ...q, userRatios: own });
    expect(mine).toMatchObject({ ok: true, price: { modelRatio: 2, userRatio: 2 } });
    expect(cache.price({ ...q, userRatios: own })).toBe(mine);
    expect(cache.price(q)).toBe(shared); // not overwritten by the user's price under the same query
    expect(cache.price({ ...q, userRatios: null })).toBe(shared);
    // a reloaded user (a new table, same text) gets a price from the new table
    expect(cache.price({ ...q, userRatios: ratioTable({ 'gpt-4o-mini': 3 }) })).toMatchObject({ ok: true, price: { modelRatio: 3 } });
    // a model the user does not list is the site's price
    expect(cache.price({ ...q, model: 'gpt-4o', userRatios: own })).toMatchObject({ ok: true, price: { modelRatio: 1.25 } });
    o.version++;
    expect(cache.price({ ...q, userRatios: own })).not.toBe(mine);
  });

  it('remembers a refusal too, and stays bounded whatever model names callers send', () => {
    const cache = new PricingCache(options({ ModelRatio: '{}', ModelPrice: '{}', SelfUseModeEnabled: 'false' }) as unknown as OptionStore);
    expect(cache.price({ ...q, model: 'nope' })).toEqual({ ok: false, error: 'model_price_error', model: 'nope' });
    for (let i = 0; i < 10_000; i++) cache.price({ ...q, model: `m${i}` });
    expect((cache as unknown as { resolved: Map<string, unknown> }).resolved.size).toBeLessThanOrEqual(4096);
  });
});
