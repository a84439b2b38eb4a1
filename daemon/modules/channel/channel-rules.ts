// Channel rules without I/O (spec 3 §5, reference §3.1, §3.2, §3.7, §3.8): input normalisation and validation,
// ability rows, the auto-disable decision and the test model.
import { channelProxy, proxyUrlProblem } from '../../app/proxy.js';
import {
  CHANNEL_LIMITS, CHANNEL_PRIORITY_MIN, CHANNEL_WEIGHT_MIN, DEFAULT_CHANNEL_GROUP, type ChannelInput, type NameList,
} from '../../contract/channel.js';
import { CHANNEL_OTHER_DEFAULTS, channelType, isChannelType } from '../../contract/channel-types.js';
import { ChannelStatus } from '../../contract/roles.js';
import { ServiceError } from '../../app/errors.js';
import { outboundUrlProblem } from '../../app/outbound.js';
import { mapModel, parseJsonObject } from '../../relay/model-mapping.js';

/** Types that call a URL only the admin knows (no default base URL and none derived from the key). */
export const BASE_URL_REQUIRED_TYPES: ReadonlySet<number> = new Set([2, 3, 5, 8, 36, 47]);

/** A comma string or an array → trimmed, non-empty, unique names in their first order. */
export function splitList(v: NameList | null | undefined): string[] {
  const items = Array.isArray(v) ? v : (v ?? '').split(',');
  return [...new Set(items.map((s) => s.trim()).filter(Boolean))];
}

/** Key lines: one channel per line on create; the first line is the one used for tests and model lists. */
export function splitKeys(key: string | null | undefined): string[] {
  return (key ?? '').split(/\r?\n/).map((k) => k.trim()).filter(Boolean);
}

export const firstKey = (key: string): string => splitKeys(key)[0] ?? '';

/** '' or a JSON object (not an array, not a scalar). */
export function isJsonObjectText(s: string): boolean {
  if (!s.trim()) return true;
  return parseJsonObject(s) !== null;
}

export const normaliseBaseUrl = (s: string): string => s.trim().replace(/\/+$/, '');

/**
 * Column values a create or update writes: the input's fields with the lists joined into the stored comma strings
 * (the key apart: create splits it, update replaces it).
 */
export type ChannelPatch = Omit<ChannelInput, 'key' | 'models' | 'group' | 'groups'> & { models?: string; group?: string };

const JSON_FIELDS = [
  ['model_mapping', 'channel.model_mapping_invalid'],
  ['status_code_mapping', 'channel.status_code_mapping_invalid'],
  ['setting', 'channel.setting_invalid'],
  ['param_override', 'channel.param_override_invalid'],
  ['other_info', 'channel.other_info_invalid'],
] as const;

export function checkPriority(v: number): number {
  if (!Number.isInteger(v) || v < CHANNEL_PRIORITY_MIN || v > 2 ** 31 - 1)
    throw new ServiceError('channel.priority_invalid', { min: CHANNEL_PRIORITY_MIN });
  return v;
}

export function checkWeight(v: number): number {
  if (!Number.isInteger(v) || v < CHANNEL_WEIGHT_MIN || v > 2 ** 31 - 1) throw new ServiceError('channel.weight_invalid');
  return v;
}

export function checkModels(v: NameList): string {
  const models = splitList(v);
  if (models.length === 0) throw new ServiceError('channel.models_required');
  if (models.some((m) => m.length > CHANNEL_LIMITS.model)) throw new ServiceError('channel.model_too_long', { max: CHANNEL_LIMITS.model });
  return models.join(',');
}

export function checkGroups(v: NameList): string {
  const groups = splitList(v);
  if (groups.length === 0) return DEFAULT_CHANNEL_GROUP;
  const bad = groups.find((g) => g.length > CHANNEL_LIMITS.group || /\s/.test(g));
  if (bad) throw new ServiceError('channel.group_invalid', { group: bad.slice(0, 80) });
  const joined = groups.join(',');
  if (joined.length > CHANNEL_LIMITS.groupList) throw new ServiceError('channel.groups_too_long', { max: CHANNEL_LIMITS.groupList });
  return joined;
}

export function checkModelMapping(v: string): string {
  const text = v.trim();
  if (!text) return '';
  const obj = parseJsonObject(text);
  if (!obj || Object.values(obj).some((x) => typeof x !== 'string')) throw new ServiceError('channel.model_mapping_invalid');
  return text;
}

