// A redemption code worth a fixed quota (spec 3 §3 Redemption; reference §8.1). One row per code; soft-deleted.
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const RedemptionEntity = defineEntity({
  name: 'Redemption',
  tableName: 'redemptions',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    /** The admin who created it. */
    user_id: p.integer().default(0),
    /** 32 hex chars (a UUID without dashes). */
    key: p.string().length(32).unique(),
    /** 1 unused, 2 disabled, 3 used. */
    status: p.integer().default(1),
    name: p.string().length(64).default('').index(),
    quota: p.bigint('number').default(100),
    created_time: p.bigint('number').default(0),
    redeemed_time: p.bigint('number').default(0),
    /** 0 = not redeemed yet. */
    used_user_id: p.integer().default(0).index(),
    deleted_at: p.bigint('number').nullable().index(),
  }),
});
export type Redemption = InferEntity<typeof RedemptionEntity>;
