import { describe, expect, it } from 'vitest';
import { optionRegistry } from '../contract/options.js';
import {
  PRICING_OPTION_KEYS, effectiveGroup, imageUnits, parseRatioTable, pricingSnapshot, ratioTable, resolvePrice, type PricingOptions,
  type PricingSnapshot,
} from './prices.js';

const defaults = Object.fromEntries(PRICING_OPTION_KEYS.map((k) => [k, optionRegistry[k].default])) as PricingOptions;
const snap = (over: Partial<PricingOptions> = {}): PricingSnapshot => pricingSnapshot({ ...defaults, ...over });
const q = { userGroup: 'default' };

describe('parseRatioTable', () => {
  it('keeps finite non-negative numbers, drops the rest, caps at the bound', () => {
    const t = parseRatioTable('{"a":1,"b":-1,"c":"2","d":null,"e":2e6,"f":0}');
    expect([...t]).toEqual([['a', 1], ['e', 1_000_000], ['f', 0]]);
  });
  it.each(['[1,2]', '"x"', 'null', 'not json', ''])('%j → empty table', (text) => expect(parseRatioTable(text).size).toBe(0));
  it('treats __proto__ and constructor as plain names', () => {
    const t = parseRatioTable('{"__proto__":2}');
    expect(t.get('__proto__')).toBe(2);
    expect(t.get('constructor')).toBeUndefined();
    expect(resolvePrice(snap(), { ...q, model: 'constructor' })).toEqual({ ok: false, error: 'model_price_error', model: 'constructor' });
  });
});

describe('pricingSnapshot', () => {
  it('reads the option defaults', () => {
    const s = snap();
    expect(s.quotaPerUnit).toBe(500000);
    expect(s.selfUseMode).toBe(false);
    expect(s.groupRatio.get('vip')).toBe(1);
    expect(s.modelRatio.get('gpt-4o')).toBe(1.25);
  });
  it('falls back on a bad QuotaPerUnit and reads self-use mode', () => {
    const s = snap({ QuotaPerUnit: 'abc', SelfUseModeEnabled: 'true' });
    expect(s.quotaPerUnit).toBe(500000);
    expect(s.selfUseMode).toBe(true);
  });
});

