// A token as its owner sees it, built from an explicit field list; the key gets its `sk-` prefix here.
import { withKeyPrefix, type TokenView } from '../../contract/token.js';
import type { Token } from './token.entity.js';

export function toTokenView(t: Token): TokenView {
  return {
    id: t.id,
    user_id: t.user_id,
    name: t.name,
    key: withKeyPrefix(t.key),
    status: t.status,
    created_time: Number(t.created_time),
    accessed_time: Number(t.accessed_time),
    expired_time: Number(t.expired_time),
    remain_quota: Number(t.remain_quota),
    used_quota: Number(t.used_quota),
    unlimited_quota: !!t.unlimited_quota,
    model_limits_enabled: !!t.model_limits_enabled,
    model_limits: t.model_limits ?? '',
    allow_ips: t.allow_ips ?? '',
    group: t.group ?? '',
    mj_proxy: t.mj_proxy ?? '',
    mj_model: t.mj_model ?? '',
    mj_proxy_url: t.mj_proxy_url ?? '',
  };
}
