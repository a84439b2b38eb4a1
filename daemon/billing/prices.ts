// What one call of a model costs, from a snapshot of the price options (reference §4.2): a fixed USD price per call
// when ModelPrice lists the model, otherwise ratios (model, completion, cache-read, cache-write, audio) — and in
// both cases the group ratio. A model with neither is not priced: the result says so (the relay answers 500
// model_price_error) unless self-use mode or the user's "accept unset models" setting lets it through at ratio 37.5.
// A user's own models_ratio (PriceQuery.userRatios) replaces ModelRatio for the models it lists.
import type { OptionKey } from '../contract/options.js';
import { clampN, clampQuotaPerUnit, cleanPrice, cleanRatio } from './bounds.js';
import { dec, mul, toNumber } from './decimal.js';
import {
  CACHE_CREATION_RATIO,
  CACHE_RATIO_FALLBACK,
  IMAGE_PRICE_PER_RATIO,
  UNKNOWN_MODEL_RATIO,
  audioCompletionRatio,
  audioRatio,
  familyCompletionRatio,
  lookupNames,
} from './default-ratios.js';

/** name → ratio or price; a Map so that names like "__proto__" or "constructor" are just names. */
export type RatioTable = ReadonlyMap<string, number>;

export interface PricingSnapshot {
  modelRatio: RatioTable;
  modelPrice: RatioTable;
  completionRatio: RatioTable;
  cacheRatio: RatioTable;
  groupRatio: RatioTable;
  quotaPerUnit: number;
  selfUseMode: boolean;
}

/** The options a pricing snapshot is built from. */
export const PRICING_OPTION_KEYS = [
  'ModelRatio',
  'ModelPrice',
  'CompletionRatio',
  'CacheRatio',
  'GroupRatio',
  'QuotaPerUnit',
  'SelfUseModeEnabled',
] as const satisfies readonly OptionKey[];
export type PricingOptions = Record<(typeof PRICING_OPTION_KEYS)[number], string>;

/**
 * Parses a ratio/price option (a JSON object of name → number). Entries that are not finite non-negative numbers
 * are dropped (their model becomes unpriced, which refuses rather than bills wrongly); values above the bound are
 * capped. Text that is not a JSON object gives an empty table. `price` selects the USD bound instead of the ratio one.
 */
export function parseRatioTable(text: string, kind: 'ratio' | 'price' = 'ratio'): RatioTable {
  const table = new Map<string, number>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return table;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return table;
  for (const [name, value] of Object.entries(parsed)) {
    const clean = kind === 'price' ? cleanPrice(value) : cleanRatio(value);
    if (clean !== null) table.set(name, clean);
  }
  return table;
}

/** A table from a plain object (tests, built-in defaults). */
export const ratioTable = (obj: Readonly<Record<string, number>>): RatioTable => parseRatioTable(JSON.stringify(obj));

/** Builds the snapshot from the raw option strings (memoise it per option-store version: it parses JSON). */
export function pricingSnapshot(o: PricingOptions): PricingSnapshot {
  return {
    modelRatio: parseRatioTable(o.ModelRatio),
    modelPrice: parseRatioTable(o.ModelPrice, 'price'),
    completionRatio: parseRatioTable(o.CompletionRatio),
    cacheRatio: parseRatioTable(o.CacheRatio),
    groupRatio: parseRatioTable(o.GroupRatio),
    quotaPerUnit: clampQuotaPerUnit(Number(o.QuotaPerUnit)),
    selfUseMode: o.SelfUseModeEnabled === 'true',
  };
}

export interface PriceQuery {
  /** The model name billed (after model mapping: the name the user asked for, as new-api does). */
  model: string;
  userGroup: string;
  /** A token's group overrides the user's when it is set. */
  tokenGroup?: string | null;
  /** The user setting `accept_unset_model_ratio_model`. */
  acceptUnsetModel?: boolean;
  /** Image generation: a model with only a ratio is billed per image at 0.0025 × ratio USD. */
  image?: boolean;
  /**
   * The caller's own model ratios (users.models_ratio, set by an administrator): a model listed there is billed at
   * that ratio instead of ModelRatio's. null or absent: the site's ratios only.
   */
  userRatios?: RatioTable | null;
}

interface GroupPart {
  group: string;
  groupRatio: number;
  /** false when GroupRatio has no entry for the group: ratio 1 is used and the caller should log it. */
  groupKnown: boolean;
  /** Present when the model ratio came from the caller's own models_ratio (PriceQuery.userRatios): that ratio. */
  userRatio?: number;
}

