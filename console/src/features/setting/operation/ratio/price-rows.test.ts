import { describe, expect, it } from 'vitest';
import {
  addRow, applyBatch, applyRows, changedTables, checkBatch, editRow, firstBadRow, hasConflict, isNumberText, isNumberValue,
  parseTables, rowsOf, unsetModels, type PriceRow, type Tables,
} from './price-rows';

const values = {
  ModelPrice: '{"dall-e-3":0.04,"gpt-4-gizmo-*":0.1}',
  ModelRatio: '{"gpt-4o":1.25,"gpt-4-gizmo-*":15}',
  CompletionRatio: '{"gpt-4o":4}',
  CacheRatio: '{"gpt-4o":0.5}',
};
const tables = (): Tables => parseTables(values)!;
const row = (name: string, patch: Partial<PriceRow> = {}): PriceRow => ({ name, price: '', ratio: '', completionRatio: '', cacheRatio: '', ...patch });

describe('parseTables / rowsOf', () => {
  it('joins the four tables into one sorted row per model', () => {
    expect(rowsOf(tables())).toEqual([
      row('dall-e-3', { price: '0.04' }),
      row('gpt-4-gizmo-*', { price: '0.1', ratio: '15' }),
      row('gpt-4o', { ratio: '1.25', completionRatio: '4', cacheRatio: '0.5' }),
    ]);
  });

  it('refuses a missing table, bad JSON, an array or a non-number entry', () => {
    expect(parseTables({ ...values, CacheRatio: undefined })).toBeNull();
    expect(parseTables({ ...values, ModelRatio: '{' })).toBeNull();
    expect(parseTables({ ...values, ModelRatio: '[1]' })).toBeNull();
    expect(parseTables({ ...values, ModelRatio: '{"a":"1"}' })).toBeNull();
    expect(parseTables({ ...values, CacheRatio: '' })?.cacheRatio).toEqual({});
  });

  it('marks a model with both a price and a ratio as a conflict', () => {
    const [dall, gizmo, gpt4o] = rowsOf(tables());
    expect([hasConflict(dall), hasConflict(gizmo), hasConflict(gpt4o)]).toEqual([false, true, false]);
  });
});

describe('editRow: a fixed price and ratios exclude each other', () => {
  it('a price clears every ratio', () => {
    expect(editRow(row('m', { ratio: '1', completionRatio: '2', cacheRatio: '0.5' }), 'price', '0.02')).toEqual(row('m', { price: '0.02' }));
  });
  it('a ratio clears the price, keeping the other ratios', () => {
    expect(editRow(row('m', { price: '3', completionRatio: '2' }), 'ratio', '1.5')).toEqual(row('m', { ratio: '1.5', completionRatio: '2' }));
    expect(editRow(row('m', { price: '3' }), 'cacheRatio', '0.1')).toEqual(row('m', { cacheRatio: '0.1' }));
  });
  it('emptying a field clears only that field', () => {
    expect(editRow(row('m', { ratio: '1', completionRatio: '2' }), 'ratio', '')).toEqual(row('m', { completionRatio: '2' }));
    expect(editRow(row('m', { price: '1' }), 'price', '')).toEqual(row('m'));
  });
});

describe('number input', () => {
  it('accepts digits with one dot while typing, nothing else', () => {
    expect(['', '1', '1.', '.5', '0.25', '10'].every(isNumberText)).toBe(true);
    expect(['a', '-1', '1e3', '1.2.3', ' 1', '1,5'].some(isNumberText)).toBe(false);
  });
  it('a finished value is empty or a number', () => {
    expect(isNumberValue('')).toBe(true);
    expect(isNumberValue('1.')).toBe(true);
    expect(isNumberValue('.')).toBe(false);
    expect(firstBadRow([row('a', { ratio: '1' }), row('b', { price: '.' })])?.name).toBe('b');
    expect(firstBadRow([row('a', { ratio: '1' })])).toBeUndefined();
  });
});

describe('addRow', () => {
  const rows = rowsOf(tables());
  it('puts a new model first, with its name trimmed', () => {
    const r = addRow(rows, row('  my-model ', { ratio: '2' }));
    expect('rows' in r && r.rows[0]).toEqual(row('my-model', { ratio: '2' }));
    expect('rows' in r && r.rows.length).toBe(4);
  });
  it('refuses an empty or existing name', () => {
    expect(addRow(rows, row('  '))).toEqual({ error: 'nameRequired' });
    expect(addRow(rows, row('gpt-4o '))).toEqual({ error: 'nameExists' });
  });
});

