// Settlement records (GET /api/user/clearing): an agent's own requests; for admins every agent's, filtered by agent
// and status, with complete / cancel / fail on a pending row after a confirmation (PUT /api/user/clearing).
import { useCallback, useMemo } from 'react';
import { Button, Popconfirm, Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { SETTLEMENT_REVIEW_STATUSES, SETTLEMENT_STATUSES, type SettlementRow } from '@contract/agents';
import { SettlementStatus } from '@contract/roles';
import { FilterId, ListFilterBar, ListPager, ListTable, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { formatTime } from '../log/log-format';
import type { AgentsApi } from './agents.api';
import { SETTLEMENT_STATUS_COLOURS, formatYuan, platformKey, settlementStatusKey, withdrawableMoney } from './agent-format';
import { useNarrow } from './use-narrow';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const REVIEW_BUTTON: Record<string, 'success' | 'warning' | 'danger'> = { completed: 'success', cancelled: 'warning', failed: 'danger' };

interface Filters {
  agent_id?: number;
  status: string;
}
const emptyFilters = (): Filters => ({ agent_id: undefined, status: '' });

interface Props {
  api: AgentsApi;
  admin: boolean;
  /** A new object reloads from page 1 (after the agent's own request). */
  reloadKey?: object;
}

export function SettlementRecords({ api, admin, reloadKey }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status: site } = useStatus();
  const narrow = useNarrow();
  const filter = useListQuery(emptyFilters);
  const { applied } = filter;
  const query = useMemo(
    () => ({
      agent_id: admin && applied.agent_id && applied.agent_id > 0 ? applied.agent_id : undefined,
      status: admin && applied.status ? applied.status : undefined,
      reloadKey,
    }),
    [admin, applied, reloadKey],
  );
  const fetchPage = useCallback(
    ({ page, pageSize }: Paging) => api.settlements({ p: page, page_size: pageSize, agent_id: query.agent_id, status: query.status }),
    [api, query],
  );
  const list = usePagedList(fetchPage, { query });

  const review = async (row: SettlementRow, status: string) => {
    try {
      const saved = await api.review({ id: row.id, status });
      notify.success(t('agents.records.done'));
      if (saved && typeof saved === 'object' && saved.id === row.id) list.setRows((rows) => rows.map((r) => (r.id === row.id ? saved : r)));
      else await list.reload();
    } catch {
      // shown by the client (for instance: someone else handled it first)
      await list.reload();
    }
  };

  /** The request in yuan; older rows without clearing_money are worked out from the quota. */
  const moneyOf = (row: SettlementRow) => (typeof row.clearing_money === 'number' ? row.clearing_money : withdrawableMoney(row.clearing_quota, site));

  const columns: TableColumnProps<SettlementRow>[] = [
    { title: t('agents.records.created'), dataIndex: 'created_time', width: 170, render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span> },
    ...(admin ? [{ title: t('agents.col.agentId'), dataIndex: 'agent_id', width: 90 }] : []),
    { title: t('agents.records.amount'), dataIndex: 'clearing_money', width: 120, render: (_: number, row: SettlementRow) => <span style={NOWRAP}>{formatYuan(moneyOf(row))}</span> },
    {
      title: t('agents.records.platform'),
      dataIndex: 'balance_platform',
      width: 100,
      render: (p: string) => {
        const key = platformKey(p);
        return key ? t(key) : p || '-';
      },
    },
    { title: t('agents.records.account'), dataIndex: 'balance_account', width: 170, ellipsis: true, render: (s: string) => s || '-' },
    { title: t('agents.records.name'), dataIndex: 'balance_username', width: 120, ellipsis: true, render: (s: string) => s || '-' },
    {
      title: t('agents.records.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: string) => (
        <Tag color={SETTLEMENT_STATUS_COLOURS[s] ?? 'gray'} data-testid="settlement-status">
          {t(settlementStatusKey(s))}
        </Tag>
      ),
    },
    {
      title: t('agents.records.updated'),
      dataIndex: 'updated_at',
      width: 170,
      render: (s: number, row: SettlementRow) => <span style={NOWRAP}>{s && row.status !== SettlementStatus.pending ? formatTime(s) : '-'}</span>,
    },
    ...(admin
      ? [
          {
            title: t('agents.col.actions'),
            dataIndex: 'id',
            key: 'actions',
            width: 200,
            fixed: narrow ? undefined : ('right' as const),
            render: (_: number, row: SettlementRow) =>
              row.status === SettlementStatus.pending ? (
                <Space size={4}>
                  {SETTLEMENT_REVIEW_STATUSES.map((s) => (
                    <Popconfirm
                      key={s}
                      title={t(`agents.records.confirm.${s}`, { id: row.id, amount: formatYuan(moneyOf(row)) })}
                      onOk={() => review(row, s)}
                    >
                      <Button size="mini" status={REVIEW_BUTTON[s]}>
                        {t(`agents.records.action.${s}`)}
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
      {admin && (
        <ListFilterBar onSearch={filter.apply} searchText={t('agents.query')} onReset={filter.reset} resetText={t('agents.reset')}>
          <FilterId query={filter} field="agent_id" placeholder={t('agents.filter.agentId')} width={140} />
          <Select
            allowClear
            value={filter.form.status || undefined}
            onChange={(v: string | undefined) => filter.set('status', v ?? '')}
            placeholder={t('agents.filter.status')}
            options={SETTLEMENT_STATUSES.map((s) => ({ value: s, label: t(settlementStatusKey(s)) }))}
            style={{ width: 150 }}
          />
        </ListFilterBar>
      )}
      <ListTable<SettlementRow>
        rowKey="id"
        data={list.rows}
        columns={columns}
        loading={list.loading}
        scrollX={admin ? 1240 : 950}
        empty={t('agents.records.empty')}
      />
      <ListPager list={list} totalText={(n) => t('agents.total', { total: n })} />
    </>
  );
}
