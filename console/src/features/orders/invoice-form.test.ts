import { describe, expect, it } from 'vitest';
import { emptyInvoiceForm, invoiceProblem, toApplyRequest } from './invoice-form';

const good = { customer_name: ' ACME ', customer_tax_id: ' 9131 ', email: ' a@b.cn ', total_amount: 1000.1, remark: ' r ' };

describe('invoice form', () => {
  it('finds the first problem in the spec order', () => {
    expect(invoiceProblem(emptyInvoiceForm(), 5000)).toBe('orders.invoice.titleRequired');
    expect(invoiceProblem({ ...good, customer_tax_id: ' ' }, 5000)).toBe('orders.invoice.taxIdRequired');
    expect(invoiceProblem({ ...good, email: '' }, 5000)).toBe('orders.invoice.emailRequired');
    expect(invoiceProblem({ ...good, email: 'x@y' }, 5000)).toBe('orders.invoice.emailInvalid');
    expect(invoiceProblem({ ...good, total_amount: undefined }, 5000)).toBe('orders.invoice.amountBelowMin');
    expect(invoiceProblem({ ...good, total_amount: 999.99 }, 5000)).toBe('orders.invoice.amountBelowMin');
    expect(invoiceProblem({ ...good, total_amount: 5000.01 }, 5000)).toBe('orders.invoice.amountExceeds');
    expect(invoiceProblem(good, 5000)).toBeNull();
  });

  it('sends trimmed text, the amount as 2-decimal text and the ordinary e-invoice', () => {
    expect(toApplyRequest(good)).toEqual({
      customer_name: 'ACME', customer_tax_id: '9131', email: 'a@b.cn', total_amount: '1000.10', types: 'dzpp', remark: 'r',
    });
  });
});
