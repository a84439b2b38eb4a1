// Tokens by key for the relay: the whole table of live tokens in memory, reloaded when the 'tokens' epoch moves,
// so a request reads no token row. A miss asks the epochs once (shared by concurrent misses) before answering
// "unknown", so a token created a moment ago by this or another process is found without waiting for the poll,
// and a flood of made-up keys costs at most one small epoch read in flight, never a token query each.
// Quota is shown here but never decided on: the wallet's conditional update is the only check that counts.
import type { EntityManager } from '@mikro-orm/knex';
import type { CacheEpochs } from './epochs.js';
import { LazyLoad } from './lazy-load.js';
import { bool, num, text } from './rows.js';
import { parseAllowIps, type IpAllowList } from '../../relay/ip-allow.js';

export interface CachedToken {
  id: number;
  userId: number;
  /** Without `sk-`. */
  key: string;
  name: string;
  status: number;
  /** Unix seconds; -1 never. */
  expiredTime: number;
  remainQuota: number;
  unlimited: boolean;
  /** Model names the token may use; null when limits are off. */
  modelLimits: ReadonlySet<string> | null;
  /** null: any address. */
  allowIps: IpAllowList | null;
  /** '' = the owner's group. */
  group: string;
}

interface Row {
  id: unknown; user_id: unknown; key: unknown; name: unknown; status: unknown; expired_time: unknown;
  remain_quota: unknown; unlimited_quota: unknown; model_limits_enabled: unknown; model_limits: unknown;
  allow_ips: unknown; group: unknown;
}

export function toCachedToken(r: Row): CachedToken {
  const limits = bool(r.model_limits_enabled)
    ? new Set(text(r.model_limits).split(',').map((s) => s.trim()).filter(Boolean))
    : null;
  return {
    id: num(r.id), userId: num(r.user_id), key: text(r.key), name: text(r.name), status: num(r.status),
    expiredTime: num(r.expired_time), remainQuota: num(r.remain_quota), unlimited: bool(r.unlimited_quota),
    modelLimits: limits, allowIps: parseAllowIps(text(r.allow_ips)), group: text(r.group).trim(),
  };
}

export class TokenCache {
  private byKey = new Map<string, CachedToken>();

  constructor(
    private readonly em: EntityManager,
    private readonly epochs: CacheEpochs,
  ) {
    epochs.on('tokens', () => this.loader.refresh());
  }

  get size(): number {
    return this.byKey.size;
  }

  private readonly loader = new LazyLoad(() => this.read());

  /** Loads now (or waits for the load under way). */
  load(): Promise<void> {
    return this.loader.ensure();
  }

  private async read(): Promise<void> {
    const rows = await this.em.fork().execute<Row[]>(
      'select id, user_id, "key", name, status, expired_time, remain_quota, unlimited_quota, model_limits_enabled, ' +
        'model_limits, allow_ips, "group" from tokens where deleted_at is null',
    );
    this.byKey = new Map(rows.map((r) => [text(r.key), toCachedToken(r)]));
  }

  /** The live token of a key (stored form, no `sk-`). */
  /** The token when the snapshot is current (no load or reload to wait for); else undefined: use get(). */
  peek(key: string): CachedToken | undefined {
    return this.loader.current ? this.byKey.get(key) : undefined;
  }

  async get(key: string): Promise<CachedToken | undefined> {
    await this.load();
    const hit = this.byKey.get(key);
    if (hit) return hit;
    await this.epochs.checkNow();
    return this.byKey.get(key);
  }
}
