// Options in memory: registry defaults overlaid by the rows of `options`. Reads never touch the database;
// writes validate, upsert, bump the 'options' epoch so other processes reload, and refresh this snapshot.
import type { EntityManager } from '@mikro-orm/knex';
import { optionKeys, optionRegistry, type OptionKey } from '../../contract/options.js';
import { ServiceError } from '../../app/errors.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { checkOption } from './option-validate.js';

export class OptionStore {
  private values = new Map<OptionKey, string>();
  /** Increments on every reload, so derived values (rendered HTML, parsed JSON) can be memoised per snapshot. */
  version = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly epochs: CacheEpochs,
  ) {
    epochs.on('options', () => this.load());
  }

  async load(): Promise<void> {
    const rows = await this.em.execute<{ key: string; value: string }[]>('select "key", "value" from options');
    const next = new Map<OptionKey, string>(optionKeys.map((k) => [k, optionRegistry[k].default]));
    for (const r of rows) if (next.has(r.key as OptionKey)) next.set(r.key as OptionKey, r.value ?? '');
    this.values = next;
    this.version++;
  }

  get(key: OptionKey): string {
    return this.values.get(key) ?? optionRegistry[key].default;
  }

  bool(key: OptionKey): boolean {
    return this.get(key) === 'true';
  }

  number(key: OptionKey): number {
    const n = Number(this.get(key));
    return Number.isFinite(n) ? n : Number(optionRegistry[key].default);
  }

  /** Validates every entry first (nothing is saved when one is bad), then writes them in one transaction. */
  async set(entries: Record<string, unknown>): Promise<void> {
    await this.em.fork().transactional((tx) => this.setIn(tx, entries));
    await this.load();
  }

  /**
   * Writes inside the caller's transaction. The caller calls load() after commit: reading here, outside the
   * transaction, would wait on SQLite's single connection that the transaction holds.
   */
  async setIn(tx: EntityManager, entries: Record<string, unknown>): Promise<void> {
    const checked = Object.entries(entries).map(([k, v]) => checkOption(k, v));
    for (const c of checked) if (!c.ok) throw new ServiceError(c.error, c.params);
    for (const c of checked) {
      if (!c.ok) continue;
      await tx.execute(
        'insert into options ("key", "value") values (?, ?) on conflict ("key") do update set "value" = excluded."value"',
        [c.key, c.value],
        'run',
      );
    }
    await this.epochs.bump('options', tx);
  }
}
