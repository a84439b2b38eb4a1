// ?tab=agentTable (admins): every agent with its parent, level, counters and profit, searched by user id; an
// add-agent drawer; deleting an agent deletes its user after a confirmation (design agents.md §1).
import { useCallback, useMemo, useState } from 'react';
import { Button, Popconfirm, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { AgentRow } from '@contract/agents';
import { FilterId, ListFilterBar, ListPager, ListTable, useListQuery, usePagedList, type Paging } from '../../components/list-page';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { formatTime } from '../log/log-format';
import type { AgentsApi } from './agents.api';
import { formatYuan, levelKey, withdrawableMoney } from './agent-format';
import { AddAgentDrawer } from './AddAgentDrawer';
import { useNarrow } from './use-narrow';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const emptyFilter = (): { user_id?: number } => ({ user_id: undefined });

export function AgentTableTab({ api }: { api: AgentsApi }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  const [adding, setAdding] = useState(false);
  const narrow = useNarrow();
  const filter = useListQuery(emptyFilter);
  const { applied } = filter;
  const query = useMemo(() => ({ user_id: applied.user_id && applied.user_id > 0 ? applied.user_id : undefined }), [applied]);
  const fetchPage = useCallback(({ page, pageSize }: Paging) => api.search({ ...query, p: page, page_size: pageSize }), [api, query]);
  const list = usePagedList(fetchPage, { query });

  const remove = async (row: AgentRow) => {
    try {
      await api.remove(row.username);
      notify.success(t('agents.table.deleted'));
    } catch {
      // shown by the client
    }
    await list.reload();
  };

  const money = (n: number) => <span style={NOWRAP}>{formatYuan(n)}</span>;
  const columns: TableColumnProps<AgentRow>[] = [
    { title: t('agents.col.agentId'), dataIndex: 'agent_id', width: 90 },
    { title: t('agents.col.username'), dataIndex: 'username', width: 130, ellipsis: true },
    { title: t('agents.col.domain'), dataIndex: 'domain', width: 180, ellipsis: true },
    { title: t('agents.col.parent'), dataIndex: 'agent_agent_id', width: 120, render: (n: number) => (n > 0 ? n : <span className="gc-muted">{t('agents.none')}</span>) },
    {
      title: t('agents.col.level'),
      dataIndex: 'level',
      width: 100,
      render: (n: number) => {
        const key = levelKey(n);
        return <span style={NOWRAP}>{key ? t(key) : n}</span>;
      },
    },
    { title: t('agents.col.userNum'), dataIndex: 'user_num', width: 80 },
    { title: t('agents.col.orderNum'), dataIndex: 'order_num', width: 80 },
    { title: t('agents.col.orderMoney'), dataIndex: 'order_money', width: 120, render: money },
    { title: t('agents.col.shareProfit'), dataIndex: 'share_profit', width: 120, render: money },
    { title: t('agents.col.withdrawable'), dataIndex: 'share_profit_quota', width: 120, render: (q: number) => money(withdrawableMoney(q, status)) },
    {
      title: t('agents.col.deletedAt'),
      dataIndex: 'DeletedAt',
      width: 180,
      render: (s: number | null) =>
        s ? (
          <Tag color="red" data-testid="agent-deleted">
            {formatTime(s)}
          </Tag>
        ) : (
          <span className="gc-muted">-</span>
        ),
    },
    {
      title: t('agents.col.actions'),
      dataIndex: 'agent_id',
      key: 'actions',
      width: 90,
      fixed: narrow ? undefined : 'right',
      render: (_: number, row: AgentRow) =>
        row.DeletedAt ? (
          <span className="gc-muted">-</span>
        ) : (
          <Popconfirm
            title={t('agents.table.deleteTitle', { username: row.username })}
            content={t('agents.table.deleteConfirm')}
            okButtonProps={{ status: 'danger' }}
            onOk={() => remove(row)}
          >
            <Button size="mini" status="danger">
              {t('agents.table.delete')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <>
      <ListFilterBar
        onSearch={filter.apply}
        searchText={t('agents.query')}
        onReset={filter.reset}
        resetText={t('agents.reset')}
        actions={
          <Button type="primary" status="success" icon={<IconPlus />} onClick={() => setAdding(true)}>
            {t('agents.add.open')}
          </Button>
        }
      >
        <FilterId query={filter} field="user_id" placeholder={t('agents.filter.userId')} width={160} />
      </ListFilterBar>
      <ListTable<AgentRow> rowKey="agent_id" data={list.rows} columns={columns} loading={list.loading} scrollX={1420} empty={t('agents.table.empty')} />
      <ListPager list={list} totalText={(n) => t('agents.total', { total: n })} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('agents.table.hint')}
      </Typography.Paragraph>
      <AddAgentDrawer
        visible={adding}
        api={api}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          void list.reload();
        }}
      />
    </>
  );
}
