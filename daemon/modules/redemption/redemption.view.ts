// A redemption code as administrators see it, built from an explicit field list (never deleted_at).
import type { RedemptionView } from '../../contract/redemption.js';
import type { Redemption } from './redemption.entity.js';

export function toRedemptionView(r: Redemption): RedemptionView {
  return {
    id: r.id,
    user_id: r.user_id,
    key: r.key,
    status: r.status,
    name: r.name,
    quota: Number(r.quota),
    created_time: Number(r.created_time),
    redeemed_time: Number(r.redeemed_time),
    used_user_id: r.used_user_id,
  };
}
