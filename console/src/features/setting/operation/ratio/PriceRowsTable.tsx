// The editable per-model price rows (visual ratio and unset-models panels): 10 rows a page (spec 2 §9), ratio
// inputs disabled while a fixed price is set, and what a ratio costs in dollars per million tokens beside it.
import { Button, Input, Popconfirm, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { hasConflict, type PriceField, type PriceRow } from './price-rows';

export const PRICE_PAGE_SIZE = 10;

interface Props {
  rows: PriceRow[];
  fields: readonly PriceField[];
  page: number;
  onPage(page: number): void;
  onEdit(name: string, field: PriceField, value: string): void;
  onDelete?(name: string): void;
  selected?: string[];
  onSelect?(names: string[]): void;
  emptyText: string;
}

/** Ratio 1 = $2 per 1M input tokens (reference §4.1); output costs the completion ratio times that. */
function usdPerMillion(row: PriceRow): string | null {
  if (row.price !== '' || row.ratio === '') return null;
  const input = Number(row.ratio) * 2;
  const output = input * (row.completionRatio === '' ? 1 : Number(row.completionRatio));
  if (!Number.isFinite(input) || !Number.isFinite(output)) return null;
  const usd = (n: number) => `$${Number(n.toFixed(4))}`;
  return `${usd(input)} / ${usd(output)}`;
}

const LABELS: Record<PriceField, string> = {
  price: 'settingOperation.ratio.col.price',
  ratio: 'settingOperation.ratio.col.ratio',
  completionRatio: 'settingOperation.ratio.col.completionRatio',
  cacheRatio: 'settingOperation.ratio.col.cacheRatio',
};

export function PriceRowsTable({ rows, fields, page, onPage, onEdit, onDelete, selected, onSelect, emptyText }: Props) {
  const { t } = useTranslation();
  const input = (field: PriceField) => (value: string, row: PriceRow) => {
    const locked = field !== 'price' && row.price !== '';
    return (
      <Input
        size="small"
        value={value}
        disabled={locked}
        aria-label={`${row.name} ${t(LABELS[field])}`}
        placeholder={field === 'price' ? t('settingOperation.ratio.perToken') : locked ? '' : t('settingOperation.ratio.unset')}
        onChange={(v) => onEdit(row.name, field, v)}
      />
    );
  };
  const columns: TableColumnProps<PriceRow>[] = [
    {
      title: t('settingOperation.ratio.col.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <span className="gc-price-name">
          {name}
          {hasConflict(row) && (
            <Tag size="small" color="red" className="gc-price-tag">
              {t('settingOperation.ratio.conflict')}
            </Tag>
          )}
        </span>
      ),
    },
    ...fields.map((field) => ({ title: t(LABELS[field]), dataIndex: field, width: 130, render: input(field) })),
  ];
  if (fields.includes('ratio')) {
    columns.push({
      title: t('settingOperation.ratio.col.usd'),
      width: 150,
      render: (_: unknown, row) => <span className="gc-muted">{usdPerMillion(row) ?? (row.price !== '' ? t('settingOperation.ratio.perCall', { price: row.price }) : '-')}</span>,
    });
  }
  if (onDelete) {
    columns.push({
      title: t('settingOperation.ratio.col.actions'),
      width: 80,
      render: (_: unknown, row) => (
        <Popconfirm title={t('settingOperation.ratio.deleteConfirm', { name: row.name })} onOk={() => onDelete(row.name)}>
          <Button size="small" status="danger" icon={<IconDelete />} aria-label={t('settingOperation.ratio.delete')} />
        </Popconfirm>
      ),
    });
  }
  return (
    <Table
      rowKey="name"
      size="small"
      columns={columns}
      data={rows}
      noDataElement={<div className="gc-muted">{emptyText}</div>}
      rowSelection={
        onSelect
          ? { type: 'checkbox', selectedRowKeys: selected ?? [], onChange: (keys) => onSelect(keys.map(String)), checkAll: true }
          : undefined
      }
      pagination={{
        current: page,
        pageSize: PRICE_PAGE_SIZE,
        total: rows.length,
        onChange: onPage,
        showTotal: true,
        sizeCanChange: false,
        hideOnSinglePage: false,
      }}
    />
  );
}
