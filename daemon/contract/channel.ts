// Channel shapes on the wire (spec 3 §3, §7 "Channels"; reference §3.1). The key is write-only: no answer holds it.

/** A channel as every /api/channel answer shows it. Lists (`models`, `group`) are comma strings. */
export interface Channel {
  id: number;
  type: number;
  name: string;
  openai_organization: string;
  test_model: string;
  /** 1 enabled, 2 disabled, 3 auto-disabled (ChannelStatus). */
  status: number;
  weight: number;
  created_time: number;
  /** Unix seconds of the last test. */
  test_time: number;
  /** Milliseconds the last test took. */
  response_time: number;
  base_url: string;
  other: string;
  /** Upstream balance as the upstream reports it (USD for OpenAI-style, CNY for DeepSeek). */
  balance: number;
  balance_updated_time: number;
  models: string;
  group: string;
  used_quota: number;
  model_mapping: string;
  status_code_mapping: string;
  priority: number;
  auto_ban: number;
  /** JSON text: ChannelOtherInfo. */
  other_info: string;
  /** '' when untagged. */
  tag: string;
  setting: string;
  param_override: string;
  max_input_tokens: number;
  mj_type: string;
}

export const CHANNEL_FIELDS = [
  'id', 'type', 'name', 'openai_organization', 'test_model', 'status', 'weight', 'created_time', 'test_time',
  'response_time', 'base_url', 'other', 'balance', 'balance_updated_time', 'models', 'group', 'used_quota',
  'model_mapping', 'status_code_mapping', 'priority', 'auto_ban', 'other_info', 'tag', 'setting', 'param_override',
  'max_input_tokens', 'mj_type',
] as const satisfies readonly (keyof Channel)[];

/** Why and when a channel was auto-disabled (status 3). */
export interface ChannelOtherInfo {
  status_reason?: string;
  /** Unix seconds. */
  status_time?: number;
}

/** A list may be sent as a comma string (as new-api) or as an array. */
export type NameList = string | string[];

/** The fields an admin may write. `key` may hold several keys, one per line: create makes one channel per line. */
export interface ChannelInput {
  name?: string;
  type?: number;
  key?: string;
  openai_organization?: string;
  test_model?: string;
  status?: number;
  weight?: number;
  base_url?: string;
  other?: string;
  models?: NameList;
  group?: NameList;
  /** Alias of `group` (the form's name). */
  groups?: string[];
  model_mapping?: string;
  status_code_mapping?: string;
  priority?: number;
  auto_ban?: number;
  other_info?: string;
  /** '' or null removes the tag. */
  tag?: string | null;
  setting?: string;
  param_override?: string;
  max_input_tokens?: number;
  mj_type?: string;
}

export interface ChannelUpdateRequest extends ChannelInput {
  id: number;
}

export interface ChannelListQuery {
  /** 0-based page (reference §0). */
  p?: number;
  page_size?: number;
  /** Order by id descending instead of priority. */
  id_sort?: boolean;
  /** Page over tags: each tag's channels come together, an untagged channel counts as its own entry. */
  tag_mode?: boolean;
}

export interface ChannelSearchQuery {
  keyword?: string;
  group?: string;
  model?: string;
  id_sort?: boolean;
  tag_mode?: boolean;
}

/** GET /api/channel/test/:id: seconds the call took (also top-level `time`, as new-api). */
export interface ChannelTestResult {
  time: number;
  model: string;
}

/** GET /api/channel/update_balance/:id (also top-level `balance`, as new-api). */
export interface ChannelBalanceResult {
  balance: number;
  balance_updated_time: number;
}

/** GET /api/channel/update_balance: every enabled channel whose type offers a balance. */
export interface ChannelBalanceAllResult {
  updated: number;
  failed: number;
  /** Channels auto-disabled because their balance was ≤ 0. */
  disabled: number;
}

/** Only the fields present (and not null) are changed on every channel of `tag`. */
export interface ChannelTagEditRequest {
  tag: string;
  new_tag?: string | null;
  model_mapping?: string | null;
  models?: NameList | null;
  groups?: NameList | null;
  priority?: number | null;
  weight?: number | null;
}

export interface ChannelFetchModelsRequest {
  base_url?: string;
  type: number;
  key: string;
  /** The form's `other` (Azure api-version, Gemini version, Cloudflare account id) for types whose list needs it. */
  other?: string;
}

/** One entry of GET /api/channel/models (OpenAI's model object). */
export interface KnownModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

export const CHANNEL_PRIORITY_MIN = -999;
export const CHANNEL_WEIGHT_MIN = 0;
/** The server's default group (new-api's); spec 3 §9 quotes 'ssvip' for the form, see the channel form. */
export const DEFAULT_CHANNEL_GROUP = 'default';
/** Longest values the columns hold. */
export const CHANNEL_LIMITS = {
  name: 255, group: 64, groupList: 255, model: 255, base_url: 512, organization: 255, test_model: 255, tag: 255,
  mj_type: 32, keys: 500,
} as const;

