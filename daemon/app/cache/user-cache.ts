// Users by id for the relay: what a request needs to know about a token's owner (status, role, group, settings,
// own model ratios and extra groups).
// Only users whose calls this process has served are kept: each is read once, on its first call, and dropped when
// the 'users' epoch names it (all are dropped when a bump does not say which), to be read again on its next call.
// So memory follows the active users, not the size of the table. Quota is not here: the wallet decides with a
// conditional update.
import type { EntityManager } from '@mikro-orm/knex';
import type { CacheEpochs, ChangedIds } from './epochs.js';
import { num, text } from './rows.js';
import { notifySettingsOf } from '../../modules/self/notify-setting.js';
import { parseAllowGroups, parseModelsRatio } from '../../modules/user/user-overrides.js';
import type { RatioTable } from '../../billing/prices.js';

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
  /** models_ratio, parsed once here: null for a user without own ratios (a call then only checks for null). */
  modelRatios: RatioTable | null;
  /** allow_groups, parsed once here; null when none. */
  allowGroups: ReadonlySet<string> | null;
}

interface Row {
  id: unknown; username: unknown; role: unknown; status: unknown; group: unknown; setting: unknown; allow_groups: unknown; models_ratio: unknown;
}

const COLUMNS = 'select id, username, role, status, "group", setting, allow_groups, models_ratio from users where deleted_at is null';

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
  modelRatios: parseModelsRatio(text(r.models_ratio)),
  allowGroups: parseAllowGroups(text(r.allow_groups)),
});

/** Users kept at most; past it the longest-kept one makes room (a Map iterates in insertion order). */
const MAX_USERS = 100_000;

export class UserCache {
  private byId = new Map<number, CachedUser>();
  /** Reads in flight, shared by concurrent callers for the same user. */
  private reading = new Map<number, Promise<CachedUser | undefined>>();
  /** Moves on every invalidation: a read that started before one does not keep what it read. */
  private generation = 0;

  constructor(
    private readonly em: EntityManager,
    epochs: CacheEpochs,
  ) {
    epochs.on('users', (ids) => this.invalidate(ids));
  }

  get size(): number {
    return this.byId.size;
  }

  /** The user when kept; else undefined: use get(). */
  peek(id: number): CachedUser | undefined {
    return this.byId.get(id);
  }

  get(id: number): Promise<CachedUser | undefined> {
    const hit = this.byId.get(id);
    if (hit) return Promise.resolve(hit);
    let read = this.reading.get(id);
    if (!read) {
      read = this.read(id).finally(() => {
        if (this.reading.get(id) === read) this.reading.delete(id);
      });
      this.reading.set(id, read);
    }
    return read;
  }

  private async read(id: number): Promise<CachedUser | undefined> {
    const gen = this.generation;
    const [row] = await this.em.fork().execute<Row[]>(`${COLUMNS} and id = ?`, [id]);
    const user = row ? toCachedUser(row) : undefined;
    if (user && gen === this.generation) {
      if (this.byId.size >= MAX_USERS) this.byId.delete(this.byId.keys().next().value!);
      this.byId.set(id, user);
    }
    return user;
  }

  private invalidate(ids: ChangedIds): void {
    this.generation++;
    this.reading.clear();
    if (!ids) this.byId.clear();
    else for (const id of ids) this.byId.delete(id);
  }
}
