// Redeeming a code (POST /api/user/topup; reference §8.1 minus the §15 habits). new-api serialises redemptions with
// a process-wide mutex and a random sleep; here one conditional update claims the code (`status = 1` in its WHERE),
// so of any number of concurrent attempts, on one instance or many, exactly one changes the row and credits the
// quota, in the same transaction as the log row and the users epoch bump. Guessing is slowed by counting every
// attempt per user and per IP in the shared rate-limit store instead of sleeping.
import type { EntityManager } from '@mikro-orm/knex';
import { LogType, RedemptionStatus } from '../../contract/roles.js';
import type { Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { ServiceError } from '../../app/errors.js';
import type { RateLimitStore } from '../../app/rate-limit/store.js';
import { MAX_QUOTA } from '../../billing/bounds.js';
import { inTransaction } from '../../db/transaction.js';
import { translate } from '../../i18n/translate.js';
import { logQuota } from '../account/gift-log.js';
import type { OptionStore } from '../option/option.store.js';
import { LogEntity } from '../log/log.entity.js';
import { RedemptionEntity } from './redemption.entity.js';
import { normaliseKey } from './redemption-rules.js';

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);

export interface RedeemDeps {
  em: EntityManager;
  clock: Clock;
  epochs: CacheEpochs;
  options: OptionStore;
  rateLimits: RateLimitStore;
  /** Attempts per user and, separately, per IP address in the window (config rate_limit.redeem_*). */
  limit: { count: number; windowSeconds: number };
}

export class RedeemService {
  constructor(private readonly deps: RedeemDeps) {}

  /** Credits the code's quota to the actor once and answers it; throws the reason otherwise. */
  async redeem(actor: Actor, rawKey: string | undefined, ip: string): Promise<number> {
    if (!(rawKey ?? '').trim()) throw new ServiceError('redemption.key_required');
    await this.throttle(actor.id, ip);
    const key = normaliseKey(rawKey);
    if (!key) throw new ServiceError('redemption.invalid');
    const credited = await this.claim(actor, key);
    if (credited !== null) return credited;
    throw new ServiceError((await this.exists(key)) ? 'redemption.used' : 'redemption.invalid');
  }

  /** Every attempt counts, right or wrong: the limit is on guessing, not on failing. */
  private async throttle(userId: number, ip: string): Promise<void> {
    const { rateLimits, limit } = this.deps;
    const allowed =
      (await rateLimits.hit(`redeem:user:${userId}`, limit.count, limit.windowSeconds)) &&
      (await rateLimits.hit(`redeem:ip:${ip}`, limit.count, limit.windowSeconds));
    if (!allowed) throw new ServiceError('redemption.too_many', undefined, 429);
  }

  /** The quota credited, or null when no unused live code has this key (anymore). */
  private async claim(actor: Actor, key: string): Promise<number | null> {
    const { em, clock, epochs, options } = this.deps;
    const now = clock();
    return inTransaction(em, async (tx) => {
      const [code] = await tx.execute<{ id: unknown; quota: unknown }[]>(
        'update redemptions set status = ?, used_user_id = ?, redeemed_time = ? where "key" = ? and status = ? and deleted_at is null returning id, quota',
        [RedemptionStatus.used, actor.id, now, key, RedemptionStatus.unused],
      );
      if (!code) return null;
      const id = Number(code.id);
      const quota = Number(code.quota);
      // Saturating is not an option for money: refuse (and roll the claim back) rather than lose precision.
      const credit = await tx.execute('update users set quota = quota + ? where id = ? and quota <= ?', [quota, actor.id, MAX_QUOTA - quota], 'run');
      if (!affected(credit)) throw new ServiceError('redemption.quota_overflow');
      await tx.insert(LogEntity, {
        user_id: actor.id, username: actor.username, created_at: now, type: LogType.topup, quota,
        content: translate('zh', 'redemption.topup_log', { amount: logQuota(options, quota), id }),
      });
      // The relay's wallet and user cache re-read this user's balance.
      await epochs.bump('users', tx, [actor.id]);
      return quota;
    });
  }

  /** Whether a live code has this key (used or disabled): decides between "used" and "invalid". */
  private async exists(key: string): Promise<boolean> {
    return (await this.deps.em.fork().count(RedemptionEntity, { key, deleted_at: null })) > 0;
  }
}
