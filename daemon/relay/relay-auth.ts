// Who is calling (reference §2.4, §2.5, §3.3): the API key from `Authorization: Bearer sk-…` (or `x-api-key`), the token and its
// owner from the hot-path caches, and the token's own limits (IP allow-list, models, group). Every refusal is an
// OpenAI-shaped error with new-api's status; keys in messages are masked (sk-abc***xyz).
import { TokenStatus, UserStatus, roleAtLeast } from '../contract/roles.js';
import type { CachedToken } from '../app/cache/token-cache.js';
import type { CachedUser } from '../app/cache/user-cache.js';
import type { Services } from '../app/services.js';
import { maskKey, parseApiKey, effectiveStatus } from '../modules/token/token-rules.js';
import { mayUseGroup } from '../modules/user/user-overrides.js';
import { refuse } from './relay-error.js';
import { normaliseIp } from './ip-allow.js';

export interface Caller {
  token: CachedToken;
  user: CachedUser;
  /** `sk-KEY-CHANNELID`: an administrator's channel choice (no retries then). */
  pinnedChannel: number | null;
}

/** The key from `Authorization` (with or without `Bearer `), else Anthropic's `x-api-key`; '' when absent. */
export function apiKeyOf(headers: Record<string, string | string[] | undefined>): string {
  const first = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? '').trim();
  return first(headers.authorization).replace(/^Bearer\s+/i, '').trim() || first(headers['x-api-key']);
}

export async function authenticate(s: Services, rawKey: string, ip: string): Promise<Caller> {
  if (!rawKey) throw refuse(401, 'relay.no_key', undefined, 'invalid_api_key');
  const parsed = parseApiKey(rawKey);
  const masked = () => maskKey(parsed.ok ? parsed.key : rawKey);
  const token = parsed.ok ? (s.caches.tokens.peek(parsed.key) ?? (await s.caches.tokens.get(parsed.key))) : undefined;
  if (!parsed.ok || !token) throw refuse(401, 'relay.token_invalid', { key: masked() }, 'invalid_api_key');
  const status = effectiveStatus(
    // the ledger wallet is ahead of the snapshot (and of the database) for a token in use
    { status: token.status, expired_time: token.expiredTime, remain_quota: s.wallet.tokenRemain(token.id) ?? token.remainQuota, unlimited_quota: token.unlimited },
    s.clock(),
  );
  if (status !== token.status) {
    // Time or quota ran out since the snapshot: store it (the token service does, and bumps the epoch).
    void s.tokens.findActiveByKey(token.key).catch(() => undefined);
  }
  if (status === TokenStatus.expired) throw refuse(401, 'relay.token_expired', { key: masked() }, 'token_expired');
  if (status === TokenStatus.exhausted) throw refuse(401, 'relay.token_exhausted', { key: masked() }, 'token_exhausted');
  if (status !== TokenStatus.enabled) throw refuse(401, 'relay.token_disabled', { key: masked() }, 'token_disabled');
  const user = s.caches.users.peek(token.userId) ?? (await s.caches.users.get(token.userId));
  if (!user) throw refuse(401, 'relay.token_invalid', { key: masked() }, 'invalid_api_key');
  if (user.status !== UserStatus.enabled) throw refuse(403, 'relay.user_banned', undefined, 'user_banned');
  if (parsed.channelId !== null && !roleAtLeast(user.role, 'admin')) throw refuse(403, 'relay.channel_pin_forbidden', undefined, 'channel_pin_forbidden');
  if (token.allowIps && !token.allowIps.allows(ip)) throw refuse(403, 'relay.ip_not_allowed', { ip: normaliseIp(ip) }, 'ip_not_allowed');
  return { token, user, pinnedChannel: parsed.channelId };
}

/** The token's model limits (reference §2.5): a listed model, or any when limits are off. */
export function checkModelAllowed(token: CachedToken, model: string): void {
  if (token.modelLimits && !token.modelLimits.has(model)) throw refuse(403, 'relay.model_not_allowed', { model }, 'model_not_allowed');
}

/**
 * The group a call is routed and priced in: the token's group when set (it must be one the user may use — their own,
 * UserUsableGroups or their allow_groups — and still be priced in GroupRatio), else the user's.
 */
export function routingGroup(caller: Caller, usableGroups: ReadonlySet<string>, pricedGroups: ReadonlySet<string>): string {
  const tokenGroup = caller.token.group;
  if (!tokenGroup) return caller.user.group;
  if (!mayUseGroup(tokenGroup, caller.user.group, usableGroups, caller.user.allowGroups))
    throw refuse(403, 'relay.token_group_forbidden', { group: tokenGroup }, 'group_forbidden');
  if (!pricedGroups.has(tokenGroup)) throw refuse(403, 'relay.group_deprecated', { group: tokenGroup }, 'group_deprecated');
  return tokenGroup;
}
