// An invoice request from a user (spec 3 §3 Invoice request).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const InvoiceEntity = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user_id: p.integer().default(0).index(),
    /** The requesting user's agent (0 = none), so agents can list their users' requests. */
    agent_id: p.integer().default(0).index(),
    /** Invoice title. */
    customer_name: p.string().length(255).default(''),
    customer_tax_id: p.string().length(64).default(''),
    email: p.string().length(255).default(''),
    /** The wire's `total_amount`, in micros (millionths of the site's currency: exact). */
    total_amount_micros: p.bigint('number').default(0),
    /** dzpp (ordinary e-invoice), dzzzszp (VAT special e-invoice). */
    types: p.string().length(32).default(''),
    remark: p.text().default(''),
    /** '0' pending review, '1' done, '2' rejected, '3' failed. */
    status: p.string().length(8).default('0').index(),
    created_time: p.bigint('number').default(0).index(),
    updated_at: p.bigint('number').default(0),
  }),
});
export type Invoice = InferEntity<typeof InvoiceEntity>;
