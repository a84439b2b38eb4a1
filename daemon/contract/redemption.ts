// Redemption codes on the wire (spec 3 "Redemption code management", §3-§5, §7 "Redemptions", §9; reference §8.1).
// Statuses live in roles.ts (RedemptionStatus: 1 unused, 2 disabled, 3 used).

/** A code as an administrator sees it (GET /api/redemption/, /search, /{id}). */
export interface RedemptionView {
  id: number;
  /** The administrator who created it. */
  user_id: number;
  /** 32 lowercase hex characters. */
  key: string;
  /** 1 unused, 2 disabled, 3 used. */
  status: number;
  name: string;
  quota: number;
  created_time: number;
  /** Unix seconds of the redemption; 0 while unused. */
  redeemed_time: number;
  /** Who redeemed it; 0 = nobody yet. */
  used_user_id: number;
}

/** POST /api/redemption/: answers the created keys, in creation order. */
export interface RedemptionCreateRequest {
  /** 1-20 characters. */
  name: string;
  /** Default REDEMPTION_DEFAULT_QUOTA. */
  quota?: number;
  /** 1-100 codes at once; default 1. */
  count?: number;
}

/**
 * PUT /api/redemption/ edits name and quota of an unused code; PUT /api/redemption/?status_only=true {id, status}
 * enables (1) or disables (2) it.
 */
export interface RedemptionUpdateRequest {
  id: number;
  name?: string;
  quota?: number;
  status?: number;
}

/** GET /api/redemption/?p&page_size: 1-based paging, answer Page<RedemptionView>. */
export interface RedemptionListQuery {
  p?: number;
  page_size?: number;
}

/** GET /api/redemption/search: a numeric keyword matches the id or a name prefix, any other a name prefix. */
export interface RedemptionSearchQuery extends RedemptionListQuery {
  keyword?: string;
}

/** POST /api/user/topup {key}: answers the quota credited. */
export interface RedeemRequest {
  key: string;
}

export const REDEMPTION_KEY_LENGTH = 32;
export const REDEMPTION_NAME_MIN = 1;
export const REDEMPTION_NAME_MAX = 20;
export const REDEMPTION_BATCH_MAX = 100;
/** New code defaults (spec 3 §9). */
export const REDEMPTION_DEFAULT_QUOTA = 100000;
export const REDEMPTION_DEFAULT_COUNT = 1;
