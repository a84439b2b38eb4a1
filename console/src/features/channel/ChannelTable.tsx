// The channel list: one row per channel (or per tag in tag mode) with inline priority and weight, test with an
// optional model, balance, enable/disable, edit and delete.
import { useState } from 'react';
import {
  Button, Dropdown, InputNumber, Menu, Popconfirm, Space, Switch, Tag, Tooltip, type TableColumnProps,
} from '@arco-design/web-react';
import { IconDelete, IconEdit, IconPlayArrow, IconSync } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { ChannelStatus } from '@contract/roles';
import { ListTable } from '../../components/list-page';
import {
  ARCO_TAG_COLOUR, STATUS_COLOURS, formatBalance, formatDuration, formatTime, responseTimeColour, splitNames,
  statusLabelKey, statusReason, typeLabel, type ChannelRow,
} from './channel-format';
import { isPriority, isWeight } from './channel-form';

export interface ChannelActions {
  onTest(row: ChannelRow, model?: string): Promise<void>;
  onBalance(row: ChannelRow): Promise<void>;
  onToggle(row: ChannelRow, enabled: boolean): Promise<void>;
  onPriority(row: ChannelRow, value: number): Promise<void>;
  onWeight(row: ChannelRow, value: number): Promise<void>;
  onEdit(row: ChannelRow): void;
  onDelete(row: ChannelRow): Promise<void>;
  onTagStatus(tag: string, enabled: boolean): Promise<void>;
  onEditTag(row: ChannelRow): void;
}

interface Props extends ChannelActions {
  rows: ChannelRow[];
  loading: boolean;
  selected: number[];
  onSelect(ids: number[]): void;
}

/** A number cell that saves on Enter or when it loses focus, only when the value really changed. */
function InlineNumber({ value, valid, onSave, testId }: { value: number; valid(v: number): boolean; onSave(v: number): Promise<void>; testId: string }) {
  const [draft, setDraft] = useState<number | undefined>(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft === undefined || draft === value) return setDraft(value);
    if (!valid(draft)) return setDraft(value);
    void onSave(draft).catch(() => setDraft(value));
  };
  return (
    <InputNumber
      size="mini"
      style={{ width: 64 }}
      value={draft}
      precision={0}
      onChange={(v) => setDraft(v as number | undefined)}
      onBlur={commit}
      onKeyDown={(e) => (e as KeyboardEvent).key === 'Enter' && commit()}
      data-testid={testId}
    />
  );
}

