// The per-model price table as rows (spec 2 §2 "ratio settings", §4, §5): one row edits a model's entry in the four
// tables ModelPrice / ModelRatio / CompletionRatio / CacheRatio together, so a fixed price and ratios never coexist
// for an edited model. Pure: the table components and the unset-models panel share it.
import type { OptionKey } from '@contract/options';
import type { OptionValues } from '../../options/option-form';

/** Row field → the option that stores it. */
export const PRICE_TABLES = {
  price: 'ModelPrice',
  ratio: 'ModelRatio',
  completionRatio: 'CompletionRatio',
  cacheRatio: 'CacheRatio',
} as const satisfies Record<string, OptionKey>;

export type PriceField = keyof typeof PRICE_TABLES;
export const PRICE_FIELDS = Object.keys(PRICE_TABLES) as PriceField[];
/** The fields that only mean something for per-token billing; a fixed price clears them (spec 2 §4). */
export const RATIO_FIELDS: readonly PriceField[] = ['ratio', 'completionRatio', 'cacheRatio'];

export type Table = Record<string, number>;
export type Tables = Record<PriceField, Table>;

/** Input text per field; '' means "no entry in that table". */
export interface PriceRow {
  name: string;
  price: string;
  ratio: string;
  completionRatio: string;
  cacheRatio: string;
}

const isTable = (v: unknown): v is Table =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((n) => typeof n === 'number' && Number.isFinite(n));

/** The four tables from the option values; null when one is missing or not a JSON object of numbers. */
export function parseTables(values: OptionValues): Tables | null {
  const out = {} as Tables;
  for (const field of PRICE_FIELDS) {
    const text = values[PRICE_TABLES[field]];
    if (text === undefined) return null;
    try {
      const parsed: unknown = JSON.parse(text || '{}');
      if (!isTable(parsed)) return null;
      out[field] = { ...parsed };
    } catch {
      return null;
    }
  }
  return out;
}

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

export function rowOf(name: string, tables: Tables): PriceRow {
  return {
    name,
    price: text(tables.price[name]),
    ratio: text(tables.ratio[name]),
    completionRatio: text(tables.completionRatio[name]),
    cacheRatio: text(tables.cacheRatio[name]),
  };
}

/** Every model named in any table, sorted by name so paging is stable. */
export function rowsOf(tables: Tables): PriceRow[] {
  const names = new Set(PRICE_FIELDS.flatMap((f) => Object.keys(tables[f])));
  return [...names].sort((a, b) => a.localeCompare(b)).map((n) => rowOf(n, tables));
}

/** A fixed price and a model ratio at once: billing uses the price (reference §4.2), the ratio is dead weight. */
export const hasConflict = (row: PriceRow): boolean => row.price !== '' && RATIO_FIELDS.some((f) => row[f] !== '');

/** What a price input accepts while typing: digits with at most one dot (no sign, no exponent). */
export const isNumberText = (value: string): boolean => /^\d*\.?\d*$/.test(value);

/** A finished value: empty, or a finite number ≥ 0. */
export const isNumberValue = (value: string): boolean => value === '' || (isNumberText(value) && Number.isFinite(Number(value)) && value !== '.');

/**
 * One field edited: a fixed price clears the ratios, a ratio clears the fixed price (spec 2 §4). The caller
 * refuses text that fails isNumberText first.
 */
export function editRow(row: PriceRow, field: PriceField, value: string): PriceRow {
  const next = { ...row, [field]: value };
  if (value === '') return next;
  if (field === 'price') for (const f of RATIO_FIELDS) next[f] = '';
  else next.price = '';
  return next;
}

/** A new row, or null with the reason: names are trimmed, required and unique (spec 2 §5). */
export function addRow(rows: readonly PriceRow[], row: PriceRow): { rows: PriceRow[] } | { error: 'nameRequired' | 'nameExists' } {
  const name = row.name.trim();
  if (!name) return { error: 'nameRequired' };
  if (rows.some((r) => r.name === name)) return { error: 'nameExists' };
  return { rows: [{ ...row, name }, ...rows] };
}

