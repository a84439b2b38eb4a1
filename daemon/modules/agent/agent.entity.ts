// A reseller: profile and counters of the user whose id is agent_id (spec 3 §3 Agent; reference §14). Soft-deleted.
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const AgentEntity = defineEntity({
  name: 'Agent',
  tableName: 'agents',
  properties: (p) => ({
    /** The agent's user id (not generated). */
    agent_id: p.integer().primary().autoincrement(false),
    /** The agent's site domain. */
    domain: p.string().length(255).default('').index(),
    /** Parent agent's user id (0 = none). */
    agent_agent_id: p.integer().default(0).index(),
    /** 0 ordinary user, 10 super agent, 100 main-site admin. */
    level: p.integer().default(0),
    user_num: p.integer().default(0),
    order_num: p.integer().default(0),
    /** The wire's `order_money` and `share_profit` (lifetime), in micros (millionths of the site's currency: exact). */
    order_money_micros: p.bigint('number').default(0),
    share_profit_micros: p.bigint('number').default(0),
    /** Withdrawable quota. */
    share_profit_quota: p.bigint('number').default(0),
    /** Payout account, real name and platform (weixin, alipay). */
    balance_account: p.string().length(255).default(''),
    balance_username: p.string().length(64).default(''),
    balance_platform: p.string().length(32).default(''),
    created_at: p.bigint('number').default(0),
    deleted_at: p.bigint('number').nullable().index(),
  }),
  // One live agent per domain (design agents.md §1): deleted agents keep theirs, '' means none. A partial index, the
  // same SQL on SQLite and PostgreSQL; the schema diff compares such indexes by name.
  uniques: [
    {
      name: 'agents_domain_live_unique',
      expression: `create unique index "agents_domain_live_unique" on "agents" ("domain") where "deleted_at" is null and "domain" <> ''`,
    },
  ],
});
export type Agent = InferEntity<typeof AgentEntity>;
