// Users by id for the relay: what a request needs to know about a token's owner (status, role, group, settings),
// reloaded when the 'users' epoch moves. Quota is not here: the wallet decides with a conditional update.
// A miss (a user written by a path that did not bump the epoch) is read from the database once and kept.
import type { EntityManager } from '@mikro-orm/knex';
import type { CacheEpochs, ChangedIds } from './epochs.js';
import { LazyLoad } from './lazy-load.js';
import { num, text } from './rows.js';
import { notifySettingsOf } from '../../modules/self/notify-setting.js';

export interface CachedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  /** User setting `accept_unset_model_ratio_model`: bill models without a price at the fallback ratio. */
  acceptUnsetModel: boolean;
  /** User setting `quota_warning_threshold`; null when never saved (the site's QuotaRemindThreshold applies). */
  quotaWarningThreshold: number | null;
}

interface Row { id: unknown; username: unknown; role: unknown; status: unknown; group: unknown; setting: unknown }

const COLUMNS = 'select id, username, role, status, "group", setting from users where deleted_at is null';

function settingFlag(setting: string, name: string): boolean {
  if (!setting.trim()) return false;
  try {
    const v = (JSON.parse(setting) as Record<string, unknown> | null)?.[name];
    return v === true || v === 'true';
  } catch {
    return false;
  }
}

const toCachedUser = (r: Row): CachedUser => ({
  id: num(r.id), username: text(r.username), role: num(r.role), status: num(r.status), group: text(r.group) || 'default',
  acceptUnsetModel: settingFlag(text(r.setting), 'accept_unset_model_ratio_model'),
  quotaWarningThreshold: notifySettingsOf(text(r.setting)).threshold,
});

export class UserCache {
  private byId = new Map<number, CachedUser>();

  constructor(
    private readonly em: EntityManager,
    private readonly epochs: CacheEpochs,
  ) {
    epochs.on('users', (ids) => this.refresh(ids));
  }

  private refresh(ids: ChangedIds): Promise<void> {
    return ids ? this.loader.patch(() => this.readIds([...ids])) : this.loader.refresh();
  }

  /** Re-reads the given users into the snapshot: changed ones replaced, deleted ones dropped. */
  private async readIds(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const rows = await this.em.fork().execute<Row[]>(`${COLUMNS} and id in (${part.map(() => '?').join(',')})`, part);
      const found = new Map(rows.map((r) => [num(r.id), toCachedUser(r)]));
      for (const id of part) {
        const u = found.get(id);
        if (u) this.byId.set(id, u);
        else this.byId.delete(id);
      }
    }
  }

  private readonly loader = new LazyLoad(() => this.read());

  /** Loads now (or waits for the load under way). */
  load(): Promise<void> {
    return this.loader.ensure();
  }

  private async read(): Promise<void> {
    const rows = await this.em.fork().execute<Row[]>(COLUMNS);
    this.byId = new Map(rows.map((r) => [num(r.id), toCachedUser(r)]));
  }

  /** The user when the snapshot is current (no load or reload to wait for); else undefined: use get(). */
  peek(id: number): CachedUser | undefined {
    return this.loader.current ? this.byId.get(id) : undefined;
  }

  async get(id: number): Promise<CachedUser | undefined> {
    await this.load();
    const hit = this.byId.get(id);
    if (hit) return hit;
    await this.epochs.checkNow();
    const again = this.byId.get(id);
    if (again) return again;
    const [row] = await this.em.fork().execute<Row[]>(`${COLUMNS} and id = ?`, [id]);
    if (!row) return undefined;
    const user = toCachedUser(row);
    this.byId.set(id, user);
    return user;
  }
}