describe('resolvePrice', () => {
  it('ratio model: model, completion (family rule), cache and cache-write ratios, group', () => {
    expect(resolvePrice(snap(), { ...q, model: 'gpt-4o' })).toEqual({
      ok: true,
      price: {
        mode: 'token', model: 'gpt-4o', modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5, cacheCreationRatio: 1.25,
        audioRatio: 20, audioCompletionRatio: 2, unset: false, group: 'default', groupRatio: 1, groupKnown: true,
      },
    });
  });
  it('fixed price per call wins over a ratio', () => {
    const r = resolvePrice(snap(), { ...q, model: 'dall-e-3' });
    expect(r).toEqual({ ok: true, price: { mode: 'call', model: 'dall-e-3', priceUsd: 0.04, quotaPerUnit: 500000, group: 'default', groupRatio: 1, groupKnown: true } });
    // gpt-4-gizmo-* has both a price ($0.1) and a ratio (15): per call
    expect(resolvePrice(snap(), { ...q, model: 'gpt-4-gizmo-g-abc' })).toMatchObject({ ok: true, price: { mode: 'call', priceUsd: 0.1 } });
  });
  it('wildcard gpt-4o-gizmo-*: ratio 2.5, completion 3 from the option', () =>
    expect(resolvePrice(snap(), { ...q, model: 'gpt-4o-gizmo-g-x' })).toMatchObject({ ok: true, price: { mode: 'token', modelRatio: 2.5, completionRatio: 3 } }));
  it('the CompletionRatio option overrides the family rule; a model without cache ratio pays 1', () => {
    const r = resolvePrice(snap({ CompletionRatio: '{"gpt-4o":5}' }), { ...q, model: 'gpt-4o' });
    expect(r).toMatchObject({ ok: true, price: { completionRatio: 5 } });
    expect(resolvePrice(snap(), { ...q, model: 'gpt-3.5-turbo' })).toMatchObject({ ok: true, price: { cacheRatio: 1, completionRatio: 3 } });
  });

  describe('group ratio', () => {
    const s = snap({ GroupRatio: '{"default":1,"vip":0.8}' });
    it('token group overrides the user group', () =>
      expect(resolvePrice(s, { model: 'gpt-4o', userGroup: 'default', tokenGroup: 'vip' })).toMatchObject({ ok: true, price: { group: 'vip', groupRatio: 0.8 } }));
    it('empty token group → user group', () => expect(effectiveGroup('default', '')).toBe('default'));
    it('group missing from GroupRatio → 1, flagged', () =>
      expect(resolvePrice(s, { model: 'gpt-4o', userGroup: 'svip' })).toMatchObject({ ok: true, price: { groupRatio: 1, groupKnown: false } }));
  });

  describe('unpriced model', () => {
    it('external mode: refused with model_price_error (a result, not a throw)', () =>
      expect(resolvePrice(snap(), { ...q, model: 'my-model' })).toEqual({ ok: false, error: 'model_price_error', model: 'my-model' }));
    it('self-use mode: allowed at ratio 37.5, marked unset', () =>
      expect(resolvePrice(snap({ SelfUseModeEnabled: 'true' }), { ...q, model: 'my-model' })).toMatchObject({
        ok: true, price: { mode: 'token', modelRatio: 37.5, unset: true, completionRatio: 1, cacheRatio: 1 },
      }));
    it('the user setting accept_unset_model_ratio_model allows it too', () =>
      expect(resolvePrice(snap(), { ...q, model: 'my-model', acceptUnsetModel: true })).toMatchObject({ ok: true, price: { modelRatio: 37.5 } }));
    it('a dated snapshot not in the table is not priced as its base model', () =>
      expect(resolvePrice(snap(), { ...q, model: 'gpt-4o-2099-01-01' })).toMatchObject({ ok: false }));
  });

  describe('the user\'s own model ratios (users.models_ratio)', () => {
    const own = ratioTable({ 'gpt-4o': 2, 'my-model': 0.5, 'dall-e-3': 9, 'gpt-4o-gizmo-*': 0 });
    it('a listed model uses the user\'s ratio instead of ModelRatio\'s, and says so', () => {
      expect(resolvePrice(snap(), { ...q, model: 'gpt-4o', userRatios: own })).toMatchObject({
        ok: true, price: { mode: 'token', modelRatio: 2, userRatio: 2, completionRatio: 4, cacheRatio: 0.5, groupRatio: 1, unset: false },
      });
    });
    it('a model not listed falls back to the site\'s ratio, without the mark', () => {
      const r = resolvePrice(snap(), { ...q, model: 'gpt-3.5-turbo', userRatios: own });
      expect(r).toEqual(resolvePrice(snap(), { ...q, model: 'gpt-3.5-turbo' }));
      expect(r.ok && 'userRatio' in r.price).toBe(false);
    });
    it('prices a model the site leaves unpriced; a ratio of 0 is free, not missing', () => {
      expect(resolvePrice(snap(), { ...q, model: 'my-model', userRatios: own })).toMatchObject({ ok: true, price: { modelRatio: 0.5, unset: false } });
      expect(resolvePrice(snap(), { ...q, model: 'gpt-4o-gizmo-g-x', userRatios: own })).toMatchObject({ ok: true, price: { modelRatio: 0, userRatio: 0 } });
    });
    it('leaves a per-call model (ModelPrice) at its price', () =>
      expect(resolvePrice(snap(), { ...q, model: 'dall-e-3', userRatios: own })).toEqual(resolvePrice(snap(), { ...q, model: 'dall-e-3' })));
    it('applies with the group ratio and to ratio-priced images', () => {
      const s = snap({ GroupRatio: '{"default":1,"vip":0.5}', ModelRatio: '{"img-x":20}' });
      expect(resolvePrice(s, { ...q, model: 'gpt-4o', tokenGroup: 'vip', userRatios: own })).toMatchObject({ ok: true, price: { modelRatio: 2, groupRatio: 0.5 } });
      expect(resolvePrice(s, { ...q, model: 'img-x', image: true, userRatios: ratioTable({ 'img-x': 40 }) })).toMatchObject({
        ok: true, price: { mode: 'call', priceUsd: 0.1, userRatio: 40 },
      });
    });
  });

  it('image model with only a ratio: per image 0.0025 × ratio USD (20 → $0.05)', () =>
    expect(resolvePrice(snap({ ModelRatio: '{"img-x":20}' }), { ...q, model: 'img-x', image: true })).toMatchObject({
      ok: true, price: { mode: 'call', priceUsd: 0.05 },
    }));
});

describe('imageUnits: n × size × quality (reference §4.4 Images)', () => {
  it.each([
    ['dall-e-3', '1024x1024', 'standard', 1, 1],
    ['dall-e-3', undefined, undefined, 1, 1], // default size 1024x1024
    ['dall-e-2', '256x256', undefined, 2, 0.8], // 2 × 0.4
    ['dall-e-2', '512x512', undefined, 1, 0.45],
    ['dall-e-3', '1024x1792', 'standard', 1, 2],
    ['dall-e-3', '1024x1024', 'hd', 1, 2], // 1 × 2
    ['dall-e-3', '1792x1024', 'hd', 1, 3], // 2 × 1.5
    ['dall-e-2', '1024x1024', 'hd', 1, 1], // hd only for dall-e-3
    ['x-image', '640x480', undefined, 3, 3], // unknown size counts 1
    ['x-image', '1024x1024', undefined, 1000, 128], // n bounded to 128
    ['x-image', 'constructor', undefined, 1, 1],
  ])('%s %s %s n=%s → %s', (model, size, quality, n, want) => expect(imageUnits(model, size, quality, n)).toBe(want));
});
