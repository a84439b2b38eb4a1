import { describe, expect, it } from 'vitest';
import { canApply, formatYuan, invoiceStatusKey, invoiceTypeKey, orderStatusKey, payTypeKey, showApplyTab } from './order-format';
import { publicStatus } from '../../test/fixtures';

describe('order format', () => {
  it('shows yuan with 2 decimals', () => {
    expect(formatYuan(1000.1)).toBe('¥1000.10');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(999.99)).toBe('¥999.99');
    expect(formatYuan(-1.5)).toBe('-¥1.50');
  });

  it('names payment methods, statuses and types', () => {
    expect(payTypeKey('wxpay')).toBe('orders.payType.wxpay');
    expect(payTypeKey('alipay')).toBe('orders.payType.alipay');
    expect(payTypeKey('stripe')).toBeNull();
    expect(orderStatusKey('0')).toBe('orders.status.manual');
    expect(orderStatusKey('success')).toBe('orders.status.success');
    expect(invoiceStatusKey('2')).toBe('orders.invoiceStatus.s2');
    expect(invoiceTypeKey('dzzzszp')).toBe('orders.invoiceType.dzzzszp');
    expect(invoiceTypeKey('')).toBe('orders.invoiceType.dzpp');
  });

  it('allows applying only above 1000', () => {
    expect(canApply(null)).toBe(false);
    expect(canApply(1000)).toBe(false);
    expect(canApply(1000.01)).toBe(true);
  });

  it('shows the application tab for work_info, or when the site turned on orders and invoices', () => {
    const off = publicStatus();
    expect(showApplyTab(null, off)).toBe(false);
    expect(showApplyTab('false', off)).toBe(false);
    expect(showApplyTab('true', off)).toBe(true);
    expect(showApplyTab(null, publicStatus({ work_info_enabled: true }))).toBe(true);
    expect(showApplyTab(null, publicStatus({ orders_invoice_enabled: true }))).toBe(true);
    expect(showApplyTab(null, null)).toBe(false);
  });
});
