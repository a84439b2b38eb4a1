// Log rows are written in batches off the request path: one insert per batch instead of one per call. With the
// ledger wallet, the balances and counters that moved since the last batch are written in the same transaction.
// A batch that fails stays queued and is tried again; close() writes what is left, so a clean shutdown loses nothing.
import type { EntityManager } from '@mikro-orm/knex';
import { LogEntity, type Log } from '../modules/log/log.entity.js';
import { LedgerWallet } from '../modules/wallet/ledger-wallet.js';
import type { CacheEpochs } from '../app/cache/epochs.js';

export type LogInsert = Partial<Omit<Log, 'id'>> & Pick<Log, 'type' | 'created_at'>;

export interface UsageWriterOptions {
  /** Write at least this often (ms). */
  intervalMs?: number;
  /** Write at once when this many rows wait. */
  maxBatch?: number;
  onError?: (e: unknown) => void;
  /** The ledger wallet whose moves are written with each batch, and the epochs to bump when a token's status moves. */
  ledger?: { wallet: LedgerWallet; epochs: CacheEpochs };
}

export class UsageWriter {
  private queue: LogInsert[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly intervalMs: number;
  private readonly maxBatch: number;

  constructor(
    private readonly em: EntityManager,
    private readonly opts: UsageWriterOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxBatch = opts.maxBatch ?? 500;
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
    if (this.queue.length >= this.maxBatch) void this.flush().catch((e) => this.opts.onError?.(e));
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch((e) => this.opts.onError?.(e)), this.intervalMs);
    this.timer.unref();
  }

  /** Writes everything queued now; concurrent calls share one write. */
  flush(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async writeAll(): Promise<void> {
    while (this.dirty) {
      const batch = this.queue.slice(0, this.maxBatch);
      const rows = batch.map(withDefaults) as Log[];
      const ledger = this.opts.ledger;
      if (ledger)
        await ledger.wallet.writeBack((moves) =>
          this.em.fork().transactional(async (tx) => {
            const tokenStatusMoved = await LedgerWallet.apply(tx, moves);
            if (rows.length) await tx.insertMany(LogEntity, rows);
            if (tokenStatusMoved) await ledger.epochs.bump('tokens', tx);
          }),
        );
      else if (rows.length) await this.em.fork().insertMany(LogEntity, rows);
      this.queue.splice(0, batch.length); // only after the write succeeded
    }
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

const withDefaults = (r: LogInsert): Omit<Log, 'id'> => ({
  user_id: 0, content: '', username: '', token_name: '', model_name: '', quota: 0, prompt_tokens: 0,
  completion_tokens: 0, use_time: 0, is_stream: false, channel: 0, channel_name: '', token_id: 0, group: '', ip: '',
  other: '', ...r,
});
