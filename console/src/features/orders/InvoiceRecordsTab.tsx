// ?tab=InvoiceTables: the user's own invoice requests (agents, with the switch, their sub-users'); admins see every
// request with the user id and move a pending one to done, rejected or failed after a confirmation.
import { useCallback, useMemo } from 'react';
import { Button, Popconfirm, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { INVOICE_REVIEW_STATUSES, type InvoiceRow } from '@contract/orders';
import { InvoiceStatus } from '@contract/roles';
import { ListPager, ListTable, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { useNotify } from '../../api/NotifyProvider';
import { formatTime } from '../log/log-format';
import type { OrdersApi } from './orders.api';
import { RecordsFilterBar, emptyFilters, toListQuery, type Viewer } from './RecordsFilterBar';
import { INVOICE_STATUS_COLOURS, formatYuan, invoiceStatusKey, invoiceTypeKey } from './order-format';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const REVIEW_BUTTON: Record<string, 'success' | 'danger' | 'warning'> = { '1': 'success', '2': 'danger', '3': 'warning' };

export function InvoiceRecordsTab({ api, viewer }: { api: OrdersApi; viewer: Viewer }) {
  const { t } = useTranslation();
  const admin = viewer === 'admin';
  const notify = useNotify();
  const filterForm = useListQuery(emptyFilters);
  const { applied } = filterForm;
  const filters = useMemo(() => ({ ...toListQuery(applied, viewer), trade_no: undefined }), [applied, viewer]);
  const fetchPage = useCallback(({ page, pageSize }: Paging) => api.invoices({ p: page, page_size: pageSize, ...filters }), [api, filters]);
  // a new filter object (Query, Reset) starts again from page 1
  const list = usePagedList(fetchPage, { query: filters });
  const showUser = admin || Boolean(filters.all_user);

  const review = async (row: InvoiceRow, status: string) => {
    try {
      await api.review({ id: row.id, status });
      notify.success(t('orders.review.done'));
    } catch {
      // shown by the client (for instance: already handled by someone else)
    }
    await list.reload();
  };

  const columns: TableColumnProps<InvoiceRow>[] = [
    { title: t('orders.col.time'), dataIndex: 'created_time', width: 170, render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span> },
    ...(showUser ? [{ title: t('orders.col.userId'), dataIndex: 'user_id', width: 90 }] : []),
    { title: t('orders.col.invoiceTitle'), dataIndex: 'customer_name', width: 180, ellipsis: true },
    { title: t('orders.col.taxId'), dataIndex: 'customer_tax_id', width: 170, ellipsis: true },
    { title: t('orders.col.email'), dataIndex: 'email', width: 180, ellipsis: true },
    { title: t('orders.col.invoiceAmount'), dataIndex: 'total_amount', width: 130, render: (n: number) => <span style={NOWRAP}>{formatYuan(n)}</span> },
    { title: t('orders.col.invoiceType'), dataIndex: 'types', width: 150, render: (s: string) => t(invoiceTypeKey(s)) },
    {
      title: t('orders.col.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: string) => (
        <Tag color={INVOICE_STATUS_COLOURS[s] ?? 'gray'} data-testid="invoice-status">
          {t(invoiceStatusKey(s), { defaultValue: s })}
        </Tag>
      ),
    },
    { title: t('orders.col.remark'), dataIndex: 'remark', width: 160, ellipsis: true, render: (s: string) => s || '-' },
    { title: t('orders.col.updated'), dataIndex: 'updated_at', width: 170, render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span> },
    ...(admin
      ? [
          {
            title: t('orders.col.actions'),
            dataIndex: 'id',
            width: 230,
            fixed: 'right' as const,
            render: (_: number, row: InvoiceRow) =>
              row.status === InvoiceStatus.pending ? (
                <Space size={4}>
                  {INVOICE_REVIEW_STATUSES.map((s) => (
                    <Popconfirm key={s} title={t(`orders.review.confirm${s}`, { id: row.id })} onOk={() => review(row, s)}>
                      <Button size="mini" status={REVIEW_BUTTON[s]}>
                        {t(`orders.review.action${s}`)}
                      </Button>
                    </Popconfirm>
                  ))}
                </Space>
              ) : (
                <span className="gc-muted">-</span>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <RecordsFilterBar value={filterForm.form} onChange={filterForm.setForm} onQuery={filterForm.apply} onReset={filterForm.reset} tradeNo={false} viewer={viewer} />
      <ListTable<InvoiceRow>
        rowKey="id"
        data={list.rows}
        columns={columns}
        loading={list.loading}
        scrollX={admin ? 1780 : showUser ? 1550 : 1460}
        empty={t('orders.invoiceEmpty')}
      />
      <ListPager list={list} totalText={(n) => t('orders.total', { total: n })} />
    </>
  );
}
