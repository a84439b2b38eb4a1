// A usage / top-up / admin / system log line (spec 3 §3 Log entry; reference §4.11, §13).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const LogEntity = defineEntity({
  name: 'Log',
  tableName: 'logs',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user_id: p.integer().default(0),
    created_at: p.bigint('number').default(0).index(),
    /** 1 top-up, 2 consumption, 3 admin, 4 system, 5 agent share, 6 error. */
    type: p.integer().default(0).index(),
    content: p.text().default(''),
    username: p.string().length(64).default('').index(),
    token_name: p.string().length(64).default('').index(),
    model_name: p.string().length(255).default('').index(),
    quota: p.bigint('number').default(0),
    prompt_tokens: p.integer().default(0),
    completion_tokens: p.integer().default(0),
    /** Seconds. */
    use_time: p.integer().default(0),
    is_stream: p.boolean().default(false),
    /** The channel id (wire name `channel`). */
    channel: p.integer().default(0).index(),
    channel_name: p.string().length(255).default(''),
    token_id: p.integer().default(0).index(),
    group: p.string().length(64).default(''),
    ip: p.string().length(64).default(''),
    /** JSON text: frt, model_ratio, group_ratio, admin_info.use_channel, … */
    other: p.text().default(''),
  }),
  indexes: [{ properties: ['user_id', 'created_at'] }],
});
export type Log = InferEntity<typeof LogEntity>;
