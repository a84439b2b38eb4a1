// Token rules without I/O (spec 3 §4-§5, reference §2.4-§2.6): field checks, status transitions, key parsing.
import { isIP } from 'node:net';
import { TokenStatus } from '../../contract/roles.js';
import {
  TOKEN_ALLOW_IPS_MAX, TOKEN_BATCH_MAX, TOKEN_KEY_PREFIX, TOKEN_MJ_MODELS, TOKEN_MJ_PROXY_URL_MAX, TOKEN_MODEL_LIMITS_MAX,
  TOKEN_NAME_MAX, TOKEN_NAME_SUFFIX_LENGTH, TOKEN_NEVER_EXPIRES, type TokenFields,
} from '../../contract/token.js';
import type { MessageKey, MessageParams } from '../../i18n/messages.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: MessageKey; params?: MessageParams };
const fail = (error: MessageKey, params?: MessageParams): { ok: false; error: MessageKey; params?: MessageParams } =>
  ({ ok: false, error, params });

/** The parts of a token that decide its status. */
export interface TokenState {
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
}

export const isExpired = (t: TokenState, now: number): boolean => t.expired_time !== TOKEN_NEVER_EXPIRES && t.expired_time < now;
export const isExhausted = (t: TokenState): boolean => !t.unlimited_quota && t.remain_quota <= 0;

/** An enabled token whose time is up becomes expired (3), one whose limited quota is spent exhausted (4). */
export function effectiveStatus(t: TokenState, now: number): number {
  if (t.status !== TokenStatus.enabled) return t.status;
  if (isExpired(t, now)) return TokenStatus.expired;
  if (isExhausted(t)) return TokenStatus.exhausted;
  return t.status;
}

/**
 * Status after a full edit: a disabled token stays disabled; any other is judged afresh, so an expired or
 * exhausted token whose cause the edit removed is enabled again, and an enabled one set to 0 quota is exhausted.
 */
export function statusAfterEdit(t: TokenState, now: number): number {
  if (t.status === TokenStatus.disabled) return t.status;
  return effectiveStatus({ ...t, status: TokenStatus.enabled }, now);
}

/** Why a token may not be switched on, or null. */
export function enableRefusal(t: TokenState, now: number): MessageKey | null {
  if (isExpired(t, now)) return 'token.enable_expired';
  if (isExhausted(t)) return 'token.enable_exhausted';
  return null;
}

/** Only enable (1) and disable (2) are user actions (spec 3 §4). */
export const isUserStatus = (s: number): boolean => s === TokenStatus.enabled || s === TokenStatus.disabled;

export function checkName(raw: string | undefined): Checked<string> {
  const name = (raw ?? '').trim();
  if (!name) return fail('token.name_required');
  if ([...name].length > TOKEN_NAME_MAX) return fail('token.name_too_long', { max: TOKEN_NAME_MAX });
  return { ok: true, value: name };
}

/** -1 (never) or a time after now. `unchanged` (the stored value) is accepted as is, so editing a name works. */
export function checkExpiry(value: number, now: number, unchanged?: number): Checked<number> {
  if (value === TOKEN_NEVER_EXPIRES || value === unchanged) return { ok: true, value };
  if (!Number.isSafeInteger(value) || value <= now) return fail('token.expiry_invalid');
  return { ok: true, value };
}

export function checkCount(raw: number | undefined): Checked<number> {
  const n = raw ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > TOKEN_BATCH_MAX) return fail('token.count_invalid', { max: TOKEN_BATCH_MAX });
  return { ok: true, value: n };
}

/** Comma list, trimmed, without empty or repeated names. */
export function checkModelLimits(raw: string): Checked<string> {
  const names = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  const value = names.join(',');
  if (value.length > TOKEN_MODEL_LIMITS_MAX) return fail('token.model_limits_too_long', { max: TOKEN_MODEL_LIMITS_MAX });
  return { ok: true, value };
}

