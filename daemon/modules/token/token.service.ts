// API tokens of their owner (spec 3 "Token management", reference §2.4-§2.6). Every query is scoped to the actor:
// another user's token answers as not found, admins included. Every write bumps the 'tokens' cache epoch in its
// own transaction, so the relay's token cache (built later) reloads.
import type { EntityManager } from '@mikro-orm/knex';
import { TokenStatus } from '../../contract/roles.js';
import { zeroPage } from '../../contract/paging.js';
import {
  TOKEN_DEFAULT_QUOTA, TOKEN_KEY_LENGTH, TOKEN_NEVER_EXPIRES, type TokenCreateRequest, type TokenSearchQuery,
  type TokenListQuery, type TokenUpdateRequest,
} from '../../contract/token.js';
import type { Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { ServiceError } from '../../app/errors.js';
import { randomAlnum } from '../../app/random.js';
import type { OptionStore } from '../option/option.store.js';
import { TokenEntity, type Token } from './token.entity.js';
import {
  batchNames, checkCount, checkFields, checkName, effectiveStatus, enableRefusal, escapeLike, groupNames, isUserStatus,
  parseApiKey, statusAfterEdit, type Checked,
} from './token-rules.js';
import { inTransaction } from '../../db/transaction.js';
import { UserEntity } from '../user/user.entity.js';
import { mayUseGroup, parseAllowGroups } from '../user/user-overrides.js';

/** What the relay learns from an API key: the usable token, or why there is none. */
export type KeyLookup =
  | { ok: true; token: Token; channelId: number | null }
  | { ok: false; reason: 'invalid' | 'disabled' | 'expired' | 'exhausted'; channelId: number | null };

const REASON_BY_STATUS: Record<number, 'disabled' | 'expired' | 'exhausted'> = {
  [TokenStatus.disabled]: 'disabled',
  [TokenStatus.expired]: 'expired',
  [TokenStatus.exhausted]: 'exhausted',
};

const NO_GROUPS: ReadonlySet<string> = new Set();

function valueOf<T>(c: Checked<T>): T {
  if (!c.ok) throw new ServiceError(c.error, c.params);
  return c.value;
}

export class TokenService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly epochs: CacheEpochs,
    private readonly options: OptionStore,
  ) {}

  /**
   * The groups the actor may put on a token: their own, UserUsableGroups and their allow_groups (design agents.md
   * §2), where GroupRatio prices them — the ones the relay accepts. Read only when a group is asked for.
   */
  private async groupsFor(actor: Actor, group: string | undefined): Promise<ReadonlySet<string>> {
    if (!group?.trim()) return NO_GROUPS;
    const user = await this.em.fork().findOne(UserEntity, { id: actor.id, deleted_at: null });
    const own = user?.group || actor.group || 'default';
    const listed = groupNames(this.options.get('UserUsableGroups'));
    const allow = parseAllowGroups(user?.allow_groups ?? '');
    return new Set([...groupNames(this.options.get('GroupRatio'))].filter((g) => mayUseGroup(g, own, listed, allow)));
  }

  /** Own tokens, newest first; 0-based page (reference §0). */
  async list(actor: Actor, q: TokenListQuery): Promise<Token[]> {
    const { pageSize, offset } = zeroPage({ p: q.p, page_size: q.size && q.size > 0 ? q.size : undefined });
    const em = this.em.fork();
    const rows = await em.find(TokenEntity, { user_id: actor.id, deleted_at: null }, { orderBy: { id: 'desc' }, limit: pageSize, offset });
    return this.refresh(rows);
  }

  /** Own tokens whose name contains `keyword` (any case) and whose key contains `token` (`sk-` ignored). */
  async search(actor: Actor, q: TokenSearchQuery): Promise<Token[]> {
    const { pageSize, offset } = zeroPage({ p: q.p, page_size: q.size && q.size > 0 ? q.size : undefined });
    const keyword = (q.keyword ?? '').trim();
    const token = (q.token ?? '').trim().replace(/^sk-/, '');
    const qb = this.em.fork().createQueryBuilder(TokenEntity).where({ user_id: actor.id, deleted_at: null });
    if (keyword) qb.andWhere(`lower("name") like ? escape '\\'`, [`%${escapeLike(keyword.toLowerCase())}%`]);
    // replace() is case-sensitive on both databases, unlike LIKE on SQLite; keys are mixed-case.
    if (token) qb.andWhere(`replace("key", ?, '') <> "key"`, [token]);
    const rows = await qb.orderBy({ id: 'desc' }).limit(pageSize).offset(offset).getResultList();
    return this.refresh(rows);
  }

  async get(actor: Actor, id: number): Promise<Token> {
    const token = await this.em.fork().findOne(TokenEntity, { id, user_id: actor.id, deleted_at: null });
    if (!token) throw new ServiceError('token.not_found');
    return (await this.refresh([token]))[0];
  }

  /** Creates `count` tokens (1-100) in one transaction and answers them in creation order. */
  async create(actor: Actor, req: TokenCreateRequest): Promise<Token[]> {
    const now = this.clock();
    const name = valueOf(checkName(req.name));
    const count = valueOf(checkCount(req.count));
    const f = valueOf(checkFields({ ...req, name }, { now, groups: await this.groupsFor(actor, req.group) }));
    const base = {
      user_id: actor.id,
      created_time: now,
      accessed_time: now,
      expired_time: f.expired_time ?? TOKEN_NEVER_EXPIRES,
      remain_quota: f.remain_quota ?? TOKEN_DEFAULT_QUOTA,
      unlimited_quota: f.unlimited_quota ?? false,
      model_limits_enabled: f.model_limits_enabled ?? false,
      model_limits: f.model_limits ?? '',
      allow_ips: f.allow_ips ?? '',
      used_quota: 0,
      group: f.group ?? '',
      mj_proxy: f.mj_proxy ?? '',
      mj_model: f.mj_model ?? '',
      mj_proxy_url: f.mj_proxy_url ?? '',
    };
    // A limited token created with no quota is exhausted from the start.
    const status = effectiveStatus({ ...base, status: TokenStatus.enabled }, now);
    const ids: number[] = [];
    const em = this.em.fork();
    await inTransaction(em, async (tx) => {
      for (const n of batchNames(name, count, randomAlnum)) {
        ids.push(Number(await tx.insert(TokenEntity, { ...base, name: n, status, key: randomAlnum(TOKEN_KEY_LENGTH) })));
      }
      await this.epochs.bump('tokens', tx, ids);
    });
    return em.fork().find(TokenEntity, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
  }

  /**
   * A full edit changes the fields sent (absent ones stay) and ignores `status`; `statusOnly` changes only the
   * status, to enabled or disabled, and refuses to enable an expired or exhausted token.
   */
  async update(actor: Actor, req: TokenUpdateRequest, statusOnly: boolean): Promise<Token> {
    const em = this.em.fork();
    const token = await em.findOne(TokenEntity, { id: req.id, user_id: actor.id, deleted_at: null });
    if (!token) throw new ServiceError('token.not_found');
    const now = this.clock();
    let changes: Partial<Token>;
    if (statusOnly) {
      if (req.status === undefined || !isUserStatus(req.status)) throw new ServiceError('token.status_invalid');
      const refusal = req.status === TokenStatus.enabled ? enableRefusal(token, now) : null;
      if (refusal) throw new ServiceError(refusal);
      changes = { status: req.status };
    } else {
      const groups = await this.groupsFor(actor, req.group);
      const { id: _id, status: _status, ...fields } = req;
      const f = valueOf(checkFields(fields, { now, groups, storedExpiry: Number(token.expired_time), storedGroup: token.group }));
      changes = { ...f, status: statusAfterEdit({ ...token, ...f }, now) };
    }
    await inTransaction(em, async (tx) => {
      await tx.nativeUpdate(TokenEntity, { id: token.id, user_id: actor.id, deleted_at: null }, changes);
      await this.epochs.bump('tokens', tx, [token.id]);
    });
    return this.get(actor, token.id);
  }

  /** Soft delete; another user's token or an unknown id is not found. */
  async remove(actor: Actor, id: number): Promise<void> {
    const now = this.clock();
    const deleted = await inTransaction(this.em, async (tx) => {
      const n = await tx.nativeUpdate(TokenEntity, { id, user_id: actor.id, deleted_at: null }, { deleted_at: now });
      if (n) await this.epochs.bump('tokens', tx, [id]);
      return n;
    });
    if (!deleted) throw new ServiceError('token.not_found');
  }

  /**
   * The relay's look-up (reference §2.4): `sk-` is stripped and a `-channelId` suffix split off. A token whose
   * time or quota ran out is stored as expired / exhausted on the way. Database-backed until the token cache exists.
   */
  async findActiveByKey(raw: string): Promise<KeyLookup> {
    const parsed = parseApiKey(raw);
    if (!parsed.ok) return { ok: false, reason: 'invalid', channelId: null };
    const { key, channelId } = parsed;
    if (key.length !== TOKEN_KEY_LENGTH) return { ok: false, reason: 'invalid', channelId };
    const found = await this.em.fork().findOne(TokenEntity, { key, deleted_at: null });
    if (!found) return { ok: false, reason: 'invalid', channelId };
    const [token] = await this.refresh([found]);
    if (token.status === TokenStatus.enabled) return { ok: true, token, channelId };
    return { ok: false, reason: REASON_BY_STATUS[token.status] ?? 'disabled', channelId };
  }

  /** Stores expired (3) / exhausted (4) for enabled tokens whose time or quota ran out, and shows it. */
  private async refresh(tokens: Token[]): Promise<Token[]> {
    const now = this.clock();
    const moved = tokens.filter((t) => effectiveStatus(t, now) !== t.status);
    if (!moved.length) return tokens;
    await inTransaction(this.em, async (tx) => {
      for (const status of [TokenStatus.expired, TokenStatus.exhausted]) {
        const ids = moved.filter((t) => effectiveStatus(t, now) === status).map((t) => t.id);
        if (ids.length) await tx.nativeUpdate(TokenEntity, { id: { $in: ids }, status: TokenStatus.enabled }, { status });
      }
      await this.epochs.bump('tokens', tx, moved.map((t) => t.id));
    });
    for (const t of moved) t.status = effectiveStatus(t, now);
    return tokens;
  }
}
