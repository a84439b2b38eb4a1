// The token list: one row per token with its actions, and row selection for batch copy.
import { Button, Popconfirm, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { TokenStatus } from '@contract/roles';
import type { TokenView } from '@contract/token';
import { ListTable } from '../../components/list-page';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import { STATUS_COLORS, formatTime, isNever, statusLabelKey } from './token-display';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export interface TokenActions {
  onCopy(token: TokenView): void;
  onChat(token: TokenView): void;
  onToggle(token: TokenView): void;
  onEdit(token: TokenView): void;
  onDelete(token: TokenView): Promise<void>;
}

interface Props extends TokenActions {
  rows: TokenView[];
  loading: boolean;
  selected: number[];
  onSelect(ids: number[], rows: TokenView[]): void;
}

export function TokenTable({ rows, loading, selected, onSelect, ...actions }: Props) {
  const { t } = useTranslation();
  const { status } = useStatus();
  const columns: TableColumnProps<TokenView>[] = [
    { title: t('token.col.name'), dataIndex: 'name', ellipsis: true, width: 135 },
    {
      title: t('token.col.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: number) => (
        <Tag color={STATUS_COLORS[s] ?? 'gray'} data-testid="token-status">
          {t(statusLabelKey(s))}
        </Tag>
      ),
    },
    { title: t('token.col.usedQuota'), dataIndex: 'used_quota', width: 95, render: (q: number) => formatQuota(q, status) },
    {
      title: t('token.col.remainQuota'),
      dataIndex: 'remain_quota',
      width: 105,
      render: (q: number, row) => (row.unlimited_quota ? <Tag color="arcoblue">{t('token.unlimited')}</Tag> : formatQuota(q, status)),
    },
    {
      title: t('token.col.createdTime'),
      dataIndex: 'created_time',
      width: 155,
      render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span>,
    },
    {
      title: t('token.col.expiredTime'),
      dataIndex: 'expired_time',
      width: 155,
      render: (s: number) => <span style={NOWRAP}>{isNever(s) ? t('token.never') : formatTime(s)}</span>,
    },
    {
      title: t('token.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 340,
      render: (_: unknown, row) => {
        const enabled = row.status === TokenStatus.enabled;
        return (
          <Space size={4}>
            <Button size="mini" type="primary" icon={<IconCopy />} onClick={() => actions.onCopy(row)}>
              {t('token.action.copy')}
            </Button>
            <Button size="mini" onClick={() => actions.onChat(row)}>
              {t('token.action.chat')}
            </Button>
            <Button size="mini" status={enabled ? 'warning' : 'success'} onClick={() => actions.onToggle(row)}>
              {enabled ? t('token.action.disable') : t('token.action.enable')}
            </Button>
            <Button size="mini" onClick={() => actions.onEdit(row)}>
              {t('token.action.edit')}
            </Button>
            <Popconfirm
              title={t('token.deleteConfirm', { name: row.name })}
              onOk={() => actions.onDelete(row)}
              okButtonProps={{ status: 'danger' }}
            >
              <Button size="mini" status="danger">
                {t('token.action.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];
  return (
    <ListTable<TokenView>
      rowKey="id"
      data={rows}
      columns={columns}
      loading={loading}
      scrollX={1125}
      empty={t('token.empty')}
      rowSelection={{
        type: 'checkbox',
        selectedRowKeys: selected,
        onChange: (keys, selectedRows) => onSelect(keys as number[], selectedRows),
      }}
    />
  );
}
