// Cross-process cache invalidation: writers bump a section's version in `cache_epochs`; every daemon polls the
// table (one small read) and reloads only the sections whose version moved. Covers a CLI writing behind a running
// daemon and several instances on one PostgreSQL (architecture §4.7).
import type { EntityManager, Knex } from '@mikro-orm/knex';

export type CacheSection = 'options' | 'channels' | 'users' | 'tokens';

export class CacheEpochs {
  private seen = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private listeners = new Map<string, Array<() => Promise<void> | void>>();
  private inflight: Promise<string[]> | undefined;
  private pendingRefresh: Promise<void> | undefined;

  constructor(private readonly em: EntityManager) {}

  /**
   * Marks a section changed, inside the writer's transaction when `em` is one. This process then refreshes at once,
   * after the commit, rather than at the next poll: an admin's edit applies to the very next relay call.
   */
  async bump(section: CacheSection, em: EntityManager = this.em): Promise<void> {
    await em.execute(
      'insert into cache_epochs (section, version) values (?, 1) on conflict (section) do update set version = cache_epochs.version + 1',
      [section],
      'run',
    );
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

  on(section: CacheSection, reload: () => Promise<void> | void): void {
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
      for (const reload of this.listeners.get(s) ?? []) await reload();
      this.seen.set(s, now.get(s)!);
    }
    return changed;
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
