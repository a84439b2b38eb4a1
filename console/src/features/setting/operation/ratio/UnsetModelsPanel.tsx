// Unset-ratio models (spec 2 §2, super admin): models enabled on some channel with neither a fixed price nor a model
// ratio. Rows are edited one by one or in bulk; once applied, a priced model leaves the list.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Result, Space, Typography } from '@arco-design/web-react';
import { IconSearch, IconThunderbolt } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../../api/ApiProvider';
import { useNotify } from '../../../../api/NotifyProvider';
import { useDebounced } from '../../../../hooks/use-debounced';
import { useOptions } from '../../options/OptionsProvider';
import { operationApi } from '../operation.api';
import { BatchModal } from './BatchModal';
import { PriceRowsTable } from './PriceRowsTable';
import {
  applyBatch, applyRows, changedTables, editRow, firstBadRow, isNumberText, parseTables, rowOf, unsetModels,
  type Batch, type PriceField, type PriceRow,
} from './price-rows';

const FIELDS: readonly PriceField[] = ['price', 'ratio', 'completionRatio'];

export function UnsetModelsPanel() {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useApi();
  const api = useMemo(() => operationApi(client), [client]);
  const { values, save } = useOptions();
  const tables = useMemo(
    () => parseTables(values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the four tables matter here
    [values.ModelPrice, values.ModelRatio, values.CompletionRatio, values.CacheRatio],
  );
  const [enabled, setEnabled] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  const original = useMemo(() => (tables && enabled ? unsetModels(enabled, tables).map((n) => rowOf(n, tables)) : []), [tables, enabled]);
  const [rows, setRows] = useState<PriceRow[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim().toLowerCase(), 300);
  const [page, setPage] = useState(1);
  const [batchOpen, setBatchOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  const loadEnabled = useCallback(async () => {
    try {
      const names = await api.enabledModels();
      setEnabled(Array.isArray(names) ? names : []);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api]);

  useEffect(() => void loadEnabled(), [loadEnabled]);
  useEffect(() => {
    setRows(original);
    setSelected([]);
  }, [original]);
  useEffect(() => setPage(1), [query]);

  const shown = useMemo(() => rows.filter((r) => !query || r.name.toLowerCase().includes(query)), [rows, query]);

  if (!tables || failed) return <Result status="error" title={t('settingOperation.ratio.loadFailed')} />;

  const edit = (name: string, field: PriceField, value: string) => {
    if (!isNumberText(value)) return notify.error(t('settingOperation.ratio.notNumber'));
    setRows((rs) => rs.map((r) => (r.name === name ? editRow(r, field, value) : r)));
  };

  const openBatch = () => {
    if (selected.length === 0) return notify.error(t('settingOperation.batch.noneSelected'));
    setBatchOpen(true);
  };

  const batch = (b: Batch) => {
    setRows((rs) => applyBatch(rs, selected, b));
    setBatchOpen(false);
    notify.success(t('settingOperation.batch.done', { count: selected.length }));
  };

  const apply = async () => {
    const bad = firstBadRow(rows);
    if (bad) return notify.error(`${bad.name}: ${t('settingOperation.ratio.notNumber')}`);
    const entries = changedTables(tables, applyRows(tables, original, rows));
    if (entries.length === 0) return notify.warning(t('optionForm.nothingChanged'));
    setSaving(true);
    try {
      await save(entries);
      await loadEnabled();
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="ratio-unset">
      <Space wrap className="gc-gap">
        <Button icon={<IconThunderbolt />} onClick={openBatch} data-testid="ratio-unset-batch">
          {t('settingOperation.batch.open', { count: selected.length })}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void apply()} data-testid="ratio-unset-apply">
          {t('settingOperation.ratio.apply')}
        </Button>
        <Input
          allowClear
          prefix={<IconSearch />}
          value={search}
          onChange={setSearch}
          placeholder={t('settingOperation.ratio.search')}
          style={{ width: 240 }}
        />
      </Space>
      <Typography.Paragraph type="secondary">{t('settingOperation.ratio.unsetHelp')}</Typography.Paragraph>
      <PriceRowsTable
        rows={shown}
        fields={FIELDS}
        page={page}
        onPage={setPage}
        onEdit={edit}
        selected={selected}
        onSelect={setSelected}
        emptyText={enabled === null ? t('settingOperation.ratio.loading') : t('settingOperation.ratio.noUnset')}
      />
      <BatchModal visible={batchOpen} count={selected.length} onCancel={() => setBatchOpen(false)} onApply={batch} />
    </div>
  );
}
