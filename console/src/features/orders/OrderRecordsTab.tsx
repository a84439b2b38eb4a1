// ?tab=ordersInfo: the signed-in user's top-up orders; admins see every order, agents (switch) their sub-users',
// both with the user id column and filter.
import { useCallback, useMemo } from 'react';
import { Tag, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@contract/orders';
import { ListPager, ListTable, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { formatTime } from '../log/log-format';
import type { OrdersApi } from './orders.api';
import { RecordsFilterBar, emptyFilters, toListQuery, type Viewer } from './RecordsFilterBar';
import { ORDER_STATUS_COLOURS, formatYuan, orderStatusKey, payTypeKey } from './order-format';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function OrderRecordsTab({ api, viewer }: { api: OrdersApi; viewer: Viewer }) {
  const { t } = useTranslation();
  const admin = viewer === 'admin';
  const filterForm = useListQuery(emptyFilters);
  const { applied } = filterForm;
  const filters = useMemo(() => toListQuery(applied, viewer), [applied, viewer]);
  const fetchPage = useCallback(({ page, pageSize }: Paging) => api.orders({ p: page, page_size: pageSize, ...filters }), [api, filters]);
  // a new filter object (Query, Reset) starts again from page 1
  const list = usePagedList(fetchPage, { query: filters });
  const showUser = admin || Boolean(filters.all_user);

  const columns: TableColumnProps<OrderRow>[] = [
    { title: t('orders.col.tradeNo'), dataIndex: 'trade_no', width: 240, render: (s: string) => <span style={NOWRAP}>{s}</span> },
    ...(showUser ? [{ title: t('orders.col.userId'), dataIndex: 'user_id', width: 90 }] : []),
    {
      title: t('orders.col.payType'),
      dataIndex: 'pay_type',
      width: 120,
      render: (p: string) => {
        const key = payTypeKey(p);
        return key ? t(key) : p || '-';
      },
    },
    { title: t('orders.col.amount'), dataIndex: 'amount', width: 110, render: (n: number) => `$${n}` },
    { title: t('orders.col.money'), dataIndex: 'money', width: 130, render: (n: number) => <span style={NOWRAP}>{formatYuan(n)}</span> },
    {
      title: t('orders.col.status'),
      dataIndex: 'status',
      width: 130,
      render: (s: string) => (
        <Tag color={ORDER_STATUS_COLOURS[s] ?? 'gray'} data-testid="order-status">
          {t(orderStatusKey(s), { defaultValue: s })}
        </Tag>
      ),
    },
    { title: t('orders.col.time'), dataIndex: 'create_time', width: 170, render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span> },
  ];

  return (
    <>
      <RecordsFilterBar value={filterForm.form} onChange={filterForm.setForm} onQuery={filterForm.apply} onReset={filterForm.reset} tradeNo viewer={viewer} />
      <ListTable<OrderRow>
        rowKey="id"
        data={list.rows}
        columns={columns}
        loading={list.loading}
        scrollX={showUser ? 990 : 900}
        empty={t('orders.empty')}
      />
      <ListPager list={list} totalText={(n) => t('orders.total', { total: n })} />
    </>
  );
}
