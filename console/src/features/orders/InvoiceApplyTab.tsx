// ?tab=Invoices: the invoice application (spec 3 §5): what may still be invoiced, title, tax id, e-mail, amount,
// type (fixed on the ordinary e-invoice), remark. Submitting stays off until more than 1000 may be invoiced.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Select, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_INVOICE_TYPE, INVOICE_MIN_AMOUNT, INVOICE_TYPES } from '@contract/orders';
import { useNotify } from '../../api/NotifyProvider';
import type { OrdersApi } from './orders.api';
import { canApply, formatYuan, invoiceTypeKey } from './order-format';
import { emptyInvoiceForm, invoiceProblem, toApplyRequest, type InvoiceForm } from './invoice-form';

export function InvoiceApplyTab({ api }: { api: OrdersApi }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [invoiceable, setInvoiceable] = useState<number | null>(null);
  const [form, setForm] = useState<InvoiceForm>(emptyInvoiceForm);
  const [sending, setSending] = useState(false);

  const loadInvoiceable = useCallback(async () => {
    try {
      setInvoiceable(await api.invoiceable());
    } catch {
      setInvoiceable(null);
    }
  }, [api]);
  useEffect(() => {
    void loadInvoiceable();
  }, [loadInvoiceable]);

  const set = <K extends keyof InvoiceForm>(key: K, value: InvoiceForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async () => {
    const problem = invoiceProblem(form, invoiceable ?? 0);
    if (problem) return notify.error(t(problem, { min: INVOICE_MIN_AMOUNT, available: formatYuan(invoiceable ?? 0) }));
    setSending(true);
    try {
      await api.apply(toApplyRequest(form));
      notify.success(t('orders.invoice.applied'));
      setForm(emptyInvoiceForm());
    } catch {
      // shown by the client
    } finally {
      setSending(false);
      await loadInvoiceable();
    }
  };

  return (
    <div style={{ maxWidth: 560 }}>
      <Alert type="info" className="gc-gap" content={t('orders.invoice.hint', { min: INVOICE_MIN_AMOUNT })} />
      <Form layout="vertical" onSubmit={submit}>
        <Form.Item label={t('orders.invoice.invoiceable')}>
          <Typography.Text bold data-testid="invoiceable">
            {invoiceable === null ? '-' : formatYuan(invoiceable)}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={t('orders.invoice.title')} required>
          <Input value={form.customer_name} maxLength={255} onChange={(v) => set('customer_name', v)} placeholder={t('orders.invoice.titlePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('orders.invoice.taxId')} required>
          <Input value={form.customer_tax_id} maxLength={64} onChange={(v) => set('customer_tax_id', v)} placeholder={t('orders.invoice.taxIdPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('orders.invoice.email')} required>
          <Input value={form.email} maxLength={255} onChange={(v) => set('email', v)} placeholder={t('orders.invoice.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('orders.invoice.amount')} required>
          <InputNumber
            value={form.total_amount}
            min={0}
            precision={2}
            prefix="¥"
            onChange={(v) => set('total_amount', typeof v === 'number' ? v : undefined)}
            placeholder={t('orders.invoice.amountPlaceholder', { min: INVOICE_MIN_AMOUNT })}
          />
        </Form.Item>
        <Form.Item label={t('orders.invoice.type')}>
          <Select value={DEFAULT_INVOICE_TYPE} disabled options={INVOICE_TYPES.map((v) => ({ value: v, label: t(invoiceTypeKey(v)) }))} />
        </Form.Item>
        <Form.Item label={t('orders.invoice.remark')}>
          <Input.TextArea value={form.remark} maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(v) => set('remark', v)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} disabled={!canApply(invoiceable)}>
          {t('orders.invoice.submit')}
        </Button>
      </Form>
    </div>
  );
}
