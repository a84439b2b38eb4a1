// User management (spec 1 "User management", §4-§6; reference §7.5) for the console and the CLI alike. Admins
// manage every user, agents only their sub-users (agent_id = theirs), within the limits of user-admin-rules.ts.
// Every write runs in one transaction guarded by the row's role, agent and deletion as they were checked (a change
// in between is refused, not overwritten), ends the user's sessions where the rules say so, and bumps the 'users'
// cache epoch so the relay's user cache (status, role, group) and the wallet's balances follow at once.
// Agents (design agents.md): only admins move a user between agents; an agent edits its sub-users and sub-agents
// with prices of at least 1.1 × its own effective top-up price; deleting or demoting an agent ends its agency.
import type { EntityManager } from '@mikro-orm/knex';
import { raw } from '@mikro-orm/core';
import { onePage, type Page } from '../../contract/paging.js';
import { LogType, Role } from '../../contract/roles.js';
import {
  AGENT_MANAGE_ACTIONS, type UserCreateRequest, type UserManageRequest, type UserSearchQuery,
} from '../../contract/user-admin.js';
import type { Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import type { DbKind } from '../../app/orm.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { ServiceError } from '../../app/errors.js';
import { hashPassword } from '../../app/password.js';
import { translate } from '../../i18n/translate.js';
import type { OptionStore } from '../option/option.store.js';
import { LogEntity } from '../log/log.entity.js';
import { SessionEntity } from '../session/session.entity.js';
import { escapeLike, groupNames } from '../token/token-rules.js';
import { UserEntity, type User } from './user.entity.js';
import {
  checkAction, checkCreate, checkEditRank, checkRank, inScope, managesAll, planEdit, planManage, type EditInput, type QuotaChange,
} from './user-admin-rules.js';
import { inTransaction } from '../../db/transaction.js';
import { toNumber } from '../../billing/decimal.js';
import { groupRatiosOf, topUpPrice } from '../topup/topup-money.js';
import { liveAgentIds } from '../agent/attach.js';
import { endAgency, isAncestorOrSelf, lockAgentTree } from '../agent/agent.service.js';

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);
const KEYWORD_MAX = 64;

/** The row as it was when checked: a write matches only while these still hold. */
type Guard = { id: number; deleted_at: null; role: number; agent_id: number };

