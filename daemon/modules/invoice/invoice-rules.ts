// The rules of an invoice request, pure (spec 3 §5, design agents.md §4): required fields in the spec's order,
// the amount as exact micros, the type, and which review moves are allowed.
import { DEFAULT_INVOICE_TYPE, INVOICE_MIN_AMOUNT, INVOICE_REVIEW_STATUSES, INVOICE_TYPES, type InvoiceApplyRequest } from '../../contract/orders.js';
import { InvoiceStatus } from '../../contract/roles.js';
import type { MessageKey, MessageParams } from '../../i18n/messages.js';
import { MICROS_PER_UNIT, parseMoney } from './money.js';

export const INVOICE_MIN_MICROS = INVOICE_MIN_AMOUNT * MICROS_PER_UNIT;
/** Statuses whose amount is taken from what may still be invoiced. */
export const HOLDING_STATUSES = [InvoiceStatus.pending, InvoiceStatus.done] as const;

export interface Application {
  customer_name: string;
  customer_tax_id: string;
  email: string;
  total_amount_micros: number;
  types: string;
  remark: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: MessageKey; params?: MessageParams };

// One @, no spaces, a dot in the domain; the mail server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks and normalises a request; the amount against the invoiceable total is the service's job (in its lock). */
export function checkApplication(req: InvoiceApplyRequest): Checked<Application> {
  const customer_name = (req.customer_name ?? '').trim();
  if (!customer_name) return { ok: false, error: 'invoice.title_required' };
  const customer_tax_id = (req.customer_tax_id ?? '').trim();
  if (!customer_tax_id) return { ok: false, error: 'invoice.tax_id_required' };
  const email = (req.email ?? '').trim();
  if (!email) return { ok: false, error: 'invoice.email_required' };
  if (!EMAIL.test(email)) return { ok: false, error: 'invoice.email_invalid' };
  const amount = parseMoney(req.total_amount ?? '');
  if (!amount.ok) return { ok: false, error: 'invoice.amount_invalid' };
  if (amount.micros < INVOICE_MIN_MICROS) return { ok: false, error: 'invoice.amount_below_min', params: { min: INVOICE_MIN_AMOUNT } };
  const types = (req.types ?? '').trim() || DEFAULT_INVOICE_TYPE;
  if (!(INVOICE_TYPES as readonly string[]).includes(types)) return { ok: false, error: 'invoice.type_invalid' };
  return { ok: true, value: { customer_name, customer_tax_id, email, total_amount_micros: amount.micros, types, remark: (req.remark ?? '').trim() } };
}

/** A pending request may become done, rejected or failed; nothing else moves. */
export const isReviewStatus = (s: string): boolean => (INVOICE_REVIEW_STATUSES as readonly string[]).includes(s);
