// The pricing page's calls (spec 3 "Pricing page", entity "Pricing model"; reference §4.2, §4.9): GET /api/pricing
// (public: a visitor sees the default group, a signed-in user their own group and the groups they may use),
// GET /api/tags and GET /api/models. Every price is what the relay charges, worked out by its own billing code.

/** How a model is billed: by tokens × ratios (0) or a fixed price per call (1). */
export const QuotaType = { ratio: 0, price: 1 } as const;
export type QuotaType = (typeof QuotaType)[keyof typeof QuotaType];

/** Prices of token-billed models are given per this many tokens. */
export const PRICE_TOKENS = 1_000_000;

/** The group a visitor is priced in. */
export const VISITOR_GROUP = 'default';

/** A model maker: the vendor tabs of the pricing page. `icon`: a short monogram the console draws. */
export interface PricingVendor {
  key: string;
  name: string;
  icon: string;
}

/**
 * What one group pays for a model (spec: group_price per group). Quota columns are what the relay charges: per
 * PRICE_TOKENS tokens of each kind (type 0), or per call (type 1, `call_quota`); unused ones are 0.
 */
export interface GroupPrice {
  type: QuotaType;
  /** USD (quota ÷ QuotaPerUnit): per PRICE_TOKENS input tokens (type 0) or per call (type 1). */
  price: number;
  group_ratio: number;
  /**
   * The viewer's own ratio for this model (their models_ratio, set by an administrator), which replaces the site's
   * ModelRatio in the row's model_ratio and in these prices; 1 when they have none for it (or it is priced per call).
   */
  user_ratio: number;
  input_quota: number;
  output_quota: number;
  cache_read_quota: number;
  cache_write_quota: number;
  call_quota: number;
}

/** One model some enabled channel offers (spec: name = model_name, provider = vendor, type = quota_type). */
export interface PricingModel {
  model_name: string;
  quota_type: QuotaType;
  /** 0 for fixed-price models; the viewer's own ratio when their models_ratio lists the model (see GroupPrice.user_ratio). */
  model_ratio: number;
  /** USD per call; 0 for token-billed models. */
  model_price: number;
  completion_ratio: number;
  cache_ratio: number;
  cache_creation_ratio: number;
  /** false: no ratio or price is set, so the relay refuses calls (model_price_error); group_price is then empty. */
  price_set: boolean;
  /** Vendor key (PricingData.vendors), '' when unknown. */
  vendor: string;
  /** new-api's field: the vendor's name, or 'custom'. */
  owner_by: string;
  /** Capability tags (PricingData.tags). */
  tags: string[];
  /** Groups in which an enabled channel serves the model (all of them, not only the caller's). */
  enable_groups: string[];
  /** Prices in each group the caller may use (see PricingData.groups). */
  group_price: Record<string, GroupPrice>;
  /** The caller's own group (a visitor's: default) may call the model. */
  available: boolean;
}

/** GET /api/pricing `data`. */
export interface PricingData {
  models: PricingModel[];
  /** Vendors of the listed models, in display order. */
  vendors: PricingVendor[];
  /** Tags of the listed models, in display order. */
  tags: string[];
  /** The groups the caller may use: their own first, then UserUsableGroups and their allow_groups that GroupRatio prices. */
  groups: string[];
  /** GroupRatio of each of `groups` (new-api: only the usable ones). */
  group_ratio: Record<string, number>;
  /** name → description of each of `groups` (new-api's usable_group). */
  usable_group: Record<string, string>;
  /** The caller's own group ('default' for a visitor). */
  user_group: string;
  /** QuotaPerUnit the quota columns were priced with. */
  quota_per_unit: number;
}

/** GET /api/models: channel type → models the signed-in user may call through channels of that type (new-api's shape). */
export type ModelsByChannelType = Record<string, string[]>;
