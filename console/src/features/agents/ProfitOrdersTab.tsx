// ?tab=orderTables (admins and agents): profit orders. Admins read every order (GET /api/user/profit) with the
// buyer's agent; an agent its sub-users' orders (GET /api/user/agent/profit); both see the agent's commission.
// Filters: order number, user id, time window.
import { useCallback, useMemo } from 'react';
import { DatePicker, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@contract/orders';
import { FilterId, FilterInput, ListFilterBar, ListPager, ListTable, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { formatTime } from '../log/log-format';
import { ORDER_STATUS_COLOURS, orderStatusKey, payTypeKey } from '../orders/order-format';
import type { AgentsApi } from './agents.api';
import { formatYuan } from './agent-format';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

interface Filters {
  trade_no: string;
  user_id?: number;
  /** Unix seconds; both 0 = no window. */
  start: number;
  end: number;
}
const emptyFilters = (): Filters => ({ trade_no: '', user_id: undefined, start: 0, end: 0 });

export function ProfitOrdersTab({ api, admin }: { api: AgentsApi; admin: boolean }) {
  const { t } = useTranslation();
  const filter = useListQuery(emptyFilters);
  const { applied, form } = filter;
  const query = useMemo(
    () => ({
      trade_no: applied.trade_no.trim() || undefined,
      user_id: applied.user_id && applied.user_id > 0 ? applied.user_id : undefined,
      start_timestamp: applied.start || undefined,
      end_timestamp: applied.end || undefined,
    }),
    [applied],
  );
  const fetchPage = useCallback(({ page, pageSize }: Paging) => api.profitOrders({ p: page, page_size: pageSize, ...query }), [api, query]);
  const list = usePagedList(fetchPage, { query });

  const columns: TableColumnProps<OrderRow>[] = [
    { title: t('agents.orders.tradeNo'), dataIndex: 'trade_no', width: 230, render: (s: string) => <span style={NOWRAP}>{s}</span> },
    { title: t('agents.orders.userId'), dataIndex: 'user_id', width: 90 },
    ...(admin
      ? [{ title: t('agents.orders.proxyUserId'), dataIndex: 'proxy_user_id', width: 110, render: (n?: number) => (n ? n : <span className="gc-muted">-</span>) }]
      : []),
    {
      title: t('agents.orders.payType'),
      dataIndex: 'pay_type',
      width: 110,
      render: (p: string) => {
        const key = payTypeKey(p);
        return key ? t(key) : p || '-';
      },
    },
    { title: t('agents.orders.amount'), dataIndex: 'amount', width: 120, render: (n: number) => `$${n}` },
    { title: t('agents.orders.money'), dataIndex: 'money', width: 120, render: (n: number) => <span style={NOWRAP}>{formatYuan(n)}</span> },
    {
      title: t('agents.orders.commission'),
      dataIndex: 'agent_commission',
      width: 150,
      render: (n?: number) => <span style={NOWRAP}>{typeof n === 'number' ? formatYuan(n) : '-'}</span>,
    },
    {
      title: t('agents.orders.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: string) => (
        <Tag color={ORDER_STATUS_COLOURS[s] ?? 'gray'} data-testid="profit-order-status">
          {t(orderStatusKey(s), { defaultValue: s })}
        </Tag>
      ),
    },
    { title: t('agents.orders.time'), dataIndex: 'create_time', width: 170, render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span> },
  ];

  return (
    <>
      <ListFilterBar onSearch={filter.apply} searchText={t('agents.query')} onReset={filter.reset} resetText={t('agents.reset')}>
        <FilterInput query={filter} field="trade_no" placeholder={t('agents.orders.tradeNo')} width={220} />
        <FilterId query={filter} field="user_id" placeholder={t('agents.filter.userId')} width={120} />
        <DatePicker.RangePicker
          showTime
          format="YYYY-MM-DD HH:mm:ss"
          value={form.start && form.end ? [form.start * 1000, form.end * 1000] : undefined}
          placeholder={[t('agents.filter.startTime'), t('agents.filter.endTime')]}
          onChange={(_, dates) => filter.setForm((f) => ({ ...f, ...(dates?.length === 2 ? { start: dates[0].unix(), end: dates[1].unix() } : { start: 0, end: 0 }) }))}
          style={{ width: 360, maxWidth: '100%' }}
        />
      </ListFilterBar>
      <ListTable<OrderRow> rowKey="id" data={list.rows} columns={columns} loading={list.loading} scrollX={admin ? 1240 : 1130} empty={t('agents.orders.empty')} />
      <ListPager list={list} totalText={(n) => t('agents.total', { total: n })} />
    </>
  );
}
