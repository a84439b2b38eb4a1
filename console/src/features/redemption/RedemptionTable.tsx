// The code list: one row per code with its actions. Used codes cannot be toggled; only unused ones edited.
import { Button, Popconfirm, Space, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { RedemptionStatus } from '@contract/roles';
import type { RedemptionView } from '@contract/redemption';
import { ListTable } from '../../components/list-page';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import { STATUS_COLORS, formatTime, statusLabelKey } from './redemption-display';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 } as const;

export interface RedemptionActions {
  onCopy(row: RedemptionView): void;
  onToggle(row: RedemptionView): void;
  onEdit(row: RedemptionView): void;
  onDelete(row: RedemptionView): Promise<void>;
}

interface Props extends RedemptionActions {
  rows: RedemptionView[];
  loading: boolean;
}

export function RedemptionTable({ rows, loading, ...actions }: Props) {
  const { t } = useTranslation();
  const { status } = useStatus();
  const columns: TableColumnProps<RedemptionView>[] = [
    { title: t('redemption.col.id'), dataIndex: 'id', width: 70 },
    { title: t('redemption.col.name'), dataIndex: 'name', ellipsis: true, width: 150 },
    {
      title: t('redemption.col.key'),
      dataIndex: 'key',
      width: 290,
      render: (key: string) => <Typography.Text style={MONO}>{key}</Typography.Text>,
    },
    {
      title: t('redemption.col.status'),
      dataIndex: 'status',
      width: 95,
      render: (s: number) => (
        <Tag color={STATUS_COLORS[s] ?? 'gray'} data-testid="redemption-status">
          {t(statusLabelKey(s))}
        </Tag>
      ),
    },
    { title: t('redemption.col.quota'), dataIndex: 'quota', width: 100, render: (q: number) => formatQuota(q, status) },
    {
      title: t('redemption.col.createdTime'),
      dataIndex: 'created_time',
      width: 150,
      render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span>,
    },
    {
      title: t('redemption.col.redeemedTime'),
      dataIndex: 'redeemed_time',
      width: 150,
      render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span>,
    },
    {
      title: t('redemption.col.usedUserId'),
      dataIndex: 'used_user_id',
      width: 100,
      render: (id: number) => (id ? id : '-'),
    },
    {
      title: t('redemption.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 280,
      render: (_: unknown, row) => {
        const used = row.status === RedemptionStatus.used;
        const unused = row.status === RedemptionStatus.unused;
        return (
          <Space size={4}>
            <Button size="mini" type="primary" icon={<IconCopy />} onClick={() => actions.onCopy(row)}>
              {t('redemption.action.copy')}
            </Button>
            <Button size="mini" status={unused ? 'warning' : 'success'} disabled={used} onClick={() => actions.onToggle(row)}>
              {unused ? t('redemption.action.disable') : t('redemption.action.enable')}
            </Button>
            <Button size="mini" disabled={!unused} title={unused ? undefined : t('redemption.editOnlyUnused')} onClick={() => actions.onEdit(row)}>
              {t('redemption.action.edit')}
            </Button>
            <Popconfirm
              title={t('redemption.deleteConfirm', { name: row.name })}
              onOk={() => actions.onDelete(row)}
              okButtonProps={{ status: 'danger' }}
            >
              <Button size="mini" status="danger">
                {t('redemption.action.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];
  return (
    <ListTable<RedemptionView>
      rowKey="id"
      data={rows}
      columns={columns}
      loading={loading}
      scrollX={1385}
      empty={t('redemption.empty')}
    />
  );
}
