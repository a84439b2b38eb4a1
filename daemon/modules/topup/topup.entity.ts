// An online-payment top-up order (spec 3 §3 Top-up order; reference §8.2–8.3). Money is exact: integer millionths of
// the site's currency (micros; 7.30 yuan = 7_300_000), shown on the wire as the spec's decimal fields.
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
    /** Money to pay (the wire's `money`), in micros; a multiple of 10_000 (whole cents). */
    money_micros: p.bigint('number').default(0),
    /** pending, success, fail, expired, '0' (awaiting manual fix). */
    status: p.string().length(16).default('pending').index(),
    /** Money the payment provider reported paid, in micros (0 until its callback). */
    paid_micros: p.bigint('number').default(0),
    /** The agent the buyer belongs to (0 = none). */
    proxy_user_id: p.integer().default(0),
    /** The agent's share of this order (the wire's `agent_commission`), in micros. */
    agent_commission_micros: p.bigint('number').default(0),
    create_time: p.bigint('number').default(0).index(),
    complete_time: p.bigint('number').default(0),
  }),
  indexes: [{ properties: ['user_id', 'create_time'] }, { properties: ['proxy_user_id', 'create_time'] }],
});
export type TopUp = InferEntity<typeof TopUpEntity>;
