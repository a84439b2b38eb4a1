// Tokens by key for the relay: the whole table of live tokens in memory, so a request reads no token row. When the
// 'tokens' epoch moves, the rows it names are re-read (the whole table when it does not say which). A miss asks the epochs once (shared by concurrent misses) before answering
// "unknown", so a token created a moment ago by this or another process is found without waiting for the poll,
// and a flood of made-up keys costs at most one small epoch read in flight, never a token query each.
// Quota is shown here but never decided on: the wallet's conditional update is the only check that counts.
import type { EntityManager } from '@mikro-orm/knex';
import type { CacheEpochs, ChangedIds } from './epochs.js';
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

const COLUMNS =
  'select id, user_id, "key", name, status, expired_time, remain_quota, unlimited_quota, model_limits_enabled, ' +
  'model_limits, allow_ips, "group" from tokens';

export class TokenCache {
  private byKey = new Map<string, CachedToken>();
  private keyById = new Map<number, string>();

  constructor(
    private readonly em: EntityManager,
    private readonly epochs: CacheEpochs,
  ) {
    epochs.on('tokens', (ids) => this.refresh(ids));
  }

  private refresh(ids: ChangedIds): Promise<void> {
    return ids ? this.loader.patch(() => this.readIds([...ids])) : this.loader.refresh();
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
    const rows = await this.em.fork().execute<Row[]>(`${COLUMNS} where deleted_at is null`);
    const byKey = new Map<string, CachedToken>();
    const keyById = new Map<number, string>();
    for (const r of rows) {
      const t = toCachedToken(r);
      byKey.set(t.key, t);
      keyById.set(t.id, t.key);
    }
    this.byKey = byKey;
    this.keyById = keyById;
  }

  /** Re-reads the given tokens into the snapshot: changed ones replaced, deleted ones dropped. */
  private async readIds(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const rows = await this.em.fork().execute<Row[]>(`${COLUMNS} where deleted_at is null and id in (${part.map(() => '?').join(',')})`, part);
      const found = new Map(rows.map((r) => [num(r.id), toCachedToken(r)]));
      for (const id of part) {
        const old = this.keyById.get(id);
        if (old !== undefined) this.byKey.delete(old);
        this.keyById.delete(id);
        const t = found.get(id);
        if (t) {
          this.byKey.set(t.key, t);
          this.keyById.set(id, t.key);
        }
      }
    }
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
