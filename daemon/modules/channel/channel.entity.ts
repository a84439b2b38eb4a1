// An upstream provider account the relay routes to (spec 3 §3 Channel; reference §3.1).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const ChannelEntity = defineEntity({
  name: 'Channel',
  tableName: 'channels',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    /** Provider kind (reference §6.4 ids). */
    type: p.integer().default(0).index(),
    /** Upstream secret(s); several keys one per line. */
    key: p.text().default(''),
    openai_organization: p.string().length(255).default(''),
    test_model: p.string().length(255).default(''),
    /** 1 enabled, 2 disabled, 3 auto-disabled. */
    status: p.integer().default(1).index(),
    name: p.string().length(255).default('').index(),
    weight: p.integer().default(0),
    created_time: p.bigint('number').default(0),
    test_time: p.bigint('number').default(0),
    /** Milliseconds, from the last test. */
    response_time: p.integer().default(0),
    base_url: p.string().length(512).default(''),
    /** Type-specific extra (api version, region, plugin…). */
    other: p.text().default(''),
    /** Upstream balance in USD. */
    balance: p.double().$type<number>().default(0),
    balance_updated_time: p.bigint('number').default(0),
    /** Comma list of model names. */
    models: p.text().default(''),
    /** Comma list of groups. */
    group: p.string().length(255).default('default'),
    used_quota: p.bigint('number').default(0),
    /** JSON text. */
    model_mapping: p.text().default(''),
    /** JSON text. */
    status_code_mapping: p.text().default(''),
    priority: p.bigint('number').default(0),
    auto_ban: p.integer().default(1),
    /** JSON text: status_reason, status_time. */
    other_info: p.text().default(''),
    tag: p.string().length(255).nullable().index(),
    /** JSON text: force_format, proxy, thinking_to_content. */
    setting: p.text().default(''),
    /** JSON text merged into upstream request bodies. */
    param_override: p.text().default(''),
    max_input_tokens: p.integer().default(0),
    mj_type: p.string().length(32).default(''),
  }),
});
export type Channel = InferEntity<typeof ChannelEntity>;
