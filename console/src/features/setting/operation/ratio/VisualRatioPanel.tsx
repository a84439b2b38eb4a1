// Visual ratio editor (spec 2 §2, super admin): one row per model over ModelPrice / ModelRatio / CompletionRatio /
// CacheRatio, with search, add, delete and 10 rows a page; "apply" sends only the tables that changed.
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Input, Result, Space } from '@arco-design/web-react';
import { IconPlus, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../api/NotifyProvider';
import { useDebounced } from '../../../../hooks/use-debounced';
import { useOptions } from '../../options/OptionsProvider';
import { AddModelModal } from './AddModelModal';
import { PriceRowsTable } from './PriceRowsTable';
import {
  PRICE_FIELDS, addRow, applyRows, changedTables, editRow, firstBadRow, hasConflict, isNumberText, parseTables, rowsOf,
  type PriceField, type PriceRow,
} from './price-rows';

export function VisualRatioPanel() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { values, save } = useOptions();
  // Keyed on the four texts, not the whole list: saving another section must not reset unsaved rows here.
  const tables = useMemo(
    () => parseTables(values),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values.ModelPrice, values.ModelRatio, values.CompletionRatio, values.CacheRatio],
  );
  const original = useMemo(() => (tables ? rowsOf(tables) : []), [tables]);
  const [rows, setRows] = useState<PriceRow[]>(original);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim().toLowerCase(), 300);
  const [conflictOnly, setConflictOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);

  // A save reloads the options: the table restarts from what the server stored.
  useEffect(() => setRows(original), [original]);
  useEffect(() => setPage(1), [query, conflictOnly]);

  const shown = useMemo(
    () => rows.filter((r) => (!query || r.name.toLowerCase().includes(query)) && (!conflictOnly || hasConflict(r))),
    [rows, query, conflictOnly],
  );
  const lastPage = Math.max(1, Math.ceil(shown.length / 10));
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  if (!tables) return <Result status="error" title={t('settingOperation.ratio.loadFailed')} />;

  const edit = (name: string, field: PriceField, value: string) => {
    if (!isNumberText(value)) return notify.error(t('settingOperation.ratio.notNumber'));
    setRows((rs) => rs.map((r) => (r.name === name ? editRow(r, field, value) : r)));
  };

  const add = (row: PriceRow): string | null => {
    const result = addRow(rows, row);
    if ('error' in result) return t(`settingOperation.ratio.${result.error}`);
    setRows(result.rows);
    setSearch('');
    setPage(1);
    setAdding(false);
    notify.success(t('settingOperation.ratio.added', { name: row.name.trim() }));
    return null;
  };

  const apply = async () => {
    const bad = firstBadRow(rows);
    if (bad) return notify.error(`${bad.name}: ${t('settingOperation.ratio.notNumber')}`);
    const entries = changedTables(tables, applyRows(tables, original, rows));
    if (entries.length === 0) return notify.warning(t('optionForm.nothingChanged'));
    setSaving(true);
    try {
      await save(entries);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="ratio-visual">
      <Space wrap className="gc-gap">
        <Button icon={<IconPlus />} onClick={() => setAdding(true)}>
          {t('settingOperation.ratio.add')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void apply()} data-testid="ratio-visual-apply">
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
        <Checkbox checked={conflictOnly} onChange={setConflictOnly}>
          {t('settingOperation.ratio.conflictOnly')}
        </Checkbox>
      </Space>
      <PriceRowsTable
        rows={shown}
        fields={PRICE_FIELDS}
        page={page}
        onPage={setPage}
        onEdit={edit}
        onDelete={(name) => setRows((rs) => rs.filter((r) => r.name !== name))}
        emptyText={t('settingOperation.ratio.empty')}
      />
      <AddModelModal visible={adding} onCancel={() => setAdding(false)} onAdd={add} />
    </div>
  );
}
