// Options in memory: registry defaults overlaid by the rows of `options`. Reads never touch the database;
// writes validate, upsert, bump the 'options' epoch so other processes reload, and refresh this snapshot.
import type { EntityManager } from '@mikro-orm/knex';
import { optionKeys, optionRegistry, type OptionKey } from '../../contract/options.js';
import { ServiceError } from '../../app/errors.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { checkOption } from './option-validate.js';
import { inTransaction } from '../../db/transaction.js';
import { LatestLoad } from '../../app/cache/latest-load.js';

export class OptionStore {
  private values = new Map<OptionKey, string>();
  private readonly loads = new LatestLoad();
  /** Increments on every reload, so derived values (rendered HTML, parsed JSON) can be memoised per snapshot. */
  version = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly epochs: CacheEpochs,
  ) {
    epochs.on('options', () => this.load());
  }

  async load(): Promise<void> {
    const ticket = this.loads.ticket();
    const next = withDefaults(await this.em.execute<Row[]>('select "key", "value" from options'));
    if (!this.loads.mayApply(ticket)) return;
    this.values = next;
    this.version++;
  }

  get(key: OptionKey): string {
    return this.values.get(key) ?? optionRegistry[key].default;
  }

  /** Whether the key holds a non-empty value (for secrets: presence without reading). */
  isSet(key: OptionKey): boolean {
    return this.get(key) !== '';
  }

  bool(key: OptionKey): boolean {
    return this.get(key) === 'true';
  }

  number(key: OptionKey): number {
    const n = Number(this.get(key));
    return Number.isFinite(n) ? n : Number(optionRegistry[key].default);
  }

  /**
   * One read-check-write in a transaction: the epoch is bumped first, which takes the write lock (a row lock on
   * PostgreSQL, the database lock on SQLite), so concurrent changes apply one after the other and `compute` sees
   * the values as they are. `compute` returns the entries to write (it may throw a ServiceError); every entry is
   * validated before anything is written. Returns what was written.
   */
  async change(compute: (get: (key: OptionKey) => string) => Record<string, string>): Promise<Array<[OptionKey, string]>> {
    const written = await inTransaction(this.em, async (tx) => {
      await this.epochs.bump('options', tx);
      const current = withDefaults(await tx.execute<Row[]>('select "key", "value" from options'));
      const entries = compute((k) => current.get(k) ?? optionRegistry[k].default);
      const checked = validated(entries);
      for (const [k, v] of checked) await upsert(tx, k, v);
      return checked;
    });
    await this.load();
    return written;
  }

  /** Validates every entry first (nothing is saved when one is bad), then writes them in one transaction. */
  async set(entries: Record<string, unknown>): Promise<void> {
    await inTransaction(this.em, (tx) => this.setIn(tx, entries));
    await this.load();
  }

  /**
   * Writes inside the caller's transaction. The caller calls load() after commit: reading here, outside the
   * transaction, would wait on SQLite's single connection that the transaction holds.
   */
  async setIn(tx: EntityManager, entries: Record<string, unknown>): Promise<void> {
    for (const [k, v] of validated(entries)) await upsert(tx, k, v);
    await this.epochs.bump('options', tx);
  }
}

type Row = { key: string; value: string | null };

function withDefaults(rows: readonly Row[]): Map<OptionKey, string> {
  const out = new Map<OptionKey, string>(optionKeys.map((k) => [k, optionRegistry[k].default]));
  for (const r of rows) if (out.has(r.key as OptionKey)) out.set(r.key as OptionKey, r.value ?? '');
  return out;
}

function validated(entries: Record<string, unknown>): Array<[OptionKey, string]> {
  const checked = Object.entries(entries).map(([k, v]) => checkOption(k, v));
  for (const c of checked) if (!c.ok) throw new ServiceError(c.error, c.params);
  return checked.map((c) => (c.ok ? [c.key, c.value] : (undefined as never)));
}

const upsert = (tx: EntityManager, key: OptionKey, value: string) =>
  tx.execute('insert into options ("key", "value") values (?, ?) on conflict ("key") do update set "value" = excluded."value"', [key, value], 'run');