describe('applyRows / changedTables', () => {
  it('writes only touched models and sends only the tables that changed', () => {
    const before = tables();
    const original = rowsOf(before);
    const edited = original.map((r) => (r.name === 'gpt-4o' ? editRow(r, 'price', '0.3') : r));
    const after = applyRows(before, original, edited);
    // the untouched conflicting gizmo row keeps both entries
    expect(after.price).toEqual({ 'dall-e-3': 0.04, 'gpt-4-gizmo-*': 0.1, 'gpt-4o': 0.3 });
    expect(after.ratio).toEqual({ 'gpt-4-gizmo-*': 15 });
    expect(after.completionRatio).toEqual({});
    expect(after.cacheRatio).toEqual({});
    expect(changedTables(before, after).map(([k]) => k)).toEqual(['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio']);
    expect(JSON.parse(changedTables(before, after)[0][1])).toEqual(after.price);
  });

  it('removes a deleted model from every table and adds a new one', () => {
    const before = tables();
    const original = rowsOf(before);
    const rows = [row('new', { ratio: '2', completionRatio: '3' }), ...original.filter((r) => r.name !== 'gpt-4-gizmo-*')];
    const after = applyRows(before, original, rows);
    expect(after.price).toEqual({ 'dall-e-3': 0.04 });
    expect(after.ratio).toEqual({ 'gpt-4o': 1.25, new: 2 });
    expect(after.completionRatio).toEqual({ 'gpt-4o': 4, new: 3 });
    expect(changedTables(before, after).map(([k]) => k)).toEqual(['ModelPrice', 'ModelRatio', 'CompletionRatio']);
  });

  it('sends nothing when nothing changed, including a value retyped the same', () => {
    const before = tables();
    const original = rowsOf(before);
    const retyped = original.map((r) => (r.name === 'gpt-4o' ? { ...r, ratio: '1.250' } : r));
    expect(changedTables(before, applyRows(before, original, original))).toEqual([]);
    expect(changedTables(before, applyRows(before, original, retyped))).toEqual([]);
  });
});

describe('unset models and bulk setting', () => {
  it('lists enabled models with neither a price nor a ratio, once each', () => {
    expect(unsetModels(['gpt-4o', 'x-model', 'dall-e-3', 'a-model', 'x-model'], tables())).toEqual(['a-model', 'x-model']);
    // a completion ratio alone does not price a model
    const t = tables();
    t.completionRatio['a-model'] = 2;
    expect(unsetModels(['a-model'], t)).toEqual(['a-model']);
  });

  it('checks the selection and the values', () => {
    const batch = { kind: 'ratio' as const, value: '1', completionRatio: '' };
    expect(checkBatch(0, batch)).toBe('noneSelected');
    expect(checkBatch(1, { ...batch, value: ' ' })).toBe('valueRequired');
    expect(checkBatch(1, { ...batch, value: 'x' })).toBe('notNumber');
    expect(checkBatch(1, { ...batch, kind: 'bothRatio' })).toBe('bothRequired');
    expect(checkBatch(1, { ...batch, kind: 'bothRatio', completionRatio: '-2' })).toBe('notNumber');
    expect(checkBatch(1, { ...batch, kind: 'bothRatio', completionRatio: '2' })).toBeNull();
    expect(checkBatch(1, batch)).toBeNull();
  });

  it('sets the selected rows only, with the price rule', () => {
    const rows = [row('a', { price: '1' }), row('b'), row('c')];
    expect(applyBatch(rows, ['a', 'b'], { kind: 'bothRatio', value: '2', completionRatio: '3' })).toEqual([
      row('a', { ratio: '2', completionRatio: '3' }),
      row('b', { ratio: '2', completionRatio: '3' }),
      row('c'),
    ]);
    expect(applyBatch(rows, ['b', 'c'], { kind: 'price', value: ' 0.5 ', completionRatio: '' })[2]).toEqual(row('c', { price: '0.5' }));
  });
});
