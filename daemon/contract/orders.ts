// Top-up orders and invoice requests as the console sees them (spec 3 "Orders page", §3, §4, §5, §7; design
// agents.md §4). Money on the wire is a decimal number of the site's currency (yuan) with at most 2 decimals; the
// database keeps integer micros. Lists are 1-based and answer {items, total, page, page_size}.

/** Order statuses (spec 3 §4): paid, waiting for the provider, failed, timed out, '0' awaiting a manual fix. */
export const ORDER_STATUSES = ['success', 'pending', 'fail', 'expired', '0'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAY_TYPES = ['wxpay', 'alipay'] as const;

export interface OrderRow {
  id: number;
  create_time: number;
  complete_time: number;
  user_id: number;
  trade_no: string;
  /** wxpay, alipay. */
  pay_type: string;
  /** Quota bought. */
  amount: number;
  /** Money to pay, in yuan (2 decimals). */
  money: number;
  status: string;
  /** Admins and agents only: the buyer's agent, the agent's share and what the provider reported paid. */
  proxy_user_id?: number;
  agent_commission?: number;
  paid?: number;
}

export interface OrderFilters {
  p?: number;
  page_size?: number;
  /** Part of the order number (case-sensitive). */
  trade_no?: string;
  start_timestamp?: number;
  end_timestamp?: number;
  /** Admins (and agents with all_user) only. */
  user_id?: number;
  /** Agents on the self list: their sub-users' orders instead of their own. */
  all_user?: boolean;
}

/** Invoice request statuses (spec 3 §4). Pending and done requests hold their amount; the others free it. */
export const INVOICE_STATUSES = ['0', '1', '2', '3'] as const;
export type InvoiceStatusValue = (typeof INVOICE_STATUSES)[number];
/** What an administrator may move a pending request to: done, rejected, failed. */
export const INVOICE_REVIEW_STATUSES = ['1', '2', '3'] as const;
/** dzpp ordinary e-invoice, dzzzszp VAT special e-invoice; the console's selector is disabled on dzpp. */
export const INVOICE_TYPES = ['dzpp', 'dzzzszp'] as const;
export const DEFAULT_INVOICE_TYPE = 'dzpp';
/** The smallest invoice (spec 3 §9), in yuan. */
export const INVOICE_MIN_AMOUNT = 1000;

export interface InvoiceRow {
  id: number;
  created_time: number;
  updated_at: number;
  user_id: number;
  agent_id: number;
  customer_name: string;
  customer_tax_id: string;
  email: string;
  /** In yuan (2 decimals). */
  total_amount: number;
  types: string;
  remark: string;
  status: string;
}

export interface InvoiceFilters {
  p?: number;
  page_size?: number;
  start_timestamp?: number;
  end_timestamp?: number;
  /** Admins (and agents with all_user) only. */
  user_id?: number;
  /** Agents on the self list: their sub-users' requests instead of their own. */
  all_user?: boolean;
}

/** POST /api/user/invoice. total_amount: a decimal with at most 2 decimals, as a number or a string. */
export interface InvoiceApplyRequest {
  customer_name: string;
  customer_tax_id: string;
  email: string;
  total_amount: number | string;
  types?: string;
  remark?: string;
}

/** PUT /api/user/invoice (admins): a pending request becomes done, rejected or failed; remark replaces the old one. */
export interface InvoiceReviewRequest {
  id: number;
  status: string;
  remark?: string;
}
