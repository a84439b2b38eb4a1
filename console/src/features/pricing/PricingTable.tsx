// The price table: every filtered model, no paging, row selection, access per row, ratios on demand, prices in
// the chosen group per 1M or 1K tokens (or per call), and the cache prices.
import type { ReactNode } from 'react';
import { Space, Table, Tag, Tooltip, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconCheckCircleFill, IconCloseCircleFill } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { QuotaType, type PricingModel, type PricingVendor } from '@contract/pricing';
import { formatRatio, priceCells, type MoneyDisplay, type PriceUnit } from './pricing-format';
import { VendorIcon } from './VendorIcon';

export interface PricingTableProps {
  rows: PricingModel[];
  vendors: ReadonlyMap<string, PricingVendor>;
  /** The group whose prices are shown. */
  group: string;
  unit: PriceUnit;
  display: MoneyDisplay;
  showRatio: boolean;
  selected: string[];
  onSelect: (names: string[]) => void;
  loading: boolean;
}

const Line = ({ label, value, suffix }: { label: string; value: string; suffix: string }) => (
  <div style={{ whiteSpace: 'nowrap' }}>
    <Typography.Text type="secondary">{label} </Typography.Text>
    <Typography.Text bold>{value}</Typography.Text>
    <Typography.Text type="secondary"> {suffix}</Typography.Text>
  </div>
);

export function PricingTable({ rows, vendors, group, unit, display, showRatio, selected, onSelect, loading }: PricingTableProps) {
  const { t } = useTranslation();
  const perTokens = t('pricing.perTokens', { unit: t(unit === 'M' ? 'pricing.unitM' : 'pricing.unitK') });

  const price = (m: PricingModel): ReactNode => {
    const cells = priceCells(m.group_price[group], unit, display);
    if (cells.kind === 'unset') return <Typography.Text type="secondary">{m.price_set ? '-' : t('pricing.priceNotSet')}</Typography.Text>;
    if (cells.kind === 'call') return <Line label="" value={cells.perCall} suffix={t('pricing.perCall')} />;
    return (
      <>
        <Line label={t('pricing.input')} value={cells.input} suffix={perTokens} />
        <Line label={t('pricing.output')} value={cells.output} suffix={perTokens} />
      </>
    );
  };

  const cache = (m: PricingModel): ReactNode => {
    const cells = priceCells(m.group_price[group], unit, display);
    if (cells.kind !== 'token') return <Typography.Text type="secondary">-</Typography.Text>;
    return (
      <>
        <Line label={t('pricing.cacheRead')} value={cells.cacheRead} suffix={perTokens} />
        <Line label={t('pricing.cacheWrite')} value={cells.cacheWrite} suffix={perTokens} />
      </>
    );
  };

  const columns: TableColumnProps<PricingModel>[] = [
    {
      title: t('pricing.col.model'),
      dataIndex: 'model_name',
      width: 260,
      render: (_: unknown, m) => {
        const v = vendors.get(m.vendor);
        return (
          <Space direction="vertical" size={4}>
            <Space size={6}>
              {v && <VendorIcon vendorKey={v.key} icon={v.icon} />}
              <Typography.Text copyable={{ text: m.model_name }} style={{ margin: 0, wordBreak: 'break-all' }}>{m.model_name}</Typography.Text>
            </Space>
            <Space size={4} wrap>
              {m.tags.map((tag) => (
                <Tag key={tag} size="small">{t(`pricing.tags.${tag}`, { defaultValue: tag })}</Tag>
              ))}
            </Space>
          </Space>
        );
      },
    },
    {
      title: t('pricing.col.access'),
      dataIndex: 'available',
      width: 90,
      align: 'center',
      render: (_: unknown, m) => {
        const text = t(m.available ? 'pricing.available' : 'pricing.notAvailable');
        return (
          <Tooltip content={text}>
            <span role="img" aria-label={text} title={text} data-testid={`access-${m.model_name}`}>
              {m.available ? <IconCheckCircleFill style={{ color: 'rgb(var(--green-6))', fontSize: 18 }} /> : <IconCloseCircleFill style={{ color: 'rgb(var(--red-6))', fontSize: 18 }} />}
            </span>
          </Tooltip>
        );
      },
    },
    {
      title: t('pricing.col.billing'),
      dataIndex: 'quota_type',
      width: 110,
      render: (_: unknown, m) => <Tag color={m.quota_type === QuotaType.price ? 'orange' : 'arcoblue'}>{t(`pricing.billing.${m.quota_type}`)}</Tag>,
    },
    ...(showRatio
      ? ([
          { title: t('pricing.col.modelRatio'), dataIndex: 'model_ratio', width: 110, render: (_: unknown, m) => (m.quota_type === QuotaType.price || !m.price_set ? '-' : formatRatio(m.model_ratio)) },
          { title: t('pricing.col.completionRatio'), dataIndex: 'completion_ratio', width: 120, render: (_: unknown, m) => (m.quota_type === QuotaType.price || !m.price_set ? '-' : formatRatio(m.completion_ratio)) },
          { title: t('pricing.col.groupRatio'), key: 'group_ratio', width: 100, render: (_: unknown, m) => { const gp = m.group_price[group]; return gp ? formatRatio(gp.group_ratio) : '-'; } },
        ] satisfies TableColumnProps<PricingModel>[])
      : []),
    { title: t('pricing.col.price'), key: 'price', width: 250, render: (_: unknown, m) => price(m) },
    { title: t('pricing.col.cachePrice'), key: 'cache', width: 260, render: (_: unknown, m) => cache(m) },
  ];

  return (
    <Table<PricingModel>
      rowKey="model_name"
      data={rows}
      columns={columns}
      loading={loading}
      pagination={false}
      border={false}
      scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 48) }}
      noDataElement={<Typography.Text type="secondary">{t('pricing.empty')}</Typography.Text>}
      rowSelection={{ type: 'checkbox', selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(String)), checkCrossPage: true }}
    />
  );
}
