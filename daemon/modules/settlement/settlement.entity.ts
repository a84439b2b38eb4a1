// An agent's withdrawal (clearing) request, with the payout account as it was at request time (spec 3 §3).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const SettlementEntity = defineEntity({
  name: 'Settlement',
  tableName: 'settlements',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    agent_id: p.integer().default(0),
    /** Quota withdrawn (taken from the agent's share_profit_quota). */
    clearing_quota: p.bigint('number').default(0),
    /** pending, completed, cancelled, failed. */
    status: p.string().length(16).default('pending').index(),
    balance_account: p.string().length(255).default(''),
    balance_username: p.string().length(64).default(''),
    balance_platform: p.string().length(32).default(''),
    created_time: p.bigint('number').default(0),
    updated_at: p.bigint('number').default(0),
  }),
  indexes: [{ properties: ['agent_id', 'created_time'] }],
});
export type Settlement = InferEntity<typeof SettlementEntity>;
