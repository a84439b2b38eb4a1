// Log rows are written in batches off the request path: one insert per batch instead of one per call. With the
// ledger wallet, the balances and counters that moved since the last batch are written in the same transaction.
// A batch that fails stays queued and is tried again; close() writes what is left, so a clean shutdown loses nothing.
import type { EntityManager, Knex } from '@mikro-orm/knex';
import type { Log } from '../modules/log/log.entity.js';
import { LedgerWallet } from '../modules/wallet/ledger-wallet.js';
import type { CacheEpochs } from '../app/cache/epochs.js';
import type { DbKind } from '../app/orm.js';
import { inTransaction } from '../db/transaction.js';

export type LogInsert = Partial<Omit<Log, 'id'>> & Pick<Log, 'type' | 'created_at'>;

export interface UsageWriterOptions {
  /** Write at least this often (ms). */
  intervalMs?: number;
  /** Write at once when this many rows wait. */
  maxBatch?: number;
  /** The most rows one write takes: a backlog goes out in few large writes, not many of maxBatch (default 5000). */
  maxRows?: number;
  onError?: (e: unknown) => void;
  /** The ledger wallet whose moves are written with each batch, and the epochs to bump when a token's status moves. */
  ledger?: { wallet: LedgerWallet; epochs: CacheEpochs };
}

export class UsageWriter {
  private queue: LogInsert[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private draining: Promise<void> | undefined;
  private readonly intervalMs: number;
  private readonly maxBatch: number;
  private readonly maxRows: number;

  constructor(
    private readonly em: EntityManager,
    private readonly kind: DbKind,
    private readonly opts: UsageWriterOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxBatch = opts.maxBatch ?? 500;
    this.maxRows = Math.max(this.maxBatch, opts.maxRows ?? 5000);
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Something is waiting to be written (log rows or ledger moves). */
  get dirty(): boolean {
    return this.queue.length > 0 || !!this.opts.ledger?.wallet.dirty;
  }

  add(row: LogInsert): void {
    this.queue.push(row);
    if (this.queue.length >= this.maxBatch) this.tick();
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /**
   * One write (at most maxRows, with the ledger's moves) when something waits: the timer's, and a full batch's.
   * Fewer than maxBatch rows that arrive during a write wait for the next tick. (Looping until clean here kept one
   * transaction running back to back under load, a few rows each: ~180 transactions a second where two were due.)
   */
  private tick(): void {
    if (this.dirty) void this.writeOnce().catch((e) => this.opts.onError?.(e));
  }

  /** Writes everything queued now, batch after batch (tests, shutdown); concurrent calls share the work. */
  flush(): Promise<void> {
    this.draining ??= this.drainAll().finally(() => (this.draining = undefined));
    return this.draining;
  }

  private async drainAll(): Promise<void> {
    while (this.dirty) await this.writeOnce();
  }

  /**
   * A write that leaves a full batch behind starts the next at once instead of waiting for an add or the timer.
   * Under load a write's time is mostly its few statements each waiting a turn of the busy event loop, whatever
   * their size: one write of the whole backlog (up to maxRows) lets the writer keep up with the relay. With writes
   * of maxBatch rows, 256 concurrent streams queued ~2,500 more rows every second than were written (measured).
   */
  private writeOnce(): Promise<void> {
    this.writing ??= this.writeBatch().finally(() => {
      this.writing = undefined;
      if (this.queue.length >= this.maxBatch && this.timer) this.tick();
    });
    return this.writing;
  }

  private async writeBatch(): Promise<void> {
    const batch = this.queue.slice(0, this.maxRows);
    const ledger = this.opts.ledger;
    if (ledger)
      await ledger.wallet.writeBack((moves) =>
        inTransaction(this.em, async (tx) => {
          const tokenStatusMoved = await LedgerWallet.apply(tx, moves);
          if (batch.length) await insertLogs(tx, this.kind, batch);
          if (tokenStatusMoved) await ledger.epochs.bump('tokens', tx);
        }),
      );
    else if (batch.length) await insertLogs(this.em.fork(), this.kind, batch);
    this.queue.splice(0, batch.length); // only after the write succeeded
  }

  /** Stops the timer and writes what is left, retrying a few times before giving up loudly. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.flush();
        return;
      } catch (e) {
        if (attempt >= 5) throw e;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }
}

const LOG_COLUMNS = [
  'user_id', 'created_at', 'type', 'content', 'username', 'token_name', 'model_name', 'quota', 'prompt_tokens',
  'completion_tokens', 'use_time', 'is_stream', 'channel', 'channel_name', 'token_id', 'group', 'ip', 'other',
] as const satisfies ReadonlyArray<keyof Log>;
const DEFAULTS: Omit<Log, 'id'> = {
  user_id: 0, created_at: 0, type: 0, content: '', username: '', token_name: '', model_name: '', quota: 0, prompt_tokens: 0,
  completion_tokens: 0, use_time: 0, is_stream: false, channel: 0, channel_name: '', token_id: 0, group: '', ip: '', other: '',
};
const COLUMN_LIST = LOG_COLUMNS.map((c) => `"${c}"`).join(', ');
const ROWS_PER_INSERT = 5000;
const PG_INSERT = `insert into logs (${COLUMN_LIST}) select ${COLUMN_LIST} from json_populate_recordset(null::logs, ?::json)`;
const SQLITE_INSERT = `insert into logs (${COLUMN_LIST}) select ${LOG_COLUMNS.map((_, i) => `value ->> ${i}`).join(', ')} from json_each(?)`;

/**
 * The rows travel as one JSON parameter that the database unpacks itself (SQLite's json_each, PostgreSQL's
 * json_populate_recordset): binding 18 values per row, or MikroORM's insertMany inlining them into the SQL text,
 * cost the event loop 12-15 µs per row (measured); JSON.stringify and a short statement cost about 5.
 */
async function insertLogs(em: EntityManager, kind: DbKind, rows: LogInsert[]): Promise<void> {
  const knex = (em.getTransactionContext() as Knex.Transaction | undefined) ?? em.getKnex();
  for (const r of rows) for (const c of LOG_COLUMNS) if (r[c] === undefined) (r as Record<string, unknown>)[c] = DEFAULTS[c];
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    const part = rows.slice(at, at + ROWS_PER_INSERT);
    // SQLite gets each row as an array (less JSON to parse there), PostgreSQL as an object keyed by column
    if (kind === 'postgresql') await knex.raw(PG_INSERT, [JSON.stringify(part)]);
    else await knex.raw(SQLITE_INSERT, [JSON.stringify(part.map((r) => LOG_COLUMNS.map((c) => r[c])))]);
  }
}
