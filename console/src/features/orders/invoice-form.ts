// The invoice application form (spec 3 §5): the same checks as the server, in the same order, before sending.
import { DEFAULT_INVOICE_TYPE, INVOICE_MIN_AMOUNT, type InvoiceApplyRequest } from '@contract/orders';

export interface InvoiceForm {
  customer_name: string;
  customer_tax_id: string;
  email: string;
  total_amount?: number;
  remark: string;
}

export const emptyInvoiceForm = (): InvoiceForm => ({ customer_name: '', customer_tax_id: '', email: '', total_amount: undefined, remark: '' });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The i18n key of the first problem, or null. */
export function invoiceProblem(f: InvoiceForm, invoiceable: number): string | null {
  if (!f.customer_name.trim()) return 'orders.invoice.titleRequired';
  if (!f.customer_tax_id.trim()) return 'orders.invoice.taxIdRequired';
  if (!f.email.trim()) return 'orders.invoice.emailRequired';
  if (!EMAIL.test(f.email.trim())) return 'orders.invoice.emailInvalid';
  if (f.total_amount === undefined || !Number.isFinite(f.total_amount) || f.total_amount < INVOICE_MIN_AMOUNT) return 'orders.invoice.amountBelowMin';
  if (f.total_amount > invoiceable) return 'orders.invoice.amountExceeds';
  return null;
}

/** The request: trimmed text, the amount as exact 2-decimal text, the (only offered) ordinary e-invoice. */
export const toApplyRequest = (f: InvoiceForm): InvoiceApplyRequest => ({
  customer_name: f.customer_name.trim(),
  customer_tax_id: f.customer_tax_id.trim(),
  email: f.email.trim(),
  total_amount: (f.total_amount ?? 0).toFixed(2),
  types: DEFAULT_INVOICE_TYPE,
  remark: f.remark.trim(),
});
