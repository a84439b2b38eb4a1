// Log rows are written in batches off the request path: one insert per batch instead of one per call. A batch
// that fails stays queued and is tried again; close() writes what is left, so a clean shutdown loses nothing.
import type { EntityManager } from '@mikro-orm/knex';
import { LogEntity, type Log } from '../modules/log/log.entity.js';

export type LogInsert = Partial<Omit<Log, 'id'>> & Pick<Log, 'type' | 'created_at'>;

export interface UsageWriterOptions {
  /** Write at least this often (ms). */
  intervalMs?: number;
  /** Write at once when this many rows wait. */
  maxBatch?: number;
  onError?: (e: unknown) => void;
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
    while (this.queue.length) {
      const batch = this.queue.slice(0, this.maxBatch);
      await this.em.fork().insertMany(LogEntity, batch.map(withDefaults) as Log[]);
      this.queue.splice(0, batch.length); // only after the insert succeeded
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
