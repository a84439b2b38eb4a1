// Agent administration (spec 3 "Agents page", §5, §7; design agents.md §1, §6): the administrator makes a user an
// agent (a role-10 user with a live `agents` row under a parent agent or none), lists agents (deleted ones too in the
// search), and an agent reads its own row. Ending an agency (its user deleted or demoted, user-admin.service.ts)
// re-attaches its sub-users and sub-agents to its parent in the same transaction (`endAgency`).
// Every change to the agent tree takes one lock on PostgreSQL (SQLite runs one write transaction at a time), so a
// parent can never be ended while a child is being attached to it; new accounts hold the rows they attach to
// (agent/attach.ts). Counters shown (user_num) are computed, never trusted from the row.
import type { EntityManager } from '@mikro-orm/knex';
import { onePage, type Page, type PageQuery } from '../../contract/paging.js';
import { LogType, Role, UserStatus } from '../../contract/roles.js';
import { AGENT_DOMAIN_MAX, AgentLevel, type AddAgentRequest, type AgentRow, type AgentSearchQuery } from '../../contract/agents.js';
import { isAdmin, type Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import type { DbKind } from '../../app/orm.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { ServiceError } from '../../app/errors.js';
import { translate } from '../../i18n/translate.js';
import { inTransaction } from '../../db/transaction.js';
import type { OptionStore } from '../option/option.store.js';
import { LogEntity } from '../log/log.entity.js';
import { formatMoney } from '../topup/topup-money.js';
import { liveAgentIds } from './attach.js';

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);
/** How far up the tree a re-attachment looks for a live ancestor (the tree is never this deep in practice). */
const MAX_DEPTH = 32;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name as agents' domains are stored (lower case, no trailing dot), or null when it is not one. */
export function checkDomain(raw: string): string | null {
  const host = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!host || host.length > AGENT_DOMAIN_MAX) return null;
  return host.split('.').every((l) => LABEL.test(l)) ? host : null;
}