export class UserAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly epochs: CacheEpochs,
    private readonly options: OptionStore,
    private readonly dbKind: DbKind,
  ) {}

  /**
   * Users newest first, 1-based paging. `own`: the actor's sub-users (the agent endpoints); otherwise every user
   * (admins; deactivated users included, reference §7.5). `keyword` matches username, e-mail or display name in
   * any case (LIKE wildcards escaped), or the id; `group` matches exactly.
   */
  async list(actor: Actor, q: UserSearchQuery, own: boolean): Promise<Page<User>> {
    if (!own && !managesAll(actor)) throw new ServiceError('auth.insufficient_role');
    const { page, pageSize, offset } = onePage(q);
    const qb = this.em.fork().createQueryBuilder(UserEntity);
    if (own) qb.where({ agent_id: actor.id > 0 ? actor.id : -1 });
    const keyword = (q.keyword ?? '').trim().slice(0, KEYWORD_MAX).toLowerCase();
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      const byId = /^\d{1,9}$/.test(keyword);
      qb.andWhere(
        `(lower("username") like ? escape '\\' or lower("email") like ? escape '\\' or lower("display_name") like ? escape '\\'${byId ? ' or "id" = ?' : ''})`,
        byId ? [like, like, like, Number(keyword)] : [like, like, like],
      );
    }
    const group = (q.group ?? '').trim();
    if (group) qb.andWhere({ group });
    const [items, total] = await qb.orderBy({ id: 'desc' }).limit(pageSize).offset(offset).getResultAndCount();
    return { items, total, page, page_size: pageSize };
  }

  /** One user the actor may see (a deactivated one too); others answer "not found". */
  async get(actor: Actor, id: number): Promise<User> {
    const user = await this.em.fork().findOne(UserEntity, { id });
    if (!user || !inScope(actor, user)) throw new ServiceError('user_admin.not_found');
    checkEditRank(actor, user);
    return user;
  }

  /** For the CLI, which names users. */
  async getByUsername(actor: Actor, username: string): Promise<User> {
    const user = await this.em.fork().findOne(UserEntity, { username: username.trim() });
    if (!user || !inScope(actor, user)) throw new ServiceError('user_admin.not_found');
    checkRank(actor, user);
    return user;
  }

  /** The add-user drawer (admins): a normal user with the new-user quota, no inviter, no agent. */
  async create(actor: Actor, req: Partial<UserCreateRequest>): Promise<User> {
    if (!managesAll(actor)) throw new ServiceError('auth.insufficient_role');
    const f = checkCreate(req);
    const em = this.em.fork();
    // Deactivated users keep their name (reference §7.1): the count includes them.
    if (await em.count(UserEntity, { username: f.username })) throw new ServiceError('user_admin.username_taken');
    const password = await hashPassword(f.password);
    const quota = Math.max(0, Math.floor(this.options.number('QuotaForNewUser')));
    const now = this.clock();
    let id = 0;
    try {
      await inTransaction(em, async (tx) => {
        id = Number(await tx.insert(UserEntity, {
          username: f.username, display_name: f.display_name, password, role: Role.user, status: 1, quota, created_at: now,
        }));
        if (quota > 0) {
          await tx.insert(LogEntity, {
            user_id: id, username: f.username, created_at: now, type: LogType.system,
            content: `新用户注册赠送 ${this.formatQuota(quota)}`,
          });
        }
        await this.epochs.bump('users', tx, [id]);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ServiceError('user_admin.username_taken');
      throw e;
    }
    return em.fork().findOneOrFail(UserEntity, { id });
  }

  /** The edit drawer (spec 1 §5): admins any field, agents within their limits. */
  async update(actor: Actor, req: EditInput): Promise<User> {
    const em = this.em.fork();
    const target = await em.findOne(UserEntity, { id: req.id });
    if (!target || !inScope(actor, target)) throw new ServiceError('user_admin.not_found');
    checkEditRank(actor, target);
    if (target.deleted_at != null) throw new ServiceError('user_admin.deleted');
    const agentPrice = managesAll(actor) ? 0 : await this.effectivePrice(em, actor.id);
    const plan = planEdit(actor, target, req, { groups: groupNames(this.options.get('GroupRatio')), agentPrice });
    const { username } = plan.fields;
    if (username && (await em.count(UserEntity, { username, id: { $ne: target.id } }))) throw new ServiceError('user_admin.username_taken');
    const password = plan.password ? await hashPassword(plan.password) : undefined;
    const guard: Guard = { id: target.id, deleted_at: null, role: target.role, agent_id: target.agent_id };
    try {
      await inTransaction(em, async (tx) => {
        const moved = plan.fields.agent_id !== undefined && (await this.checkMove(tx, target, plan.fields.agent_id));
        const set: Record<string, unknown> = { ...plan.fields };
        if (password) Object.assign(set, { password, auth_version: raw('auth_version + 1') });
        if (Object.keys(set).length) {
          const n = await tx.createQueryBuilder(UserEntity).update(set).where(guard).execute('run');
          if (!affected(n)) throw new ServiceError('user_admin.changed_meanwhile');
        }
        // A new password ends every session of the user (their access token stays theirs).
        if (password) await tx.nativeDelete(SessionEntity, { user_id: target.id });
        if (plan.quota) await this.moveQuota(tx, actor, target, guard, plan.quota);
        // Every change an agent makes to a sub-user leaves a line naming the agent (design agents.md §6); quota
        // moves have their own lines above. The password itself is never written, only that it changed.
        const edited = [...Object.keys(plan.fields), ...(password ? ['password'] : [])];
        if (!managesAll(actor) && edited.length) {
          await tx.insert(LogEntity, {
            user_id: target.id, username: target.username, created_at: this.clock(), type: LogType.manage,
            content: translate('zh', 'user_admin.agent_edit_log', { actor: actor.username, fields: edited.join(', ') }),
          });
        }
        if (plan.fields.agent_id !== undefined) {
          await tx.insert(LogEntity, {
            user_id: target.id, username: target.username, created_at: this.clock(), type: LogType.manage,
            content: translate('zh', 'user_admin.agent_moved_log', { actor: actor.username, from: target.agent_id, to: plan.fields.agent_id }),
          });
          if (moved === 'agent') await this.epochs.bump('agents', tx, [target.id]);
        }
        // the actor too: an agent's own quota pays for what it gives
        await this.epochs.bump('users', tx, [target.id, actor.id]);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ServiceError('user_admin.username_taken');
      throw e;
    }
    return em.fork().findOneOrFail(UserEntity, { id: target.id });
  }

  /** POST /api/user/manage: promote, demote, disable, enable, delete (soft and irreversible). */
  async manage(actor: Actor, req: Partial<UserManageRequest>): Promise<User> {
    const action = checkAction(req.action);
    if (!managesAll(actor) && !AGENT_MANAGE_ACTIONS.includes(action)) throw new ServiceError('user_admin.agent_action_forbidden');
    const username = typeof req.username === 'string' ? req.username.trim() : '';
    const id = typeof req.id === 'number' && req.id > 0 ? req.id : 0;
    if (!username && !id) throw new ServiceError('user_admin.target_required');
    const em = this.em.fork();
    const target = await em.findOne(UserEntity, id ? { id } : { username });
    if (!target || !inScope(actor, target)) throw new ServiceError('user_admin.not_found');
    checkRank(actor, target);
    if (target.deleted_at != null) throw new ServiceError('user_admin.deleted');
    const plan = planManage(actor, target, action);
    const set: Record<string, unknown> = {};
    if (plan.changes.role !== undefined) set.role = plan.changes.role;
    if (plan.changes.status !== undefined) set.status = plan.changes.status;
    if (plan.changes.deleted) set.deleted_at = this.clock();
    if (plan.endSessions) set.auth_version = raw('auth_version + 1');
    if (plan.revokeToken) set.access_token = null;
    // An agent deleted or demoted is an agent no more: its sub-users and sub-agents go to its parent, at once.
    const endsAgency = target.role === Role.agent && (plan.changes.deleted || plan.changes.role === Role.user);
    await inTransaction(em, async (tx) => {
      if (endsAgency) {
        // Locks first, in the order every agent-tree writer takes them (tree, agents row, users row): a sign-up
        // holding this agent's row (attach.ts) finishes before we move its users, and nobody waits in a circle.
        await lockAgentTree(tx, this.dbKind);
        if (this.dbKind === 'postgresql') await tx.execute('select agent_id from agents where agent_id = ? for update', [target.id]);
      }
      const n = await tx
        .createQueryBuilder(UserEntity)
        .update(set)
        .where({ id: target.id, deleted_at: null, role: target.role, status: target.status, agent_id: target.agent_id })
        .execute('run');
      if (!affected(n)) throw new ServiceError('user_admin.changed_meanwhile');
      if (plan.endSessions) await tx.nativeDelete(SessionEntity, { user_id: target.id });
      if (!managesAll(actor)) {
        await tx.insert(LogEntity, {
          user_id: target.id, username: target.username, created_at: this.clock(), type: LogType.manage,
          content: translate('zh', 'user_admin.agent_manage_log', { actor: actor.username, action }),
        });
      }
      if (endsAgency) {
        const ended = await endAgency(tx, target.id, this.clock());
        if (ended.changed) {
          await tx.insert(LogEntity, {
            user_id: target.id, username: target.username, created_at: this.clock(), type: LogType.manage,
            content: translate('zh', 'agent.ended_log', { count: ended.moved, parent: ended.parent }),
          });
          await this.epochs.bump('agents', tx, [target.id]);
          await this.epochs.bump('users', tx);
        }
      }
      await this.epochs.bump('users', tx, [target.id]);
    });
    return em.fork().findOneOrFail(UserEntity, { id: target.id });
  }

  /** The effective top-up price of user `id` (design agents.md §2): what an agent's sub-users' prices are held to. */
  private async effectivePrice(em: EntityManager, id: number): Promise<number> {
    const u = await em.findOne(UserEntity, { id }, { fields: ['exclusive_price', 'group'] });
    const o = this.options;
    return toNumber(topUpPrice({
      exclusivePrice: Number(u?.exclusive_price ?? 0), price: o.number('Price'), groupRatios: groupRatiosOf(o.get('TopupGroupRatio')), group: u?.group || 'default',
    }));
  }

  /**
   * An admin's move of `target` to agent `to` (0 = none), inside the edit's transaction with the tree locked: the new
   * agent must be live (its row stays held, so it cannot be ended before we commit), and an agent cannot go under
   * itself or its own sub-agents. Moving an agent also moves its agents row under the new parent. Returns 'agent' when
   * the agent tree changed, 'user' otherwise.
   */
  private async checkMove(tx: EntityManager, target: User, to: number): Promise<'agent' | 'user'> {
    await lockAgentTree(tx, this.dbKind);
    if (to > 0 && !(await liveAgentIds(tx, [to], this.dbKind === 'postgresql' ? 'share' : undefined)).has(to))
      throw new ServiceError('user_admin.agent_not_live');
    const ownRow = (await liveAgentIds(tx, [target.id])).has(target.id);
    if (!ownRow) return 'user';
    if (to > 0 && (await isAncestorOrSelf(tx, target.id, to))) throw new ServiceError('user_admin.agent_cycle');
    await tx.execute('update agents set agent_agent_id = ? where agent_id = ? and deleted_at is null', [to, target.id], 'run');
    return 'agent';
  }

  /** Moves the balance with one conditional statement and records a manage log with the before and after. */
  private async moveQuota(tx: EntityManager, actor: Actor, target: User, guard: Guard, change: QuotaChange): Promise<void> {
    const lock = this.dbKind === 'postgresql' ? ' for update' : '';
    const read = async () =>
      Number((await tx.execute<{ quota: unknown }[]>(`select quota from users where id = ?${lock}`, [target.id]))[0]?.quota ?? 0);
    const before = await read();
    const cond = 'id = ? and deleted_at is null and role = ? and agent_id = ?';
    const g = [guard.id, guard.role, guard.agent_id];
    let res: unknown;
    if (change.kind === 'add') {
      // A deduction never takes the balance below zero.
      res = change.delta >= 0
        ? await tx.execute(`update users set quota = quota + ? where ${cond}`, [change.delta, ...g], 'run')
        : await tx.execute(`update users set quota = quota - ? where ${cond} and quota >= ?`, [-change.delta, ...g, -change.delta], 'run');
    } else {
      // An agent may only raise the balance.
      res = change.onlyRaise
        ? await tx.execute(`update users set quota = ? where ${cond} and quota <= ?`, [change.value, ...g, change.value], 'run')
        : await tx.execute(`update users set quota = ? where ${cond}`, [change.value, ...g], 'run');
    }
    if (!affected(res)) {
      if (change.kind === 'add' && change.delta < 0) throw new ServiceError('user_admin.quota_below_zero');
      if (change.kind === 'set' && change.onlyRaise) throw new ServiceError('user_admin.agent_lower_quota');
      throw new ServiceError('user_admin.changed_meanwhile');
    }
    const after = await read();
    if (after === before) return;
    // An agent resells: what it gives a sub-user comes out of its own balance, or the change is refused (and,
    // being in this transaction, undone). Admins create quota; agents only move theirs.
    if (!managesAll(actor) && after > before) {
      const given = after - before;
      const paid = await tx.execute('update users set quota = quota - ? where id = ? and quota >= ?', [given, actor.id, given], 'run');
      if (!affected(paid)) throw new ServiceError('user_admin.agent_quota_insufficient', { amount: this.plainQuota(given) });
      await tx.insert(LogEntity, {
        user_id: actor.id, username: actor.username, created_at: this.clock(), type: LogType.manage,
        content: translate('zh', 'user_admin.agent_quota_given_log', { amount: this.formatQuota(given), user: target.username }),
      });
    }
    const key = managesAll(actor) ? 'user_admin.quota_log' : 'user_admin.quota_log_agent';
    await tx.insert(LogEntity, {
      user_id: target.id, username: target.username, created_at: this.clock(), type: LogType.manage,
      content: translate('zh', key, { actor: actor.username, from: this.formatQuota(before), to: this.formatQuota(after) }),
    });
  }

  /** Quota in a message for either language: `$0.000202` when the site shows currency, else the bare number. */
  private plainQuota(quota: number): string {
    if (!this.options.bool('DisplayInCurrencyEnabled')) return String(quota);
    return `$${(quota / Math.max(1, this.options.number('QuotaPerUnit'))).toFixed(6)}`;
  }

  /** Quota in log text as new-api writes it: dollars when the site shows currency, else points. */
  private formatQuota(quota: number): string {
    if (!this.options.bool('DisplayInCurrencyEnabled')) return `${quota} 点额度`;
    const perUnit = Math.max(1, this.options.number('QuotaPerUnit'));
    return `＄${(quota / perUnit).toFixed(6)} 额度`;
  }
}

function isUniqueViolation(e: unknown): boolean {
  return e instanceof Error && (e.name === 'UniqueConstraintViolationException' || /unique/i.test(e.message));
}
