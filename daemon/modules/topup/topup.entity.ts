// An online-payment top-up order (spec 3 §3 Top-up order; reference §8.2–8.3).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const TopUpEntity = defineEntity({
  name: 'TopUp',
  tableName: 'top_ups',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user_id: p.integer().default(0),
    /** `USR<uid>NO<random><unix ts>`; the payment provider's out_trade_no. */
    trade_no: p.string().length(64).unique(),
    /** wxpay, alipay. */
    pay_type: p.string().length(32).default(''),
    /** Quota bought. */
    amount: p.bigint('number').default(0),
    /** Money paid. */
    money: p.double().$type<number>().default(0),
    /** pending, success, fail, '0' (awaiting manual fix). */
    status: p.string().length(16).default('pending').index(),
    /** The agent the buyer belongs to (0 = none). */
    proxy_user_id: p.integer().default(0),
    agent_commission: p.double().$type<number>().default(0),
    create_time: p.bigint('number').default(0).index(),
    complete_time: p.bigint('number').default(0),
  }),
  indexes: [{ properties: ['user_id', 'create_time'] }, { properties: ['proxy_user_id', 'create_time'] }],
});
export type TopUp = InferEntity<typeof TopUpEntity>;