export interface CallPrice extends GroupPart {
  mode: 'call';
  model: string;
  /** USD per call (per image for image models). */
  priceUsd: number;
  quotaPerUnit: number;
}

export interface TokenPrice extends GroupPart {
  mode: 'token';
  model: string;
  modelRatio: number;
  completionRatio: number;
  cacheRatio: number;
  cacheCreationRatio: number;
  audioRatio: number;
  audioCompletionRatio: number;
  /** true when the model has no ratio and is let through at UNKNOWN_MODEL_RATIO (self-use / user setting). */
  unset: boolean;
}

export type Price = CallPrice | TokenPrice;
export type PriceResult = { ok: true; price: Price } | { ok: false; error: 'model_price_error'; model: string };

function find(table: RatioTable, model: string): number | undefined {
  for (const name of lookupNames(model)) {
    const v = table.get(name);
    if (v !== undefined) return v;
  }
  return undefined;
}

export const effectiveGroup = (userGroup: string, tokenGroup?: string | null): string => tokenGroup || userGroup;

export function groupRatioOf(s: PricingSnapshot, group: string): GroupPart {
  const ratio = s.groupRatio.get(group);
  return ratio === undefined ? { group, groupRatio: 1, groupKnown: false } : { group, groupRatio: ratio, groupKnown: true };
}

/** The completion ratio: the option's entry for the name (or its wildcard), else new-api's family rule, else 1. */
export const completionRatioOf = (s: PricingSnapshot, model: string): number =>
  find(s.completionRatio, model) ?? familyCompletionRatio(model);

export function resolvePrice(s: PricingSnapshot, q: PriceQuery): PriceResult {
  const group = groupRatioOf(s, effectiveGroup(q.userGroup, q.tokenGroup));
  const price = find(s.modelPrice, q.model);
  if (price !== undefined) return { ok: true, price: { mode: 'call', model: q.model, priceUsd: price, quotaPerUnit: s.quotaPerUnit, ...group } };
  // The user's own ratio replaces ModelRatio's (design agents.md §2), not ModelPrice: a per-call model stays per call.
  const userRatio = q.userRatios ? find(q.userRatios, q.model) : undefined;
  const g: GroupPart = userRatio === undefined ? group : { ...group, userRatio };
  let modelRatio = userRatio ?? find(s.modelRatio, q.model);
  const unset = modelRatio === undefined;
  if (modelRatio === undefined) {
    if (!s.selfUseMode && !q.acceptUnsetModel) return { ok: false, error: 'model_price_error', model: q.model };
    modelRatio = UNKNOWN_MODEL_RATIO;
  }
  if (q.image) {
    const priceUsd = toNumber(mul(dec(IMAGE_PRICE_PER_RATIO), dec(modelRatio)));
    return { ok: true, price: { mode: 'call', model: q.model, priceUsd, quotaPerUnit: s.quotaPerUnit, ...g } };
  }
  return {
    ok: true,
    price: {
      mode: 'token',
      model: q.model,
      modelRatio,
      completionRatio: completionRatioOf(s, q.model),
      cacheRatio: find(s.cacheRatio, q.model) ?? CACHE_RATIO_FALLBACK,
      cacheCreationRatio: CACHE_CREATION_RATIO,
      audioRatio: audioRatio(q.model),
      audioCompletionRatio: audioCompletionRatio(q.model),
      unset,
      ...g,
    },
  };
}

const SIZE_FACTOR: Readonly<Record<string, number>> = { '256x256': 0.4, '512x512': 0.45, '1024x1024': 1, '1024x1792': 2, '1792x1024': 2 };

/**
 * Per-call units of an image request (reference §4.4 Images): n × size factor × quality factor. Sizes not in the
 * table count 1; dall-e-3 `hd` doubles the price, or × 1.5 for the tall/wide sizes.
 */
export function imageUnits(model: string, size: string | undefined, quality: string | undefined, n: number): number {
  const s = size ?? '1024x1024';
  const sizeFactor = Object.hasOwn(SIZE_FACTOR, s) ? SIZE_FACTOR[s] : 1;
  const qualityFactor = model === 'dall-e-3' && quality === 'hd' ? (s === '1024x1792' || s === '1792x1024' ? 1.5 : 2) : 1;
  return toNumber(mul(mul(dec(clampN(n)), dec(sizeFactor)), dec(qualityFactor)));
}
