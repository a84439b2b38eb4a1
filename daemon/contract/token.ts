// API tokens on the wire (spec 3 §3 Token, §9; reference §2.4-§2.6). Statuses live in roles.ts (TokenStatus).

/** A token as its owner sees it. `key` carries the `sk-` prefix; the database stores it without. */
export interface TokenView {
  id: number;
  user_id: number;
  name: string;
  key: string;
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
  status: number;
  created_time: number;
  accessed_time: number;
  /** Unix seconds; -1 = never. */
  expired_time: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  /** Comma list of model names. */
  model_limits: string;
  /** One IP or CIDR range per line; empty = any address. */
  allow_ips: string;
  group: string;
  mj_proxy: string;
  mj_model: string;
  mj_proxy_url: string;
}

/** The fields a token form sends. */
export interface TokenFields {
  name: string;
  remain_quota?: number;
  expired_time?: number;
  unlimited_quota?: boolean;
  model_limits_enabled?: boolean;
  model_limits?: string;
  allow_ips?: string;
  group?: string;
  mj_proxy?: string;
  mj_model?: string;
  mj_proxy_url?: string;
}

/** POST /api/token/: answers the created tokens (an array, also for count 1). */
export interface TokenCreateRequest extends TokenFields {
  /** How many tokens to create at once (1-100); the 2nd and later get a random name suffix. */
  count?: number;
}

/** PUT /api/token/ (full edit; status is ignored) and PUT /api/token/?status_only=true ({id, status}). */
export interface TokenUpdateRequest extends Partial<TokenFields> {
  id: number;
  status?: number;
}

/** GET /api/token/?p&size: 0-based page, bare array answer (reference §0). */
export interface TokenListQuery {
  p?: number;
  size?: number;
}

/** GET /api/token/search?keyword&token (&p&size): name contains keyword, key contains token. */
export interface TokenSearchQuery extends TokenListQuery {
  keyword?: string;
  token?: string;
}

export const TOKEN_KEY_PREFIX = 'sk-';
export const TOKEN_KEY_LENGTH = 48;
export const TOKEN_NAME_MAX = 30;
/** The 2nd and later tokens of a batch get `-` plus this many random characters. */
export const TOKEN_NAME_SUFFIX_LENGTH = 6;
export const TOKEN_BATCH_MAX = 100;
export const TOKEN_MODEL_LIMITS_MAX = 1024;
export const TOKEN_ALLOW_IPS_MAX = 8192;
export const TOKEN_MJ_PROXY_URL_MAX = 255;
/** New token default quota: 500000 = $1 (spec 3 §9). */
export const TOKEN_DEFAULT_QUOTA = 500000;
export const TOKEN_NEVER_EXPIRES = -1;
/** Dollar presets of the remaining-quota field (× quota_per_unit). */
export const TOKEN_QUOTA_PRESETS_USD = [1, 10, 50, 100, 500, 1000] as const;
/** Count presets for batch creation. */
export const TOKEN_COUNT_PRESETS = [10, 20, 30, 100] as const;
/** Expiry presets in seconds from now; 0 = never. */
export const TOKEN_EXPIRY_PRESETS = { never: 0, hour: 3600, day: 86400, month: 30 * 86400 } as const;
export type TokenExpiryPreset = keyof typeof TOKEN_EXPIRY_PRESETS;
/** Drawing speed modes of a token ('' = no preference). */
export const TOKEN_MJ_MODELS = ['mr', 'relax', 'fast', 'turbo'] as const;

/** Adds the `sk-` prefix unless it is there already. */
export const withKeyPrefix = (key: string): string => (key.startsWith(TOKEN_KEY_PREFIX) ? key : TOKEN_KEY_PREFIX + key);