/** The first row whose text is not a number, for the "please enter a number" message at save time. */
export const firstBadRow = (rows: readonly PriceRow[]): PriceRow | undefined =>
  rows.find((r) => PRICE_FIELDS.some((f) => !isNumberValue(r[f])));

const sameRow = (a: PriceRow, b: PriceRow): boolean => PRICE_FIELDS.every((f) => a[f] === b[f]);

/**
 * The tables after the edits: deleted models leave every table, an edited or added model's entries are written from
 * its row (an empty field removes the entry), untouched models keep what they had. Only touched models change, so
 * an edit of one row never rewrites another.
 */
export function applyRows(before: Tables, original: readonly PriceRow[], rows: readonly PriceRow[]): Tables {
  const out = {} as Tables;
  for (const f of PRICE_FIELDS) out[f] = { ...before[f] };
  const now = new Map(rows.map((r) => [r.name, r]));
  const was = new Map(original.map((r) => [r.name, r]));
  for (const name of was.keys()) if (!now.has(name)) for (const f of PRICE_FIELDS) delete out[f][name];
  for (const row of rows) {
    const old = was.get(row.name);
    if (old && sameRow(old, row)) continue;
    for (const f of PRICE_FIELDS) {
      if (row[f] === '') delete out[f][row.name];
      else out[f][row.name] = Number(row[f]);
    }
  }
  return out;
}

const sameTable = (a: Table, b: Table): boolean => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && b[k] === a[k]);
};

/** One PUT per table that really changed (spec 2 §7), as pretty JSON like the ratio text fields show it. */
export function changedTables(before: Tables, after: Tables): Array<readonly [OptionKey, string]> {
  return PRICE_FIELDS.filter((f) => !sameTable(before[f], after[f])).map((f) => [PRICE_TABLES[f], JSON.stringify(after[f], null, 2)] as const);
}

/** Enabled models with neither a fixed price nor a model ratio (spec 2 §2: a model leaves once priced). */
export function unsetModels(enabled: readonly string[], tables: Tables): string[] {
  const has = (t: Table, name: string) => Object.prototype.hasOwnProperty.call(t, name);
  return [...new Set(enabled)].filter((m) => !has(tables.price, m) && !has(tables.ratio, m)).sort((a, b) => a.localeCompare(b));
}

export type BatchKind = 'price' | 'ratio' | 'completionRatio' | 'bothRatio';
export interface Batch {
  kind: BatchKind;
  value: string;
  /** bothRatio only */
  completionRatio: string;
}
export type BatchError = 'noneSelected' | 'valueRequired' | 'bothRequired' | 'notNumber';

/** Checks a bulk setting (spec 2 §5): a selection, values present and numeric, both ratios for the pair. */
export function checkBatch(selectedCount: number, batch: Batch): BatchError | null {
  if (selectedCount === 0) return 'noneSelected';
  const values = batch.kind === 'bothRatio' ? [batch.value, batch.completionRatio] : [batch.value];
  if (values.some((v) => v.trim() === '')) return batch.kind === 'bothRatio' ? 'bothRequired' : 'valueRequired';
  if (values.some((v) => !isNumberValue(v.trim()))) return 'notNumber';
  return null;
}

/** Applies a checked bulk setting to the selected rows, with the same price-versus-ratio rule as one edit. */
export function applyBatch(rows: readonly PriceRow[], selected: readonly string[], batch: Batch): PriceRow[] {
  const chosen = new Set(selected);
  return rows.map((row) => {
    if (!chosen.has(row.name)) return row;
    if (batch.kind === 'bothRatio') return editRow(editRow(row, 'ratio', batch.value.trim()), 'completionRatio', batch.completionRatio.trim());
    return editRow(row, batch.kind, batch.value.trim());
  });
}
