import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import type { InvoiceRow, OrderRow } from '@contract/orders';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus } from '../../test/fixtures';
import type { RecordedRequest } from '../../test/mock-api';

const signIn = (role = 1) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));
const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://localhost').searchParams);
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 10 });
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

const order = (o: Partial<OrderRow> = {}): OrderRow => ({
  id: 1, create_time: 1_900_000_000, complete_time: 0, user_id: 7, trade_no: 'USR7NOAAA1', pay_type: 'wxpay', amount: 137, money: 1000.1,
  status: 'success', ...o,
});
const invoice = (o: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 3, created_time: 1_900_000_000, updated_at: 1_900_000_000, user_id: 7, agent_id: 0, customer_name: 'ACME Ltd',
  customer_tax_id: '91310000MA1X', email: 'billing@acme.cn', total_amount: 1000, types: 'dzpp', remark: '', status: '0', ...o,
});
const orders = [
  order(),
  order({ id: 2, trade_no: 'USR7NOBBB2', pay_type: 'alipay', money: 7.3, status: 'pending' }),
  order({ id: 3, trade_no: 'USR7NOCCC3', status: '0' }),
];

describe('orders page', () => {
  it("lists the user's own orders with payment method, yuan and status labels, and filters by order number", async () => {
    signIn();
    const { api } = renderConsole('/orders', { 'GET /api/user/self/orders': page(orders) });
    expect(await screen.findByText('USR7NOAAA1')).toBeTruthy();
    expect(query(api.find('GET', '/api/user/self/orders')[0])).toEqual({ p: '1', page_size: '10' });
    expect(within(row('USR7NOAAA1')).getByText('WeChat Pay')).toBeTruthy();
    expect(within(row('USR7NOAAA1')).getByText('¥1000.10')).toBeTruthy();
    expect(within(row('USR7NOAAA1')).getByText('Paid')).toBeTruthy();
    expect(within(row('USR7NOBBB2')).getByText('Alipay')).toBeTruthy();
    expect(within(row('USR7NOBBB2')).getByText('¥7.30')).toBeTruthy();
    expect(within(row('USR7NOBBB2')).getByText('Unpaid')).toBeTruthy();
    expect(within(row('USR7NOCCC3')).getByText('Awaiting manual fix')).toBeTruthy();
    expect(screen.queryByText('User ID')).toBeNull();
    // tabs: the application is hidden while no flag asks for it
    expect(screen.getByText('Order records')).toBeTruthy();
    expect(screen.getByText('Invoice records')).toBeTruthy();
    expect(screen.queryByText('Invoice application')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('Order number'), { target: { value: ' BBB ' } });
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    await waitFor(() => expect(api.find('GET', '/api/user/self/orders')).toHaveLength(2));
    expect(query(api.find('GET', '/api/user/self/orders')[1])).toEqual({ p: '1', page_size: '10', trade_no: 'BBB' });
  });

  it('shows the application tab for the work_info flag or when orders and invoices are on', async () => {
    signIn();
    localStorage.setItem('work_info', 'true');
    renderConsole('/orders', { 'GET /api/user/self/orders': page([]) });
    expect(await screen.findByText('Invoice application')).toBeTruthy();
  });

  it('keeps submitting off until more than 1000 may be invoiced', async () => {
    signIn();
    renderConsole('/orders?tab=Invoices', {
      'GET /api/status': publicStatus({ orders_invoice_enabled: true }),
      'GET /api/user/total/invoice': 999.99,
    });
    expect(await screen.findByText('¥999.99')).toBeTruthy();
    const submit = screen.getByRole('button', { name: /Apply for an invoice/ }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
  });

  it('checks the form, then applies with the exact amount and the ordinary e-invoice', async () => {
    signIn();
    let invoiceable = 5000;
    const { api } = renderConsole('/orders?tab=Invoices', {
      'GET /api/status': publicStatus({ orders_invoice_enabled: true }),
      'GET /api/user/total/invoice': () => ({ json: { success: true, message: '', data: invoiceable } }),
      'POST /api/user/invoice': () => {
        invoiceable = 3999.9;
        return { json: { success: true, message: 'ok', data: invoice({ total_amount: 1000.1 }) } };
      },
    });
    expect(await screen.findByText('¥5000.00')).toBeTruthy();
    const submit = screen.getByRole('button', { name: /Apply for an invoice/ }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter the invoice title')).toBeTruthy();
    expect(api.find('POST', '/api/user/invoice')).toHaveLength(0);

    fireEvent.change(screen.getByPlaceholderText('Company or personal name'), { target: { value: 'ACME Ltd' } });
    fireEvent.change(screen.getByPlaceholderText('Unified social credit code'), { target: { value: '91310000MA1X' } });
    fireEvent.change(screen.getByPlaceholderText('The invoice is sent to this address'), { target: { value: 'billing@acme.cn' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Invoicing amount under 1000, cannot invoice yet')).toBeTruthy();
    const amount = screen.getByPlaceholderText('At least 1000');
    fireEvent.change(amount, { target: { value: '1000.1' } });
    fireEvent.blur(amount);
    fireEvent.click(submit);
    await waitFor(() => expect(api.find('POST', '/api/user/invoice')).toHaveLength(1));
    expect(api.find('POST', '/api/user/invoice')[0].body).toEqual({
      customer_name: 'ACME Ltd', customer_tax_id: '91310000MA1X', email: 'billing@acme.cn', total_amount: '1000.10', types: 'dzpp', remark: '',
    });
    expect(await screen.findByText('Application successful, invoicing generally takes 1-3 working days')).toBeTruthy();
    expect(await screen.findByText('¥3999.90')).toBeTruthy();
  });

  it('lists own invoice requests with their status', async () => {
    signIn();
    const { api } = renderConsole('/orders?tab=InvoiceTables', {
      'GET /api/user/self/invoice': page([invoice(), invoice({ id: 4, customer_name: 'Beta', status: '2', remark: 'wrong tax id' })]),
    });
    expect(await screen.findByText('ACME Ltd')).toBeTruthy();
    expect(within(row('ACME Ltd')).getByText('Pending review')).toBeTruthy();
    expect(within(row('ACME Ltd')).getByText('¥1000.00')).toBeTruthy();
    expect(within(row('Beta')).getByText('Rejected')).toBeTruthy();
    expect(within(row('Beta')).getByText('wrong tax id')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
    expect(api.find('GET', '/api/user/self/invoice')).toHaveLength(1);
  });

  it('lets an admin read every order by user id', async () => {
    signIn(100);
    const { api } = renderConsole('/orders', { 'GET /api/user/orders': page([order({ user_id: 42 })]) });
    expect(await screen.findByText('USR7NOAAA1')).toBeTruthy();
    expect(within(row('USR7NOAAA1')).getByText('42')).toBeTruthy();
    expect(screen.getAllByText('User ID').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByPlaceholderText('User ID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    await waitFor(() => expect(api.find('GET', '/api/user/orders')).toHaveLength(2));
    expect(query(api.find('GET', '/api/user/orders')[1])).toMatchObject({ user_id: '42' });
  });

  it("lets an agent switch to its sub-users' invoice requests", async () => {
    signIn(10);
    const { api } = renderConsole('/orders?tab=InvoiceTables', { 'GET /api/user/self/invoice': page([invoice({ user_id: 42 })]) });
    expect(await screen.findByText('ACME Ltd')).toBeTruthy();
    expect(screen.queryByPlaceholderText('User ID')).toBeNull();
    fireEvent.click(screen.getByText("Sub-users' records"));
    fireEvent.change(await screen.findByPlaceholderText('User ID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    await waitFor(() => expect(api.find('GET', '/api/user/self/invoice')).toHaveLength(2));
    expect(query(api.find('GET', '/api/user/self/invoice')[1])).toEqual({ p: '1', page_size: '10', all_user: 'true', user_id: '42' });
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
  });

  it('lets an admin mark a pending request done after a confirmation', async () => {
    signIn(100);
    let status = '0';
    const { api } = renderConsole('/orders?tab=InvoiceTables', {
      'GET /api/user/invoice': () => ({ json: { success: true, message: '', data: page([invoice({ user_id: 42, status })]) } }),
      'PUT /api/user/invoice': () => {
        status = '1';
        return { json: { success: true, message: '', data: invoice({ status: '1' }) } };
      },
    });
    expect(await screen.findByText('ACME Ltd')).toBeTruthy();
    fireEvent.click(within(row('ACME Ltd')).getByRole('button', { name: /Done/ }));
    expect(await screen.findByText('Mark invoice request #3 as done?')).toBeTruthy();
    expect(api.find('PUT', '/api/user/invoice')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /OK/ }).at(-1)!);
    await waitFor(() => expect(api.find('PUT', '/api/user/invoice')).toHaveLength(1));
    expect(api.find('PUT', '/api/user/invoice')[0].body).toEqual({ id: 3, status: '1' });
    expect(await screen.findByText('Operation completed')).toBeTruthy();
    await waitFor(() => expect(within(row('ACME Ltd')).getByText('Done')).toBeTruthy());
  });
});
