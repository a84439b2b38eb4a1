// A console account (spec 1 §3). Property names are the wire names; times are unix seconds; quota is integer units.
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    username: p.string().length(64).unique(),
    display_name: p.string().length(64).default(''),
    password: p.string().length(255),
    email: p.string().length(255).default('').index(),
    github_id: p.string().length(64).default('').index(),
    wechat_id: p.string().length(64).default('').index(),
    telegram_id: p.string().length(64).default('').index(),
    linux_do_id: p.string().length(64).default('').index(),
    access_token: p.string().length(64).nullable().unique(),
    role: p.integer().default(1),
    status: p.integer().default(1),
    group: p.string().length(64).default('default').index(),
    quota: p.bigint('number').default(0),
    used_quota: p.bigint('number').default(0),
    request_count: p.integer().default(0),
    aff_code: p.string().length(32).nullable().unique(),
    aff_count: p.integer().default(0),
    aff_quota: p.bigint('number').default(0),
    aff_history_quota: p.bigint('number').default(0),
    inviter_id: p.integer().default(0).index(),
    referrer_id: p.integer().default(0).index(),
    /** The agent this user belongs to (0 = none); agents see only users whose agent_id is theirs. */
    agent_id: p.integer().default(0).index(),
    exclusive_price: p.double().$type<number>().default(0),
    allow_groups: p.text().default(''),
    models_ratio: p.text().default(''),
    order_num: p.integer().default(0),
    setting: p.text().default(''),
    /** Unix seconds of the last quota warning (at most one per two hours, spec 1 §9), claimed by a conditional update. */
    quota_warned_at: p.bigint('number').default(0),
    /** Bumped on disable, delete, role change and password change: sessions and access tokens issued before die. */
    auth_version: p.integer().default(0),
    created_at: p.bigint('number').default(0),
    last_login_time: p.bigint('number').default(0),
    deleted_at: p.bigint('number').nullable().index(),
  }),
});
export type User = InferEntity<typeof UserEntity>;
