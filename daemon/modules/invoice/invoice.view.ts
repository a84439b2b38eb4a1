// An invoices row as the wire's invoice request: the amount in yuan with 2 decimals.
import type { InvoiceRow } from '../../contract/orders.js';
import { microsToMoney } from './money.js';

export const INVOICE_SELECT =
  'id, user_id, agent_id, customer_name, customer_tax_id, email, total_amount_micros, types, remark, status, created_time, updated_at';

const num = (v: unknown): number => Number(v ?? 0);
const str = (v: unknown): string => String(v ?? '');

export function toInvoiceRow(r: Record<string, unknown>): InvoiceRow {
  return {
    id: num(r.id),
    created_time: num(r.created_time),
    updated_at: num(r.updated_at),
    user_id: num(r.user_id),
    agent_id: num(r.agent_id),
    customer_name: str(r.customer_name),
    customer_tax_id: str(r.customer_tax_id),
    email: str(r.email),
    total_amount: microsToMoney(num(r.total_amount_micros)),
    types: str(r.types),
    remark: str(r.remark),
    status: str(r.status),
  };
}
