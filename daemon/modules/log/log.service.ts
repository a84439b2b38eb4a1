// Usage logs: lists for admins, for agents (their sub-users' or their own) and for users (their own), the last two
// with admin details removed; statistics; clearing.
import type { EntityManager } from '@mikro-orm/knex';
import { LOG_ROW_FIELDS, type LogFilters, type LogRow, type LogStat } from '../../contract/log.js';
import { onePage, type Page } from '../../contract/paging.js';
import { LogType } from '../../contract/roles.js';
import { ServiceError } from '../../app/errors.js';
import type { Clock } from '../../app/clock.js';
import type { Actor } from '../../app/actor.js';
import { logWhere, type FilterScope } from './log-filter.js';

const COLUMNS = LOG_ROW_FIELDS.map((c) => `"${c}"`).join(', ');
/** Rows deleted per statement when clearing, so a huge clear never holds one long lock. */
export const CLEAR_BATCH = 5000;

export class LogService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Every user's logs (admins). */
  listAll(f: LogFilters): Promise<Page<LogRow>> {
    return this.list(f, { admin: true }, (r) => r);
  }

  /** The actor's own logs, without channel details or admin info (reference §4.11). */
  listOwn(actor: Actor, f: LogFilters): Promise<Page<LogRow>> {
    return this.list(f, { admin: false, userId: actor.id }, toUserView);
  }

  /**
   * An agent's view (design agents.md §6): with `all_users`, the logs of all its sub-users; without, its own (the
   * agent-share lines among them). Both without channel details or admin info. An admin calling it is scoped the
   * same way by its own id (it has /api/log for everything).
   */
  listAgent(actor: Actor, f: LogFilters): Promise<Page<LogRow>> {
    return this.list(f, agentScope(actor, f), toUserView);
  }

  statAll(f: LogFilters): Promise<LogStat> {
    return this.stat(f, { admin: true });
  }

  statOwn(actor: Actor, f: LogFilters): Promise<LogStat> {
    return this.stat(f, { admin: false, userId: actor.id });
  }

  statAgent(actor: Actor, f: LogFilters): Promise<LogStat> {
    return this.stat(f, agentScope(actor, f));
  }

  /** How many logs are older than `before` (unix seconds): what clearBefore would delete. */
  async countBefore(before: number): Promise<number> {
    const [{ n }] = await this.em.fork().execute<{ n: number | string }[]>('select count(*) as n from logs where created_at < ?', [before]);
    return Number(n);
  }

  /** Deletes logs older than `before` (unix seconds) in batches; returns how many went. */
  async clearBefore(before: number, onProgress?: (deleted: number) => void): Promise<number> {
    if (!before) throw new ServiceError('log.target_required');
    let total = 0;
    for (;;) {
      const em = this.em.fork();
      const res = await em.execute<{ affectedRows: number }>(
        `delete from logs where id in (select id from logs where created_at < ? limit ${CLEAR_BATCH})`,
        [before],
        'run',
      );
      const deleted = Number(res.affectedRows ?? 0);
      total += deleted;
      onProgress?.(total);
      if (deleted < CLEAR_BATCH) return total;
    }
  }

  private async list(f: LogFilters, scope: FilterScope, view: (r: LogRow) => LogRow): Promise<Page<LogRow>> {
    const { page, pageSize, offset } = onePage(f);
    const w = logWhere(f, scope);
    const em = this.em.fork();
    const [{ n }] = await em.execute<{ n: number | string }[]>(`select count(*) as n from logs where ${w.sql}`, w.params);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${COLUMNS} from logs where ${w.sql} order by id desc limit ? offset ?`,
      [...w.params, pageSize, offset],
    );
    return { items: rows.map((r) => view(fromDb(r))), total: Number(n), page, page_size: pageSize };
  }

  private async stat(f: LogFilters, scope: FilterScope): Promise<LogStat> {
    const em = this.em.fork();
    const all = logWhere(f, { ...scope, forceType: LogType.consume });
    const [{ quota }] = await em.execute<{ quota: number | string | null }[]>(
      `select coalesce(sum(quota), 0) as quota from logs where ${all.sql}`,
      all.params,
    );
    // rpm/tpm: the last 60 seconds, whatever the time window (reference §13).
    const recent = logWhere(f, { ...scope, forceType: LogType.consume, time: false });
    const [{ rpm, tpm }] = await em.execute<{ rpm: number | string; tpm: number | string | null }[]>(
      `select count(*) as rpm, coalesce(sum(prompt_tokens + completion_tokens), 0) as tpm from logs where ${recent.sql} and created_at >= ?`,
      [...recent.params, this.clock() - 60],
    );
    return { quota: Number(quota ?? 0), rpm: Number(rpm), tpm: Number(tpm ?? 0) };
  }
}

const agentScope = (actor: Actor, f: LogFilters): FilterScope =>
  f.all_users ? { admin: false, subUsersOf: actor.id, narrowByUser: true } : { admin: false, userId: actor.id, narrowByUser: true };

/** Drivers differ in what they return for booleans and bigints; the wire wants plain numbers and booleans. */
function fromDb(r: Record<string, unknown>): LogRow {
  const out = {} as Record<string, unknown>;
  for (const f of LOG_ROW_FIELDS) out[f] = r[f];
  for (const f of ['id', 'created_at', 'type', 'user_id', 'token_id', 'channel', 'use_time', 'prompt_tokens', 'completion_tokens', 'quota'])
    out[f] = Number(out[f] ?? 0);
  out.is_stream = out.is_stream === true || out.is_stream === 1 || out.is_stream === '1';
  return out as unknown as LogRow;
}

/** What a user may see of their own log line. */
export function toUserView(r: LogRow): LogRow {
  let other = r.other;
  if (other) {
    try {
      const parsed = JSON.parse(other) as Record<string, unknown>;
      delete parsed.admin_info;
      other = JSON.stringify(parsed);
    } catch {
      other = '';
    }
  }
  // id modulo 1024 so users cannot read the site's total volume from ids (new-api).
  return { ...r, id: r.id % 1024, channel: 0, channel_name: '', other };
}
