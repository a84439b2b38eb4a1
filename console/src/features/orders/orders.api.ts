// Typed calls of the orders page (spec 3 §7 "Orders, invoices"). Admins read everyone's lists; others their own.
import type { InvoiceApplyRequest, InvoiceFilters, InvoiceReviewRequest, InvoiceRow, OrderFilters, OrderRow } from '@contract/orders';
import type { Page } from '@contract/paging';
import type { ApiClient } from '../../api/client';

const query = (f: object): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && v !== null) q.set(k, String(v));
  return q.toString();
};

export function ordersApi(api: ApiClient, admin: boolean) {
  return {
    orders: (f: OrderFilters) => api.get<Page<OrderRow>>(`${admin ? '/api/user/orders' : '/api/user/self/orders'}?${query(f)}`),
    invoices: (f: InvoiceFilters) => api.get<Page<InvoiceRow>>(`${admin ? '/api/user/invoice' : '/api/user/self/invoice'}?${query(f)}`),
    invoiceable: () => api.get<number>('/api/user/total/invoice'),
    apply: (req: InvoiceApplyRequest) => api.post<InvoiceRow>('/api/user/invoice', req),
    review: (req: InvoiceReviewRequest) => api.put<InvoiceRow>('/api/user/invoice', req),
  };
}

export type OrdersApi = ReturnType<typeof ordersApi>;