/** A whole id from the wire (a number, or a numeric string from a form); undefined when not one. */
function wholeId(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Serialises changes to the agent tree until the transaction ends (PostgreSQL; SQLite already is serial). */
export async function lockAgentTree(tx: EntityManager, dbKind: DbKind): Promise<void> {
  if (dbKind === 'postgresql') await tx.execute("select pg_advisory_xact_lock(hashtext('agent-tree'))");
}

/** The nearest live agent from `id` upwards (id itself first), through deleted agents' own parents; 0 when none. */
export async function liveAncestor(tx: EntityManager, id: number): Promise<number> {
  for (let at = id, depth = 0; at > 0 && depth < MAX_DEPTH; depth++) {
    if ((await liveAgentIds(tx, [at])).has(at)) return at;
    const [row] = await tx.execute<{ agent_agent_id: unknown }[]>('select agent_agent_id from agents where agent_id = ?', [at]);
    const up = Number(row?.agent_agent_id ?? 0);
    if (up === at) break;
    at = up;
  }
  return 0;
}

/** Whether `ancestor` is `id` or above it in the agent tree (guards moves that would make a cycle). */
export async function isAncestorOrSelf(tx: EntityManager, ancestor: number, id: number): Promise<boolean> {
  for (let at = id, depth = 0; at > 0 && depth < MAX_DEPTH; depth++) {
    if (at === ancestor) return true;
    const [row] = await tx.execute<{ agent_agent_id: unknown }[]>('select agent_agent_id from agents where agent_id = ?', [at]);
    at = Number(row?.agent_agent_id ?? 0);
  }
  return false;
}

/**
 * Ends user `agentId`'s agency inside the caller's transaction (the tree lock taken): its agents row is marked
 * deleted, and its sub-users (users.agent_id) and sub-agents (agents.agent_agent_id) move to its nearest live parent,
 * or to nobody. Returns whether anything changed, for the caller to bump the 'agents' and 'users' epochs.
 */
export async function endAgency(tx: EntityManager, agentId: number, now: number): Promise<{ changed: boolean; parent: number; moved: number }> {
  const [row] = await tx.execute<{ agent_agent_id: unknown; deleted_at: unknown }[]>(
    'select agent_agent_id, deleted_at from agents where agent_id = ?',
    [agentId],
  );
  const parent = row ? await liveAncestor(tx, Number(row.agent_agent_id ?? 0)) : 0;
  const ended = row ? affected(await tx.execute('update agents set deleted_at = ? where agent_id = ? and deleted_at is null', [now, agentId], 'run')) : 0;
  const moved = affected(await tx.execute('update users set agent_id = ? where agent_id = ? and id <> ?', [parent, agentId, agentId], 'run'));
  const subAgents = affected(await tx.execute(
    'update agents set agent_agent_id = ? where agent_agent_id = ? and agent_id <> ?',
    [parent, agentId, agentId],
    'run',
  ));
  return { changed: ended + moved + subAgents > 0, parent, moved };
}

interface AgentDbRow {
  agent_id: unknown;
  username: string | null;
  domain: string | null;
  agent_agent_id: unknown;
  level: unknown;
  order_num: unknown;
  order_money_micros: unknown;
  share_profit_micros: unknown;
  share_profit_quota: unknown;
  balance_account: string | null;
  balance_username: string | null;
  balance_platform: string | null;
  created_at: unknown;
  deleted_at: unknown;
}

const SELECT_AGENTS = `select a.agent_id, u.username, a.domain, a.agent_agent_id, a.level, a.order_num, a.order_money_micros,
  a.share_profit_micros, a.share_profit_quota, a.balance_account, a.balance_username, a.balance_platform, a.created_at, a.deleted_at
  from agents a left join users u on u.id = a.agent_id`;

const money = (micros: unknown): number => Number(formatMoney(BigInt(Math.trunc(Number(micros ?? 0)))));

export class AgentService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly epochs: CacheEpochs,
    private readonly options: OptionStore,
    private readonly dbKind: DbKind,
  ) {}

  /** POST /api/user/add/agents: the user becomes an agent under `referrer_id` (0: none) with its own domain. */
  async add(actor: Actor, req: Partial<Record<keyof AddAgentRequest, unknown>>): Promise<AgentRow> {
    if (!isAdmin(actor)) throw new ServiceError('auth.insufficient_role');
    // referrer_id 0 is a valid answer ("no parent"), but it must be given, as the spec's form sends it.
    if (blank(req.agent_id) || req.agent_id === 0 || req.agent_id === '0' || typeof req.domain !== 'string' || !req.domain.trim() || blank(req.referrer_id))
      throw new ServiceError('agent.required');
    const userId = wholeId(req.agent_id);
    const parentId = wholeId(req.referrer_id);
    if (userId === undefined || userId < 1 || parentId === undefined) throw new ServiceError('agent.id_invalid');
    const domain = checkDomain(req.domain);
    if (!domain) throw new ServiceError('agent.domain_invalid');
    if (parentId === userId) throw new ServiceError('agent.referrer_self');
    if (domain === this.siteHost()) throw new ServiceError('agent.domain_site');
    const now = this.clock();
    try {
      await inTransaction(this.em, async (tx) => {
        await lockAgentTree(tx, this.dbKind);
        const [user] = await tx.execute<{ role: unknown; status: unknown; deleted_at: unknown }[]>(
          'select role, status, deleted_at from users where id = ?',
          [userId],
        );
        if (!user || user.deleted_at != null) throw new ServiceError('agent.user_not_found');
        const role = Number(user.role);
        if (role >= Role.admin) throw new ServiceError('agent.user_admin');
        if (Number(user.status) !== UserStatus.enabled) throw new ServiceError('agent.user_disabled');
        const [own] = await tx.execute<{ deleted_at: unknown }[]>('select deleted_at from agents where agent_id = ?', [userId]);
        if (own && own.deleted_at == null) throw new ServiceError('agent.exists');
        if (parentId > 0 && !(await liveAgentIds(tx, [parentId])).has(parentId)) throw new ServiceError('agent.referrer_invalid');
        const taken = await tx.execute('select agent_id from agents where domain = ? and deleted_at is null and agent_id <> ? limit 1', [domain, userId]);
        if (taken.length) throw new ServiceError('agent.domain_taken');
        // A former agent's row comes back to life; its money counters (owed profit) stay as they were.
        if (own) {
          await tx.execute(
            'update agents set domain = ?, agent_agent_id = ?, level = ?, created_at = ?, deleted_at = null where agent_id = ?',
            [domain, parentId, AgentLevel.superAgent, now, userId],
            'run',
          );
        } else {
          await tx.execute(
            'insert into agents (agent_id, domain, agent_agent_id, level, created_at) values (?, ?, ?, ?, ?)',
            [userId, domain, parentId, AgentLevel.superAgent, now],
            'run',
          );
        }
        // The parent sees its new sub-agent among its users; guarded by the row as it was read.
        const n = await tx.execute(
          'update users set role = ?, agent_id = ? where id = ? and role = ? and status = ? and deleted_at is null',
          [Role.agent, parentId, userId, role, UserStatus.enabled],
          'run',
        );
        if (!affected(n)) throw new ServiceError('user_admin.changed_meanwhile');
        const [u] = await tx.execute<{ username: string }[]>('select username from users where id = ?', [userId]);
        await tx.insert(LogEntity, {
          user_id: userId, username: u?.username ?? '', created_at: now, type: LogType.manage,
          content: translate('zh', 'agent.created_log', { actor: actor.username, domain, parent: parentId }),
        });
        await this.epochs.bump('agents', tx, [userId]);
        await this.epochs.bump('users', tx, [userId]);
      });
    } catch (e) {
      // Two agents given one domain at the same moment: the partial unique index lets one through.
      if (e instanceof Error && (e.name === 'UniqueConstraintViolationException' || /unique/i.test(e.message))) throw new ServiceError('agent.domain_taken');
      throw e;
    }
    const [row] = await this.rows('where a.agent_id = ?', [userId], 1, 0);
    return row;
  }

  /** GET /api/user/search/agents (admins): every agent row, deleted ones too (DeletedAt set), newest first. */
  async search(actor: Actor, q: AgentSearchQuery): Promise<Page<AgentRow>> {
    if (!isAdmin(actor)) throw new ServiceError('auth.insufficient_role');
    const { page, pageSize, offset } = onePage(q);
    const userId = q.user_id && q.user_id > 0 ? q.user_id : 0;
    const where = userId ? 'where a.agent_id = ?' : '';
    const params = userId ? [userId] : [];
    return { items: await this.rows(where, params, pageSize, offset), total: await this.count(where, params), page, page_size: pageSize };
  }

  /** GET /api/user/agents: an agent its own row; admins every live agent. */
  async list(actor: Actor, q: PageQuery): Promise<Page<AgentRow>> {
    const { page, pageSize, offset } = onePage(q);
    if (!isAdmin(actor)) {
      if (actor.role < Role.agent) throw new ServiceError('auth.insufficient_role');
      const items = await this.rows('where a.agent_id = ? and a.deleted_at is null', [actor.id], 1, 0);
      return { items, total: items.length, page: 1, page_size: pageSize };
    }
    const where = 'where a.deleted_at is null';
    return { items: await this.rows(where, [], pageSize, offset), total: await this.count(where, []), page, page_size: pageSize };
  }

  /** One agent row by its user id (live or deleted); null when the user never was an agent. */
  async get(actor: Actor, agentId: number): Promise<AgentRow | null> {
    if (!isAdmin(actor) && actor.id !== agentId) throw new ServiceError('auth.insufficient_role');
    const [row] = await this.rows('where a.agent_id = ?', [agentId], 1, 0);
    return row ?? null;
  }

  /** The host of the site's own ServerAddress ('' when unset or not a URL). */
  private siteHost(): string {
    try {
      return new URL(this.options.get('ServerAddress')).hostname.toLowerCase();
    } catch {
      return '';
    }
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const [r] = await this.em.fork().execute<{ n: unknown }[]>(`select count(*) as n from agents a ${where}`, params);
    return Number(r?.n ?? 0);
  }

  private async rows(where: string, params: unknown[], limit: number, offset: number): Promise<AgentRow[]> {
    const em = this.em.fork();
    const rows = await em.execute<AgentDbRow[]>(
      `${SELECT_AGENTS} ${where} order by a.created_at desc, a.agent_id desc limit ? offset ?`,
      [...params, limit, offset],
    );
    const ids = rows.map((r) => Number(r.agent_id));
    const counts = new Map<number, number>();
    if (ids.length) {
      const found = await em.execute<{ agent_id: unknown; n: unknown }[]>(
        `select agent_id, count(*) as n from users where agent_id in (${ids.map(() => '?').join(', ')}) and deleted_at is null group by agent_id`,
        ids,
      );
      for (const f of found) counts.set(Number(f.agent_id), Number(f.n));
    }
    return rows.map((r) => ({
      agent_id: Number(r.agent_id),
      username: r.username ?? '',
      domain: r.domain ?? '',
      agent_agent_id: Number(r.agent_agent_id ?? 0),
      level: Number(r.level ?? 0),
      user_num: counts.get(Number(r.agent_id)) ?? 0,
      order_num: Number(r.order_num ?? 0),
      order_money: money(r.order_money_micros),
      share_profit: money(r.share_profit_micros),
      share_profit_quota: Number(r.share_profit_quota ?? 0),
      balance_account: r.balance_account ?? '',
      balance_username: r.balance_username ?? '',
      balance_platform: r.balance_platform ?? '',
      created_at: Number(r.created_at ?? 0),
      DeletedAt: r.deleted_at == null ? null : Number(r.deleted_at),
    }));
  }
}
