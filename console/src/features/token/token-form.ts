// The token drawer's state, its checks (spec 3 §5) and the request bodies, kept pure for tests.
import {
  TOKEN_BATCH_MAX, TOKEN_DEFAULT_QUOTA, TOKEN_EXPIRY_PRESETS, TOKEN_NAME_MAX, TOKEN_NEVER_EXPIRES,
  type TokenCreateRequest, type TokenExpiryPreset, type TokenFields, type TokenUpdateRequest, type TokenView,
} from '@contract/token';
import { DEFAULT_QUOTA_PER_UNIT } from '@contract/roles';

export interface TokenForm {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  /** Unix seconds; -1 = never. */
  expired_time: number;
  model_limits_enabled: boolean;
  model_limits: string[];
  allow_ips: string;
  group: string;
  mj_proxy: string;
  mj_model: string;
  mj_proxy_url: string;
  /** Create only. */
  count: number;
}

export const emptyTokenForm = (): TokenForm => ({
  name: '', remain_quota: TOKEN_DEFAULT_QUOTA, unlimited_quota: false, expired_time: TOKEN_NEVER_EXPIRES,
  model_limits_enabled: false, model_limits: [], allow_ips: '', group: '', mj_proxy: '', mj_model: '', mj_proxy_url: '',
  count: 1,
});

export const formFromToken = (t: TokenView): TokenForm => ({
  name: t.name,
  remain_quota: t.remain_quota,
  unlimited_quota: t.unlimited_quota,
  expired_time: t.expired_time,
  model_limits_enabled: t.model_limits_enabled,
  model_limits: t.model_limits.split(',').map((s) => s.trim()).filter(Boolean),
  allow_ips: t.allow_ips,
  group: t.group,
  mj_proxy: t.mj_proxy,
  mj_model: t.mj_model,
  mj_proxy_url: t.mj_proxy_url,
  count: 1,
});

/** Quota for a dollar amount (spec 3 §9: × quota_per_unit from the status). */
export const usdToQuota = (usd: number, quotaPerUnit: number | undefined): number =>
  Math.round(usd * (quotaPerUnit && quotaPerUnit > 0 ? quotaPerUnit : DEFAULT_QUOTA_PER_UNIT));

/** Unix seconds of an expiry preset, -1 for never. */
export const expiryFromPreset = (preset: TokenExpiryPreset, nowSeconds: number): number =>
  preset === 'never' ? TOKEN_NEVER_EXPIRES : nowSeconds + TOKEN_EXPIRY_PRESETS[preset];

/**
 * The i18n key of the first problem, or null. `storedExpiry` is the edited token's current expiry: it may be
 * kept even when it has passed (the server accepts it unchanged).
 */
export function validateTokenForm(form: TokenForm, opts: { now: number; creating: boolean; storedExpiry?: number }): string | null {
  const name = form.name.trim();
  if (!name) return 'token.form.nameRequired';
  if ([...name].length > TOKEN_NAME_MAX) return 'token.form.nameTooLong';
  if (!Number.isInteger(form.remain_quota) || form.remain_quota < 0) return 'token.form.quotaInvalid';
  const e = form.expired_time;
  if (e !== TOKEN_NEVER_EXPIRES && e !== opts.storedExpiry && (!Number.isInteger(e) || e <= opts.now)) return 'token.form.expiryInvalid';
  if (opts.creating && (!Number.isInteger(form.count) || form.count < 1 || form.count > TOKEN_BATCH_MAX)) return 'token.form.countInvalid';
  const url = form.mj_proxy_url.trim();
  if (url && !/^https:\/\/[^\s/]+/i.test(url)) return 'token.form.mjProxyUrlHttps';
  return null;
}

function fields(form: TokenForm): TokenFields {
  return {
    name: form.name.trim(),
    remain_quota: form.remain_quota,
    unlimited_quota: form.unlimited_quota,
    expired_time: form.expired_time,
    model_limits_enabled: form.model_limits_enabled,
    model_limits: form.model_limits.join(','),
    allow_ips: form.allow_ips,
    group: form.group,
    mj_proxy: form.mj_proxy.trim(),
    mj_model: form.mj_model,
    mj_proxy_url: form.mj_proxy_url.trim(),
  };
}

export const createRequest = (form: TokenForm): TokenCreateRequest => ({ ...fields(form), count: form.count });
export const updateRequest = (id: number, form: TokenForm): TokenUpdateRequest => ({ id, ...fields(form) });
