// Sliding-log rate limiting (reference §10): a request is allowed while fewer than `limit` were allowed in the
// last `windowSeconds`. In-process by default; Redis shares the count between instances.
export interface RateLimitStore {
  /** Records a hit and answers whether it is allowed. A refused hit is not recorded. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /** Whether fewer than `limit` hits are in the window, recording nothing (counts that only some outcomes add to). */
  peek(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /** Records a hit without checking. */
  record(key: string, windowSeconds: number): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private logs = new Map<string, number[]>();
  private janitor: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Drop idle keys so memory does not grow with every IP address ever seen.
    this.janitor = setInterval(() => this.sweep(), 60_000);
    this.janitor.unref();
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    if (limit <= 0) return true;
    const now = this.now();
    const from = now - windowSeconds * 1000;
    const log = (this.logs.get(key) ?? []).filter((t) => t > from);
    if (log.length >= limit) {
      this.logs.set(key, log);
      return false;
    }
    log.push(now);
    this.logs.set(key, log);
    return true;
  }

  async peek(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    if (limit <= 0) return true;
    const from = this.now() - windowSeconds * 1000;
    const log = (this.logs.get(key) ?? []).filter((t) => t > from);
    this.logs.set(key, log);
    return log.length < limit;
  }

  async record(key: string, windowSeconds: number): Promise<void> {
    const now = this.now();
    const log = (this.logs.get(key) ?? []).filter((t) => t > now - windowSeconds * 1000);
    log.push(now);
    this.logs.set(key, log);
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, log] of this.logs) if (!log.length || log[log.length - 1] < now - 86_400_000) this.logs.delete(k);
  }

  async close(): Promise<void> {
    clearInterval(this.janitor);
  }
}

/** Minimal surface of an ioredis client, so the store is testable without one. */
export interface RedisLike {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  quit(): Promise<unknown>;
}

// Atomic in Redis: trim entries older than the window, refuse when full, else record now.
const SLIDING_LOG = `
local key, now, from, limit, ttl = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', from)
if redis.call('ZCARD', key) >= limit then return 0 end
redis.call('ZADD', key, now, ARGV[5])
redis.call('EXPIRE', key, ttl)
return 1`;

const PEEK = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]))
return redis.call('ZCARD', KEYS[1])`;

const RECORD = `
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]), ARGV[3])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

export class RedisRateLimitStore implements RateLimitStore {
  private seq = 0;
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix = 'gw:rl:',
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    if (limit <= 0) return true;
    const now = this.now();
    const member = `${now}-${process.pid}-${this.seq++}`;
    const r = await this.redis.eval(SLIDING_LOG, 1, this.prefix + key, now, now - windowSeconds * 1000, limit, windowSeconds + 1, member);
    return Number(r) === 1;
  }

  async peek(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    if (limit <= 0) return true;
    const n = await this.redis.eval(PEEK, 1, this.prefix + key, this.now() - windowSeconds * 1000);
    return Number(n) < limit;
  }

  async record(key: string, windowSeconds: number): Promise<void> {
    const now = this.now();
    await this.redis.eval(RECORD, 1, this.prefix + key, now, windowSeconds + 1, `${now}-${process.pid}-${this.seq++}`);
  }

  async close(): Promise<void> {}
}
