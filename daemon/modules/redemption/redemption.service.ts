// Redemption code management for administrators (spec 3 "Redemption code management"; reference §8.1, §16). The
// rules new-api leaves to its console are enforced here: only an unused code is edited, a used code's status never
// changes (disable-then-enable would reopen it). Both are conditional updates, so a redemption racing an edit wins
// cleanly instead of being overwritten.
import type { EntityManager } from '@mikro-orm/knex';
import { RedemptionStatus } from '../../contract/roles.js';
import { onePage, type Page } from '../../contract/paging.js';
import type {
  RedemptionCreateRequest, RedemptionListQuery, RedemptionSearchQuery, RedemptionUpdateRequest,
} from '../../contract/redemption.js';
import { isAdmin, type Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import { ServiceError } from '../../app/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { escapeLike } from '../token/token-rules.js';
import { RedemptionEntity, type Redemption } from './redemption.entity.js';
import { checkCount, checkName, checkQuota, newRedemptionKey, searchTerms } from './redemption-rules.js';

const live = { deleted_at: null };

export class RedemptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Codes newest first, 1-based paging. */
  async list(actor: Actor, q: RedemptionListQuery): Promise<Page<Redemption>> {
    return this.search(actor, { p: q.p, page_size: q.page_size });
  }

  /** Name prefix (any case, LIKE wildcards taken literally) or, for a number, also the id. */
  async search(actor: Actor, q: RedemptionSearchQuery): Promise<Page<Redemption>> {
    mustBeAdmin(actor);
    const { page, pageSize, offset } = onePage(q);
    const { prefix, id } = searchTerms(q.keyword);
    const qb = this.em.fork().createQueryBuilder(RedemptionEntity).where(live);
    if (prefix) {
      const like = `${escapeLike(prefix.toLowerCase())}%`;
      if (id === null) qb.andWhere(`lower("name") like ? escape '\\'`, [like]);
      else qb.andWhere(`("id" = ? or lower("name") like ? escape '\\')`, [id, like]);
    }
    const [items, total] = await qb.orderBy({ id: 'desc' }).limit(pageSize).offset(offset).getResultAndCount();
    return { items, total, page, page_size: pageSize };
  }

  async get(actor: Actor, id: number): Promise<Redemption> {
    mustBeAdmin(actor);
    const found = await this.em.fork().findOne(RedemptionEntity, { id, ...live });
    if (!found) throw new ServiceError('redemption.not_found');
    return found;
  }

  /** Creates `count` codes in one transaction (all or none, unlike new-api's partial list); answers their keys. */
  async create(actor: Actor, req: Partial<RedemptionCreateRequest>): Promise<string[]> {
    mustBeAdmin(actor);
    const name = checkName(req.name);
    const quota = checkQuota(req.quota);
    const count = checkCount(req.count);
    const now = this.clock();
    const keys = Array.from({ length: count }, newRedemptionKey);
    // The unique index stands behind the 128 random bits; a collision would fail the batch, never duplicate a key.
    await inTransaction(this.em, async (tx) => {
      for (const key of keys) {
        await tx.insert(RedemptionEntity, {
          user_id: actor.id, key, status: RedemptionStatus.unused, name, quota, created_time: now, redeemed_time: 0, used_user_id: 0,
        });
      }
    });
    return keys;
  }

  /** `statusOnly`: enable (1) or disable (2) a code that is not used; otherwise edit name and quota of an unused one. */
  async update(actor: Actor, req: RedemptionUpdateRequest, statusOnly: boolean): Promise<Redemption> {
    const current = await this.get(actor, req.id);
    const em = this.em.fork();
    if (statusOnly) {
      const status = req.status;
      if (status !== RedemptionStatus.unused && status !== RedemptionStatus.disabled) throw new ServiceError('redemption.status_invalid');
      const n = await em.nativeUpdate(RedemptionEntity, { id: current.id, ...live, status: { $ne: RedemptionStatus.used } }, { status });
      if (!n) throw new ServiceError('redemption.status_used');
    } else {
      const changes = {
        name: req.name === undefined ? current.name : checkName(req.name),
        quota: req.quota === undefined ? Number(current.quota) : checkQuota(req.quota),
      };
      const n = await em.nativeUpdate(RedemptionEntity, { id: current.id, ...live, status: RedemptionStatus.unused }, changes);
      if (!n) throw new ServiceError('redemption.edit_not_unused');
    }
    return this.get(actor, current.id);
  }

  /** Soft delete: the row stays (a used code keeps its history) but is never listed nor redeemable again. */
  async remove(actor: Actor, id: number): Promise<void> {
    mustBeAdmin(actor);
    const n = await this.em.fork().nativeUpdate(RedemptionEntity, { id, ...live }, { deleted_at: this.clock() });
    if (!n) throw new ServiceError('redemption.not_found');
  }
}

/** The routes already ask for an admin; the CLI and other callers get the same check here. */
function mustBeAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw new ServiceError('auth.insufficient_role');
}