/** A single IPv4/IPv6 address or a CIDR range (prefix 0-32 for IPv4, 0-128 for IPv6). */
export function isIpOrCidr(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return isIP(s) !== 0;
  const addr = s.slice(0, slash);
  const prefix = s.slice(slash + 1);
  const family = isIP(addr);
  if (family === 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** One address or range per line; blank lines are dropped; the first bad line is named (1-based). */
export function checkAllowIps(raw: string): Checked<string> {
  if (raw.length > TOKEN_ALLOW_IPS_MAX) return fail('token.allow_ips_too_long', { max: TOKEN_ALLOW_IPS_MAX });
  const kept: string[] = [];
  const lines = raw.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    if (!isIpOrCidr(line)) return fail('token.allow_ip_invalid', { line: i + 1, value: line.slice(0, 64) });
    if (!kept.includes(line)) kept.push(line);
  }
  return { ok: true, value: kept.join('\n') };
}

/**
 * Empty (the user's own group), or one of `groups` (those the user may use that GroupRatio prices). `unchanged` (an
 * edited token's stored group) is kept as is, so renaming a token works after the group was taken away; the relay
 * then refuses it with its own message.
 */
export function checkGroup(raw: string, groups: ReadonlySet<string>, unchanged?: string): Checked<string> {
  const group = raw.trim();
  if (group && group !== unchanged && !groups.has(group)) return fail('token.group_invalid', { group: group.slice(0, 64) });
  return { ok: true, value: group };
}

export function checkMjModel(raw: string): Checked<string> {
  const v = raw.trim();
  if (v && !(TOKEN_MJ_MODELS as readonly string[]).includes(v)) return fail('token.mj_model_invalid');
  return { ok: true, value: v };
}

export function checkMjProxy(raw: string): Checked<string> {
  const v = raw.trim();
  if (v.length > 64) return fail('token.mj_proxy_too_long', { max: 64 });
  return { ok: true, value: v };
}

/** Empty, or an absolute https URL (no user:password part). */
export function checkMjProxyUrl(raw: string): Checked<string> {
  const v = raw.trim();
  if (!v) return { ok: true, value: '' };
  if (v.length > TOKEN_MJ_PROXY_URL_MAX) return fail('token.mj_proxy_url_invalid');
  try {
    const u = new URL(v);
    if (u.protocol !== 'https:' || !u.hostname || u.username || u.password) return fail('token.mj_proxy_url_invalid');
  } catch {
    return fail('token.mj_proxy_url_invalid');
  }
  return { ok: true, value: v };
}

export function checkQuota(n: number): Checked<number> {
  if (!Number.isSafeInteger(n) || n < 0) return fail('token.quota_invalid');
  return { ok: true, value: n };
}

type Editable = Required<TokenFields>;

/**
 * Checks and normalises the fields present in `input` (absent ones are left out of the answer). `storedExpiry`
 * is the current expiry of an edited token, which may be kept even when it has passed.
 */
export function checkFields(
  input: Partial<TokenFields>,
  ctx: { now: number; groups: ReadonlySet<string>; storedExpiry?: number; storedGroup?: string },
): Checked<Partial<Editable>> {
  const out: Partial<Editable> = {};
  const steps: Array<[keyof Editable, () => Checked<unknown> | null]> = [
    ['name', () => (input.name === undefined ? null : checkName(input.name))],
    ['remain_quota', () => (input.remain_quota === undefined ? null : checkQuota(input.remain_quota))],
    ['expired_time', () => (input.expired_time === undefined ? null : checkExpiry(input.expired_time, ctx.now, ctx.storedExpiry))],
    ['model_limits', () => (input.model_limits === undefined ? null : checkModelLimits(input.model_limits))],
    ['allow_ips', () => (input.allow_ips === undefined ? null : checkAllowIps(input.allow_ips))],
    ['group', () => (input.group === undefined ? null : checkGroup(input.group, ctx.groups, ctx.storedGroup))],
    ['mj_proxy', () => (input.mj_proxy === undefined ? null : checkMjProxy(input.mj_proxy))],
    ['mj_model', () => (input.mj_model === undefined ? null : checkMjModel(input.mj_model))],
    ['mj_proxy_url', () => (input.mj_proxy_url === undefined ? null : checkMjProxyUrl(input.mj_proxy_url))],
  ];
  for (const [field, check] of steps) {
    const r = check();
    if (!r) continue;
    if (!r.ok) return r;
    (out as Record<string, unknown>)[field] = r.value;
  }
  if (input.unlimited_quota !== undefined) out.unlimited_quota = input.unlimited_quota;
  if (input.model_limits_enabled !== undefined) out.model_limits_enabled = input.model_limits_enabled;
  return { ok: true, value: out };
}

/** Names of a batch: the first as given, the rest with `-` and a random suffix. */
export function batchNames(name: string, count: number, random: (length: number) => string): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? name : `${name}-${random(TOKEN_NAME_SUFFIX_LENGTH)}`));
}

/** The group names of a GroupRatio option value (a JSON object); none when it does not parse. */
export function groupNames(groupRatioJson: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(groupRatioJson);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? new Set(Object.keys(parsed)) : new Set();
  } catch {
    return new Set();
  }
}

/** An API key as sent by a client (reference §2.4): `sk-` stripped, then `key[-channelId]`. */
export type ParsedKey = { ok: true; key: string; channelId: number | null } | { ok: false };

export function parseApiKey(raw: string): ParsedKey {
  let s = raw.trim();
  if (s.startsWith(TOKEN_KEY_PREFIX)) s = s.slice(TOKEN_KEY_PREFIX.length);
  const parts = s.split('-');
  const key = parts[0];
  if (!key || parts.length > 2 || !/^[0-9A-Za-z]+$/.test(key)) return { ok: false };
  if (parts.length === 1) return { ok: true, key, channelId: null };
  if (!/^\d{1,9}$/.test(parts[1]) || Number(parts[1]) < 1) return { ok: false };
  return { ok: true, key, channelId: Number(parts[1]) };
}

/** `sk-abc***xyz`, for messages that must not reveal a key. */
export function maskKey(key: string): string {
  const k = key.startsWith(TOKEN_KEY_PREFIX) ? key.slice(TOKEN_KEY_PREFIX.length) : key;
  return k.length <= 6 ? `${TOKEN_KEY_PREFIX}***` : `${TOKEN_KEY_PREFIX}${k.slice(0, 3)}***${k.slice(-3)}`;
}

/** Escapes `\`, `%` and `_` for a LIKE pattern used with ESCAPE '\' (a bare `%` made searches slow upstream). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
