// Cross-process cache invalidation: writers bump a section's version in `cache_epochs`; every daemon polls the
// table (one small read) and reloads only the sections whose version moved. Covers a CLI writing behind a running
// daemon and several instances on one PostgreSQL (architecture §4.7). A bump may name the rows it changed
// (`cache_changes`): listeners then get those ids and reload just them, so a token created on a site with a
// hundred thousand tokens costs one row read in each process, not the whole table.
import type { EntityManager, Knex } from '@mikro-orm/knex';

export type CacheSection = 'options' | 'channels' | 'users' | 'tokens' | 'agents' | 'agent_options';

/** The ids of the rows changed since the listener's last call; null: anything may have changed. */
export type ChangedIds = ReadonlySet<number> | null;
type Listener = (changed: ChangedIds) => Promise<void> | void;

/** Change rows kept per section; a reader further behind than this reloads everything. */
const KEEP_CHANGES = 1024;

export class CacheEpochs {
  private seen = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private listeners = new Map<string, Listener[]>();
  private inflight: Promise<string[]> | undefined;
  private pendingRefresh: Promise<void> | undefined;

  constructor(private readonly em: EntityManager) {}

  /**
   * Marks a section changed, inside the writer's transaction when `em` is one. This process then refreshes at once,
   * after the commit, rather than at the next poll: an admin's edit applies to the very next relay call.
   */
  async bump(section: CacheSection, em: EntityManager = this.em, ids?: readonly number[]): Promise<void> {
    const [row] = await em.execute<{ version: number | string }[]>(
      'insert into cache_epochs (section, version) values (?, 1) on conflict (section) do update set version = cache_epochs.version + 1 returning version',
      [section],
    );
    const version = Number(row.version);
    await em.execute('insert into cache_changes (section, version, ids) values (?, ?, ?)', [section, version, ids ? ids.join(',') : null], 'run');
    if (version % 64 === 0) await em.execute('delete from cache_changes where section = ? and version <= ?', [section, version - KEEP_CHANGES], 'run');
    const trx = em.isInTransaction() ? (em.getTransactionContext() as Knex.Transaction | undefined) : undefined;
    if (trx?.executionPromise) trx.executionPromise.then(() => this.refreshAfterWrite(), () => undefined);
    else this.refreshAfterWrite();
  }

  /** A refresh started by a local write; readers on the hot path wait for it (see `pending`). */
  private refreshAfterWrite(): void {
    // A check already in flight may have read the versions before this commit: run one more after it.
    const after = this.inflight ? this.inflight.catch(() => undefined).then(() => this.checkNow()) : this.checkNow();
    const done: Promise<void> = after.then(
      () => undefined,
      () => undefined,
    );
    this.pendingRefresh = done;
    void done.finally(() => {
      if (this.pendingRefresh === done) this.pendingRefresh = undefined;
    });
  }

  /** Resolves when the refresh caused by this process's last write is done; undefined when none is running. */
  get pending(): Promise<void> | undefined {
    return this.pendingRefresh;
  }

  async read(): Promise<Map<string, number>> {
    const rows = await this.em.execute<{ section: string; version: number | string }[]>(
      'select section, version from cache_epochs',
    );
    return new Map(rows.map((r) => [r.section, Number(r.version)]));
  }

  /** `reload` gets the changed ids when every bump since its last call named them, else null. */
  on(section: CacheSection, reload: Listener): void {
    this.listeners.set(section, [...(this.listeners.get(section) ?? []), reload]);
  }

  /** Records the current versions as already seen (call after the initial load). */
  async prime(): Promise<void> {
    this.seen = await this.read();
  }

  /** One poll: reloads the sections that changed since the last look. Returns the sections reloaded. */
  async check(): Promise<string[]> {
    const now = await this.read();
    const changed = [...now].filter(([s, v]) => this.seen.get(s) !== v).map(([s]) => s);
    for (const s of changed) {
      const ids = await this.changedIds(s, this.seen.get(s), now.get(s)!);
      for (const reload of this.listeners.get(s) ?? []) await reload(ids);
      this.seen.set(s, now.get(s)!);
    }
    return changed;
  }

  /** The ids named by the bumps of (from, to]; null when one did not name them or its row is not there. */
  private async changedIds(section: string, from: number | undefined, to: number): Promise<ChangedIds> {
    if (from === undefined || to <= from || to - from > KEEP_CHANGES) return null;
    const rows = await this.em.execute<{ version: number | string; ids: string | null }[]>(
      'select version, ids from cache_changes where section = ? and version > ? and version <= ?',
      [section, from, to],
    );
    if (new Set(rows.map((r) => Number(r.version))).size !== to - from) return null;
    const ids = new Set<number>();
    for (const r of rows) {
      if (r.ids === null) return null;
      for (const id of r.ids.split(',')) if (id) ids.add(Number(id));
    }
    return ids;
  }

  /**
   * One check now, shared by every caller while it runs (the poll, and a cache that missed a key and wants to know
   * whether it is merely stale): at most one epoch read is in flight however many misses arrive.
   */
  checkNow(): Promise<string[]> {
    this.inflight ??= this.check().finally(() => (this.inflight = undefined));
    return this.inflight;
  }

  start(intervalMs: number, onError: (e: unknown) => void): void {
    this.stop();
    this.timer = setInterval(() => void this.checkNow().catch(onError), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
