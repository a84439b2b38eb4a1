// A top_ups row as the wire's order: money in yuan with 2 decimals; the agent's fields only for admins and agents.
import type { OrderRow } from '../../contract/orders.js';
import { microsToMoney } from '../invoice/money.js';

export const ORDER_SELECT =
  'id, user_id, trade_no, pay_type, amount, money_micros, status, paid_micros, proxy_user_id, agent_commission_micros, create_time, complete_time';

/** Drivers answer bigints as strings (PostgreSQL) or numbers (SQLite). */
const num = (v: unknown): number => Number(v ?? 0);

export function toOrderRow(r: Record<string, unknown>, full: boolean): OrderRow {
  const row: OrderRow = {
    id: num(r.id),
    create_time: num(r.create_time),
    complete_time: num(r.complete_time),
    user_id: num(r.user_id),
    trade_no: String(r.trade_no ?? ''),
    pay_type: String(r.pay_type ?? ''),
    amount: num(r.amount),
    money: microsToMoney(num(r.money_micros)),
    status: String(r.status ?? ''),
  };
  if (!full) return row;
  return {
    ...row,
    proxy_user_id: num(r.proxy_user_id),
    agent_commission: microsToMoney(num(r.agent_commission_micros)),
    paid: microsToMoney(num(r.paid_micros)),
  };
}
