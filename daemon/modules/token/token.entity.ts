// An API key (`sk-…`) owned by a user (spec 3 §3 Token; reference §2.5). Soft-deleted via deleted_at.
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const TokenEntity = defineEntity({
  name: 'Token',
  tableName: 'tokens',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user_id: p.integer().default(0).index(),
    /** 48 chars of [0-9a-zA-Z], stored without the `sk-` prefix. */
    key: p.string().length(48).unique(),
    /** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
    status: p.integer().default(1),
    name: p.string().length(64).default('').index(),
    created_time: p.bigint('number').default(0),
    accessed_time: p.bigint('number').default(0),
    /** -1 = never expires. */
    expired_time: p.bigint('number').default(-1),
    remain_quota: p.bigint('number').default(0),
    unlimited_quota: p.boolean().default(false),
    model_limits_enabled: p.boolean().default(false),
    /** Comma list of model names. */
    model_limits: p.text().default(''),
    /** One IP per line; empty = any. */
    allow_ips: p.text().default(''),
    used_quota: p.bigint('number').default(0),
    /** '' = the user's group; otherwise replaces it for routing and pricing. */
    group: p.string().length(64).default(''),
    mj_proxy: p.string().length(64).default(''),
    /** mr, relax, fast, turbo. */
    mj_model: p.string().length(32).default(''),
    mj_proxy_url: p.string().length(255).default(''),
    deleted_at: p.bigint('number').nullable().index(),
  }),
});
export type Token = InferEntity<typeof TokenEntity>;