/** The `proxy` of a channel's settings: empty, or an http(s)/socks5 URL. */
export function checkProxy(proxy: string): void {
  const problem = proxy ? proxyUrlProblem(proxy) : null;
  if (problem) throw new ServiceError('channel.proxy_invalid', { reason: problem });
}

export function checkBaseUrl(v: string): string {
  const url = normaliseBaseUrl(v);
  if (url && outboundUrlProblem(url)) throw new ServiceError('channel.base_url_invalid');
  return url;
}

const normTag = (v: string | null | undefined): string | null => (v ?? '').trim() || null;

/**
 * Validates what an admin sent and turns it into column values. `create` requires name, key and models and fills
 * defaults; `update` checks only the fields present. Throws ServiceError with the spec's messages.
 */
export function normaliseInput(input: ChannelInput, mode: 'create' | 'update'): ChannelPatch {
  const out: ChannelPatch = {};
  if (mode === 'create') {
    if (!input.name?.trim() || splitKeys(input.key).length === 0) throw new ServiceError('channel.name_key_required');
  }
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw new ServiceError('channel.name_required');
    out.name = name;
  }
  const type = input.type ?? (mode === 'create' ? 1 : undefined);
  if (type !== undefined) {
    if (!isChannelType(type)) throw new ServiceError('channel.type_invalid', { type });
    out.type = type;
  }
  if (input.models !== undefined || mode === 'create') out.models = checkModels(input.models ?? '');
  const groups = input.groups ?? input.group;
  if (groups !== undefined || mode === 'create') out.group = checkGroups(groups ?? '');
  if (input.model_mapping !== undefined) out.model_mapping = checkModelMapping(input.model_mapping);
  for (const [field, error] of JSON_FIELDS) {
    if (field === 'model_mapping') continue;
    const v = input[field];
    if (v === undefined) continue;
    if (!isJsonObjectText(v)) throw new ServiceError(error);
    if (field === 'setting') checkProxy(channelProxy(parseJsonObject(v)));
    out[field] = v.trim();
  }
  if (input.base_url !== undefined) out.base_url = checkBaseUrl(input.base_url);
  if (mode === 'create' && !out.base_url && BASE_URL_REQUIRED_TYPES.has(out.type!) && !channelType(out.type!)?.base_url)
    throw new ServiceError('channel.base_url_required');
  if (input.priority !== undefined) out.priority = checkPriority(input.priority);
  if (input.weight !== undefined) out.weight = checkWeight(input.weight);
  if (input.status !== undefined) {
    if (input.status !== ChannelStatus.enabled && input.status !== ChannelStatus.disabled) throw new ServiceError('channel.status_invalid');
    out.status = input.status;
  }
  if (input.other !== undefined) out.other = input.other.trim();
  // spec 3 §5: type 18 (iFlytek Spark) defaults `other` to v2.1
  if (out.type !== undefined && CHANNEL_OTHER_DEFAULTS[out.type] && !out.other && (mode === 'create' || input.other !== undefined))
    out.other = CHANNEL_OTHER_DEFAULTS[out.type];
  if (input.openai_organization !== undefined) out.openai_organization = input.openai_organization.trim();
  if (input.test_model !== undefined) out.test_model = input.test_model.trim();
  if (input.auto_ban !== undefined) out.auto_ban = input.auto_ban ? 1 : 0;
  if (input.tag !== undefined) out.tag = normTag(input.tag);
  if (input.max_input_tokens !== undefined) out.max_input_tokens = input.max_input_tokens;
  if (input.mj_type !== undefined) out.mj_type = input.mj_type.trim();
  return out;
}

export interface AbilityRow {
  group: string;
  model: string;
  channel_id: number;
  enabled: boolean;
  priority: number;
  weight: number;
  tag: string | null;
}

export interface AbilitySource {
  id: number;
  models: string;
  group: string;
  status: number;
  priority: number;
  weight: number;
  tag?: string | null;
}

/** One row per (group × model) of the channel; `enabled` follows the status (reference §3.2). */
export function abilityRows(ch: AbilitySource): AbilityRow[] {
  const rows: AbilityRow[] = [];
  const groups = splitList(ch.group);
  for (const group of groups.length ? groups : [DEFAULT_CHANNEL_GROUP])
    for (const model of splitList(ch.models))
      rows.push({
        group, model, channel_id: ch.id, enabled: ch.status === ChannelStatus.enabled,
        priority: ch.priority, weight: ch.weight, tag: ch.tag || null,
      });
  return rows;
}

