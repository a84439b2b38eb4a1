// /pricing (spec 3 "Pricing page"): public. A note on billing; vendor tabs, tag and group filters, a fuzzy name
// search, a ratio switch and a per-1M/per-1K switch; the table with row selection and "copy selected". A visitor
// sees the default group's prices, a signed-in user their own group's (and may pick another usable group).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Switch, Tabs, Typography } from '@arco-design/web-react';
import { IconCopy, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { PricingData, PricingVendor } from '@contract/pricing';
import { DEFAULT_QUOTA_PER_UNIT } from '@contract/roles';
import { useApi } from '../../api/ApiProvider';
import { useModalApi, useNotify } from '../../api/NotifyProvider';
import { useUser } from '../auth/UserProvider';
import { useStatus } from '../status/StatusProvider';
import { copyText } from '../token/token-display';
import { pricingApi } from './pricing.api';
import { ALL, copySelectedText, filterModels, formatRatio, priceGroup, vendorCounts, type PriceUnit } from './pricing-format';
import { PricingTable } from './PricingTable';
import { VendorIcon } from './VendorIcon';

/** The tab of models whose vendor is unknown (vendor ''). */
const OTHER = '__other';
const label = { display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' } as const;

export function PricingPage() {
  const { t } = useTranslation();
  const client = useApi();
  const api = useMemo(() => pricingApi(client), [client]);
  const notify = useNotify();
  const modal = useModalApi();
  const { status } = useStatus();
  const userId = useUser().user?.id ?? 0;
  const [data, setData] = useState<PricingData | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [vendor, setVendor] = useState(ALL);
  const [tag, setTag] = useState(ALL);
  const [group, setGroup] = useState(ALL);
  const [query, setQuery] = useState('');
  const [showRatio, setShowRatio] = useState(false);
  const [unit, setUnit] = useState<PriceUnit>('M');
  const [selected, setSelected] = useState<string[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setData(await api.pricing());
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [api]);

  // again when the user signs in or out: the groups and prices are theirs
  useEffect(() => {
    void load();
  }, [load, userId]);

  const models = data?.models ?? [];
  const vendors = useMemo(() => new Map<string, PricingVendor>((data?.vendors ?? []).map((v) => [v.key, v])), [data]);
  const counts = useMemo(() => vendorCounts(models), [models]);
  const rows = useMemo(() => filterModels(models, { vendor: vendor === OTHER ? '' : vendor, tag, group, query }), [models, vendor, tag, group, query]);
  const shownGroup = priceGroup(group, data?.user_group ?? 'default');
  const display = {
    display_in_currency: status?.display_in_currency ?? true,
    quota_per_unit: data?.quota_per_unit || status?.quota_per_unit || DEFAULT_QUOTA_PER_UNIT,
  };

  const copySelected = async () => {
    const text = copySelectedText(selected);
    if (await copyText(text)) return notify.success(t('pricing.copied'));
    modal.info?.({
      title: t('pricing.copyFailedTitle'),
      content: <Input.TextArea value={text} readOnly autoSize style={{ wordBreak: 'break-all', fontFamily: 'monospace' }} />,
    });
  };

  const ratioOf = (g: string) => formatRatio(data?.group_ratio[g] ?? 1);

  return (
    <Card title={t('pricing.title')} style={{ minWidth: 0 }} bodyStyle={{ minWidth: 0 }}>
      <Alert
        className="gc-gap"
        type="info"
        title={t('pricing.noteTitle')}
        content={
          <Space direction="vertical" size={2}>
            <span>{t('pricing.noteToken', { perUnit: display.quota_per_unit })}</span>
            <span>{t('pricing.noteCall')}</span>
            {data && <span>{t('pricing.noteGroup', { group: shownGroup, ratio: ratioOf(shownGroup) })}</span>}
            {!userId && <span>{t('pricing.noteVisitor')}</span>}
          </Space>
        }
      />
      {failed && (
        <Space className="gc-gap">
          <Typography.Text type="error">{t('pricing.loadFailed')}</Typography.Text>
          <Button size="small" onClick={() => void load()}>{t('pricing.retry')}</Button>
        </Space>
      )}
      <Tabs activeTab={vendor} onChange={setVendor} type="rounded" className="gc-gap" data-testid="vendor-tabs">
        {[{ key: ALL, name: t('pricing.allVendors'), icon: '' }, ...(data?.vendors ?? []), ...(counts[''] ? [{ key: OTHER, name: t('pricing.otherVendor'), icon: '' }] : [])].map((v) => (
          <Tabs.TabPane
            key={v.key}
            title={
              <span style={label}>
                {v.icon && <VendorIcon vendorKey={v.key} icon={v.icon} />}
                {v.name}
                <Typography.Text type="secondary">{counts[v.key === OTHER ? '' : v.key] ?? 0}</Typography.Text>
              </span>
            }
          />
        ))}
      </Tabs>
      <Space wrap size={[12, 8]} className="gc-gap" style={{ maxWidth: '100%' }}>
        <Input
          allowClear
          value={query}
          onChange={setQuery}
          prefix={<IconSearch />}
          placeholder={t('pricing.search')}
          style={{ width: 240, maxWidth: '100%' }}
        />
        <Select value={tag} onChange={setTag} style={{ width: 160 }} aria-label={t('pricing.tag')} data-testid="tag-select">
          <Select.Option value={ALL}>{t('pricing.allTags')}</Select.Option>
          {(data?.tags ?? []).map((tg) => (
            <Select.Option key={tg} value={tg}>{t(`pricing.tags.${tg}`, { defaultValue: tg })}</Select.Option>
          ))}
        </Select>
        <Select value={group} onChange={setGroup} style={{ width: 200 }} aria-label={t('pricing.group')} data-testid="group-select">
          <Select.Option value={ALL}>{t('pricing.allGroups')}</Select.Option>
          {(data?.groups ?? []).map((g) => (
            <Select.Option key={g} value={g}>{t('pricing.groupOption', { group: g, ratio: ratioOf(g) })}</Select.Option>
          ))}
        </Select>
        <label style={label}>
          <Switch size="small" checked={showRatio} onChange={setShowRatio} aria-label={t('pricing.showRatio')} />
          {t('pricing.showRatio')}
        </label>
        <label style={label}>
          <Switch size="small" checked={unit === 'M'} onChange={(on) => setUnit(on ? 'M' : 'K')} aria-label={t('pricing.perMillion')} />
          {t('pricing.perMillion')}
        </label>
        <Button icon={<IconCopy />} disabled={!selected.length} onClick={() => void copySelected()}>
          {t('pricing.copySelected', { count: selected.length })}
        </Button>
      </Space>
      <PricingTable
        rows={rows}
        vendors={vendors}
        group={shownGroup}
        unit={unit}
        display={display}
        showRatio={showRatio}
        selected={selected}
        onSelect={setSelected}
        loading={loading}
      />
    </Card>
  );
}