export function ChannelTable({ rows, loading, selected, onSelect, ...actions }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const run = (key: string, fn: () => Promise<void>) => {
    setBusy((b) => ({ ...b, [key]: true }));
    void fn().finally(() => setBusy((b) => ({ ...b, [key]: false })));
  };

  const columns: TableColumnProps<ChannelRow>[] = [
    { title: t('channel.col.id'), dataIndex: 'id', width: 56, render: (id: number, row) => (row.tagRow ? '' : id) },
    {
      title: t('channel.col.name'),
      dataIndex: 'name',
      width: 140,
      ellipsis: true,
      render: (name: string, row) =>
        row.tagRow ? (
          <Space size={4}>
            <Tag color="arcoblue">{name}</Tag>
            <span className="gc-muted">{t('channel.tagRow', { count: row.children?.length ?? 0 })}</span>
          </Space>
        ) : (
          name
        ),
    },
    {
      title: t('channel.col.group'),
      dataIndex: 'group',
      width: 100,
      render: (group: string) => (
        <Space size={2} wrap>
          {splitNames(group).map((g) => (
            <Tag key={g} size="small">{g}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('channel.col.type'), dataIndex: 'type', width: 110, ellipsis: true, render: (type: number, row) => (row.tagRow ? '' : typeLabel(type, i18n.language)) },
    {
      title: t('channel.col.status'),
      dataIndex: 'status',
      width: 96,
      render: (status: number, row) => {
        if (row.tagRow) return `${row.tagRow.enabled}/${row.children?.length ?? 0}`;
        const tag = (
          <Tag color={STATUS_COLOURS[status] ?? 'gray'} data-testid="channel-status">
            {t(statusLabelKey(status))}
          </Tag>
        );
        const info = status === ChannelStatus.autoDisabled ? statusReason(row) : null;
        if (!info) return tag;
        return (
          <Tooltip
            content={
              <div>
                <div>{t('channel.autoDisabledReason', { reason: info.status_reason ?? '-' })}</div>
                <div>{t('channel.autoDisabledTime', { time: formatTime(info.status_time) })}</div>
              </div>
            }
          >
            {/* a DOM element, so Arco's Trigger can measure it */}
            <span>{tag}</span>
          </Tooltip>
        );
      },
    },
    {
      title: t('channel.col.responseTime'),
      dataIndex: 'response_time',
      width: 96,
      render: (ms: number, row) => {
        if (row.tagRow) return '';
        const tag = (
          <Tag color={ARCO_TAG_COLOUR[responseTimeColour(ms)]} data-testid="channel-response-time">
            {ms > 0 ? formatDuration(ms) : t('channel.notTested')}
          </Tag>
        );
        return row.test_time ? (
          <Tooltip content={t('channel.testedAt', { time: formatTime(row.test_time) })}>
            <span>{tag}</span>
          </Tooltip>
        ) : (
          tag
        );
      },
    },
    {
      title: t('channel.col.balance'),
      dataIndex: 'balance',
      width: 84,
      render: (balance: number, row) => {
        const amount = row.tagRow ? null : formatBalance(row.type, balance);
        if (amount === null) return '-';
        const text = row.balance_updated_time ? amount : t('channel.balanceUnknown');
        return (
          <Tooltip content={row.balance_updated_time ? t('channel.balanceAt', { time: formatTime(row.balance_updated_time) }) : t('channel.action.updateBalance')}>
            <Button size="mini" type="text" loading={busy[`b${row.id}`]} onClick={() => run(`b${row.id}`, () => actions.onBalance(row))}>
              {text}
            </Button>
          </Tooltip>
        );
      },
    },
    {
      title: t('channel.col.priority'),
      dataIndex: 'priority',
      width: 96,
      render: (v: number, row) => (
        <InlineNumber value={v} valid={isPriority} onSave={(n) => actions.onPriority(row, n)} testId={`priority-${row.rowKey}`} />
      ),
    },
    {
      title: t('channel.col.weight'),
      dataIndex: 'weight',
      width: 96,
      render: (v: number, row) => (
        <InlineNumber value={v} valid={isWeight} onSave={(n) => actions.onWeight(row, n)} testId={`weight-${row.rowKey}`} />
      ),
    },
    {
      title: t('channel.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_: unknown, row) => {
        if (row.tagRow) {
          const tag = row.tagRow.tag;
          return (
            <Space size={4} wrap>
              <Button size="mini" status="success" onClick={() => run(`te${tag}`, () => actions.onTagStatus(tag, true))}>
                {t('channel.action.enableTag')}
              </Button>
              <Button size="mini" status="warning" onClick={() => run(`td${tag}`, () => actions.onTagStatus(tag, false))}>
                {t('channel.action.disableTag')}
              </Button>
              <Button size="mini" icon={<IconEdit />} onClick={() => actions.onEditTag(row)}>
                {t('channel.action.editTag')}
              </Button>
            </Space>
          );
        }
        const models = splitNames(row.models);
        const droplist = (
          <Menu onClickMenuItem={(model) => run(`t${row.id}`, () => actions.onTest(row, model))} style={{ maxHeight: 300, overflow: 'auto' }}>
            {models.map((m) => (
              <Menu.Item key={m}>{m}</Menu.Item>
            ))}
          </Menu>
        );
        return (
          <Space size={4}>
            <Dropdown.Button
              size="mini"
              type="primary"
              droplist={droplist}
              disabled={busy[`t${row.id}`]}
              onClick={() => run(`t${row.id}`, () => actions.onTest(row))}
            >
              {busy[`t${row.id}`] ? <IconSync spin /> : <IconPlayArrow />} {t('channel.action.test')}
            </Dropdown.Button>
            <Tooltip content={row.status === ChannelStatus.enabled ? t('channel.action.disable') : t('channel.action.enable')}>
              <span>
                <Switch
                  size="small"
                  checked={row.status === ChannelStatus.enabled}
                  loading={busy[`s${row.id}`]}
                  onChange={(on) => run(`s${row.id}`, () => actions.onToggle(row, on))}
                  data-testid={`toggle-${row.id}`}
                />
              </span>
            </Tooltip>
            <Button size="mini" icon={<IconEdit />} onClick={() => actions.onEdit(row)}>
              {t('channel.action.edit')}
            </Button>
            <Popconfirm title={t('channel.deleteConfirm', { name: row.name })} onOk={() => actions.onDelete(row)} okButtonProps={{ status: 'danger' }}>
              <Button size="mini" status="danger" icon={<IconDelete />} aria-label={t('channel.action.delete')} />
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <ListTable<ChannelRow>
      rowKey="rowKey"
      data={rows}
      columns={columns}
      loading={loading}
      scrollX={1180}
      empty={t('channel.empty')}
      rowSelection={{
        type: 'checkbox',
        checkStrictly: true,
        selectedRowKeys: selected.map(String),
        checkboxProps: (row) => ({ disabled: Boolean(row.tagRow) }),
        onChange: (keys) => onSelect((keys as string[]).filter((k) => !k.startsWith('tag:')).map(Number)),
      }}
    />
  );
}