/** other_info with the auto-disable reason and time set (other keys kept). */
export function withStatusReason(otherInfo: string, reason: string, time: number): string {
  const info = parseJsonObject(otherInfo) ?? {};
  return JSON.stringify({ ...info, status_reason: reason, status_time: time });
}

/** What an upstream said when it refused a call. */
export interface UpstreamFailure {
  status?: number;
  code?: string;
  type?: string;
  message: string;
  /** Our side failed (timeout, network, bad URL): never a reason to blame the channel's account. */
  local?: boolean;
}

const DISABLE_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const DISABLE_TYPES = new Set(['insufficient_quota', 'insufficient_user_quota', 'authentication_error', 'permission_error', 'forbidden']);

/** Does this error say the channel's account is unusable (reference §3.7)? The global switch and auto_ban are the caller's. */
export function shouldDisableChannel(f: UpstreamFailure, channelType: number, keywords: readonly string[]): boolean {
  if (f.local) return false;
  if (f.status === 401) return true;
  if (f.status === 403 && channelType === 24) return true;
  // Google answers a bad key with 400 INVALID_ARGUMENT, not 401
  if (f.status === 400 && channelType === 24 && /api key not valid|api_key_invalid/i.test(`${f.message} ${f.code ?? ''}`)) return true;
  if (f.code && DISABLE_CODES.has(f.code)) return true;
  if (f.type && DISABLE_TYPES.has(f.type)) return true;
  const msg = f.message.toLowerCase();
  return keywords.some((k) => k.trim() && msg.includes(k.trim().toLowerCase()));
}

export const parseKeywords = (text: string): string[] => text.split(/\r?\n/).map((k) => k.trim()).filter(Boolean);

/** The model a test uses: asked → the channel's test_model → its first model → gpt-4o-mini; then mapped. */
export function testModelFor(ch: { test_model: string; models: string; model_mapping: string }, requested?: string): { model: string; upstream: string } {
  const model = requested?.trim() || ch.test_model.trim() || splitList(ch.models)[0] || 'gpt-4o-mini';
  return { model, upstream: mapModel(model, parseJsonObject(ch.model_mapping)).upstream };
}

/** Embedding models are tested on /v1/embeddings (reference §3.8). */
export function isEmbeddingModel(model: string, type: number): boolean {
  const m = model.toLowerCase();
  return type === 44 || m.includes('embedding') || m.includes('embed') || m.startsWith('m3e') || m.includes('bge-');
}

/** The smallest useful completion budget for a test call. */
export function testTokenLimit(model: string): { field: 'max_tokens' | 'max_completion_tokens'; value: number } {
  const m = model.toLowerCase();
  if (/^(o1|o3|o4|gpt-5)/.test(m)) return { field: 'max_completion_tokens', value: 10 };
  if (m.includes('gemini')) return { field: 'max_tokens', value: 300 };
  if (m.includes('thinking') && !m.includes('claude')) return { field: 'max_tokens', value: 50 };
  return { field: 'max_tokens', value: 10 };
}

/** Test-all decision for one channel (reference §3.8): 'disable', 'enable' or nothing. */
export function testOutcome(args: {
  status: number;
  autoBan: boolean;
  failure: UpstreamFailure | null;
  elapsedMs: number;
  thresholdSeconds: number;
  autoDisableEnabled: boolean;
  autoEnableEnabled: boolean;
  channelType: number;
  keywords: readonly string[];
}): 'disable' | 'enable' | null {
  const { status, autoBan, failure } = args;
  const slow = args.thresholdSeconds > 0 && args.elapsedMs > args.thresholdSeconds * 1000;
  if (status === ChannelStatus.enabled && autoBan) {
    if (failure && args.autoDisableEnabled && shouldDisableChannel(failure, args.channelType, args.keywords)) return 'disable';
    // The slow-response rule does not consult the global switch (as new-api).
    if (slow) return 'disable';
  }
  // Re-enabled only after a clean, fast test; a manually disabled channel (2) never is.
  if (status === ChannelStatus.autoDisabled && !failure && !slow && args.autoEnableEnabled) return 'enable';
  return null;
}
