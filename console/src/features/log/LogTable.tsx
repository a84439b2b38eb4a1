// The log list: one row per log line; a row with billing details in its `other` JSON expands to show them.
import { Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconMinus, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { LogRow } from '@contract/log';
import { ListTable } from '../../components/list-page';
import { useStatus } from '../status/StatusProvider';
import { LogType } from '@contract/roles';
import { formatQuota, perUnitOf } from '../setting/format-quota';
import { TYPE_COLOURS, detailItems, formatTime, isRequestLog, typeLabelKey, colourForUseTime } from './log-format';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const EXPAND_WIDTH = 40;

/** A row with a key of its own: user views carry ids modulo 1024, which may repeat within a page. */
export type KeyedLogRow = LogRow & { key: string };

interface Props {
  rows: KeyedLogRow[];
  loading: boolean;
  /** The channel column and the channels tried (admins only). */
  admin: boolean;
  /** The user column: rows of other users (admins; agents reading their sub-users). */
  showUser?: boolean;
}

export function LogTable({ rows, loading, admin, showUser = admin }: Props) {
  const { t } = useTranslation();
  const { status } = useStatus();
  const dash = <span className="gc-muted">-</span>;
  const columns: TableColumnProps<KeyedLogRow>[] = [
    { title: t('log.col.time'), dataIndex: 'created_at', width: 165, render: (s: number) => <span style={NOWRAP}>{formatTime(s)}</span> },
    ...(admin
      ? ([
          {
            title: t('log.col.channel'),
            dataIndex: 'channel',
            width: 160,
            render: (id: number, row) =>
              id ? (
                <Tooltip content={row.channel_name || `#${id}`}>
                  <span style={NOWRAP} data-testid="log-channel">
                    <Tag size="small">{id}</Tag> {row.channel_name}
                  </span>
                </Tooltip>
              ) : (
                dash
              ),
            ellipsis: true,
          },
        ] satisfies TableColumnProps<KeyedLogRow>[])
      : []),
    ...(showUser
      ? ([{ title: t('log.col.username'), dataIndex: 'username', width: 100, ellipsis: true }] satisfies TableColumnProps<KeyedLogRow>[])
      : []),
    { title: t('log.col.token'), dataIndex: 'token_name', width: 110, ellipsis: true, render: (s: string) => s || dash },
    {
      title: t('log.col.type'),
      dataIndex: 'type',
      width: 110,
      render: (type: number) => (
        <Tag color={TYPE_COLOURS[type] ?? 'gray'} data-testid="log-type">
          {t(typeLabelKey(type))}
        </Tag>
      ),
    },
    { title: t('log.col.model'), dataIndex: 'model_name', width: 160, ellipsis: true, render: (s: string) => s || dash },
    {
      title: t('log.col.useTime'),
      dataIndex: 'use_time',
      width: 90,
      render: (s: number, row) =>
        isRequestLog(row.type) ? (
          <Tag color={colourForUseTime(s)} data-testid="log-use-time">
            {t('log.seconds', { n: s })}
          </Tag>
        ) : (
          dash
        ),
    },
    {
      title: t('log.col.stream'),
      dataIndex: 'is_stream',
      width: 100,
      render: (s: boolean, row) =>
        isRequestLog(row.type) ? <Tag color={s ? 'arcoblue' : 'gray'}>{s ? t('log.stream') : t('log.nonStream')}</Tag> : dash,
    },
    {
      title: t('log.col.prompt'),
      dataIndex: 'prompt_tokens',
      width: 80,
      align: 'right',
      render: (n: number, row) => (isRequestLog(row.type) ? n : dash),
    },
    {
      title: t('log.col.completion'),
      dataIndex: 'completion_tokens',
      width: 100,
      align: 'right',
      render: (n: number, row) => (isRequestLog(row.type) ? n : dash),
    },
    {
      title: t('log.col.quota'),
      dataIndex: 'quota',
      width: 90,
      align: 'right',
      // An agent's share is money earned in the site's currency (quota = money × QuotaPerUnit), not a dollar cost.
      render: (q: number, row) =>
        row.type === LogType.agentShare ? `¥${(q / perUnitOf(status)).toFixed(2)}` : isRequestLog(row.type) || q ? formatQuota(q, status) : dash,
    },
    { title: 'IP', dataIndex: 'ip', width: 125, ellipsis: true, render: (s: string) => s || dash },
    {
      title: t('log.col.content'),
      dataIndex: 'content',
      width: 240,
      ellipsis: true,
      render: (s: string) =>
        s ? (
          <Tooltip content={<span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{s}</span>}>
            <span>{s}</span>
          </Tooltip>
        ) : (
          dash
        ),
    },
  ];

  const expanded = (row: KeyedLogRow) => {
    const items = detailItems(row, admin);
    if (!items.length) return null;
    return (
      <dl className="gc-log-detail">
        {items.map((i) => (
          <div key={i.key} className="gc-log-detail-item">
            <dt>{t(`log.detail.${i.key}`)}</dt>
            <dd data-testid={`log-detail-${i.key}`}>{i.value}</dd>
          </div>
        ))}
      </dl>
    );
  };

  return (
    <ListTable<KeyedLogRow>
      rowKey="key"
      data={rows}
      columns={columns}
      loading={loading}
      scrollX={columns.reduce((sum, c) => sum + Number(c.width ?? 0), EXPAND_WIDTH)}
      empty={t('log.empty')}
      expandedRowRender={expanded}
      expandProps={{
        width: EXPAND_WIDTH,
        icon: ({ expanded }) => (
          <button type="button" aria-label={t(expanded ? 'log.hideDetails' : 'log.showDetails')} data-testid="log-expand">
            {expanded ? <IconMinus /> : <IconPlus />}
          </button>
        ),
      }}
    />
  );
}
