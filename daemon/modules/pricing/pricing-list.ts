// The pricing page's rows (reference §4.9), without I/O: which models enabled channels offer (and in which
// groups), and what each costs in each group the viewer may use. Prices come from the relay's own code: its price
// resolution (a `PriceOf`, the relay's PricingCache in production) and its quota formula (billing/quota.ts), fed
// PRICE_TOKENS tokens of each kind — so a row shows exactly what the relay would charge.
import { PRICE_TOKENS, QuotaType, type GroupPrice, type PricingModel } from '../../contract/pricing.js';
import type { Candidate } from '../../relay/select-channel.js';
import type { Price, PriceQuery, PriceResult, RatioTable } from '../../billing/prices.js';
import { callQuota, tokenQuota } from '../../billing/quota.js';
import { vendorByKey, vendorOf } from './vendors.js';
import { modelTags } from './model-tags.js';

/** What the channel cache offers (ChannelCache fits it). */
export interface OfferSource {
  groups(): readonly string[];
  models(group: string): readonly string[];
  candidates(group: string, model: string): readonly Candidate[];
  channel(id: number): { type: number } | undefined;
}

/** One offered model, independent of who looks. */
export interface Offer {
  model: string;
  /** Groups whose enabled channels serve it, sorted. */
  groups: string[];
  vendor: string;
  tags: string[];
}

/** Every model some enabled channel serves, sorted by name. */
export function collectOffers(src: OfferSource): Offer[] {
  const byModel = new Map<string, { groups: Set<string>; channels: Set<number> }>();
  for (const group of src.groups()) {
    for (const model of src.models(group)) {
      let o = byModel.get(model);
      if (!o) byModel.set(model, (o = { groups: new Set(), channels: new Set() }));
      o.groups.add(group);
      for (const c of src.candidates(group, model)) o.channels.add(c.channelId);
    }
  }
  return [...byModel.keys()].sort().map((model) => {
    const o = byModel.get(model)!;
    const types = [...o.channels].sort((a, b) => a - b).flatMap((id) => src.channel(id)?.type ?? []);
    return { model, groups: [...o.groups].sort(), vendor: vendorOf(model, types), tags: modelTags(model) };
  });
}

export type PriceOf = (q: PriceQuery) => PriceResult;

/** Who is looking. */
export interface Viewer {
  /** Own group ('default' for a visitor). */
  group: string;
  /** Groups the viewer may use, own first. */
  groups: readonly string[];
  /** The user setting accept_unset_model_ratio_model: unpriced models are billed at the fallback ratio. */
  acceptUnsetModel: boolean;
  /** The viewer's own model ratios (users.models_ratio), priced as the relay prices their calls; null when none. */
  modelRatios?: RatioTable | null;
}

/** The group price of a resolved price; `user_ratio` is the viewer's own ratio when it replaced ModelRatio's. */
export function groupPrice(p: Price, quotaPerUnit: number): GroupPrice {
  const base = { group_ratio: p.groupRatio, user_ratio: p.userRatio ?? 1, input_quota: 0, output_quota: 0, cache_read_quota: 0, cache_write_quota: 0, call_quota: 0 };
  if (p.mode === 'call') {
    const call = callQuota(p);
    return { ...base, type: QuotaType.price, price: call / quotaPerUnit, call_quota: call };
  }
  const n = PRICE_TOKENS;
  const input = tokenQuota({ promptTokens: n }, p).quota;
  return {
    ...base,
    type: QuotaType.ratio,
    price: input / quotaPerUnit,
    input_quota: input,
    output_quota: tokenQuota({ promptTokens: 0, completionTokens: n }, p).quota,
    cache_read_quota: tokenQuota({ promptTokens: n, cachedTokens: n }, p).quota,
    cache_write_quota: tokenQuota({ promptTokens: n, cacheWriteTokens: n }, p).quota,
  };
}

/** The rows one viewer sees: every offer, priced in each of the viewer's groups. */
export function pricingRows(offers: readonly Offer[], priceOf: PriceOf, viewer: Viewer, quotaPerUnit: number): PricingModel[] {
  return offers.map((o) => {
    const q = { model: o.model, acceptUnsetModel: viewer.acceptUnsetModel, userRatios: viewer.modelRatios ?? null };
    const own = priceOf({ ...q, userGroup: viewer.group });
    const row: PricingModel = {
      model_name: o.model, quota_type: QuotaType.ratio, model_ratio: 0, model_price: 0, completion_ratio: 0, cache_ratio: 0,
      cache_creation_ratio: 0, price_set: own.ok, vendor: o.vendor, owner_by: vendorByKey(o.vendor)?.name ?? 'custom',
      tags: o.tags, enable_groups: o.groups, group_price: {}, available: o.groups.includes(viewer.group),
    };
    if (!own.ok) return row;
    const p = own.price;
    if (p.mode === 'call') Object.assign(row, { quota_type: QuotaType.price, model_price: p.priceUsd });
    else Object.assign(row, { model_ratio: p.modelRatio, completion_ratio: p.completionRatio, cache_ratio: p.cacheRatio, cache_creation_ratio: p.cacheCreationRatio });
    for (const g of viewer.groups) {
      const r = g === viewer.group ? own : priceOf({ ...q, userGroup: g });
      if (r.ok) row.group_price[g] = groupPrice(r.price, quotaPerUnit);
    }
    return row;
  });
}
