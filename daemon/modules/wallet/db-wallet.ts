// The database wallet (architecture §4.2), for several instances on one database: quota moves only through
// conditional atomic SQL, never through a read-modify-write of a cached balance (lessons §1a #1, GHSA-j6gc-4893-qwmp).
// - reserve: one conditional UPDATE (a transaction of two when a limited token moves too), `quota = quota - x WHERE
//   quota >= x` on the user and (limited tokens) `remain_quota = remain_quota - x WHERE remain_quota >= x` on the token; refused when either matches no row, so
//   concurrent calls can never overdraw.
// - settle: applies billing/settle.ts's decision exactly once per reservation (the in-memory state moves first,
//   a second settle is a no-op): the delta to user and token, and the counters (used_quota, request_count, the
//   channel's used_quota) as SQL increments. A charge above the reservation is taken only as far as the balances
//   go (they never go below zero); what could not be taken is reported as `unpaid`.
// - A limited token whose remaining quota reaches 0 is stored as exhausted (4), and enabled again when a refund
//   of a call still running at that moment gives it quota back; either way the 'tokens' epoch is bumped.
import type { EntityManager } from '@mikro-orm/knex';
import type { DbKind } from '../../app/orm.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { TokenStatus } from '../../contract/roles.js';
import { clampQuota } from '../../billing/bounds.js';
import { settle as decide, type Outcome } from '../../billing/settle.js';
import type { Hold, RefusalReason, ReserveRequest, ReserveResult, SettleResult, Wallet } from './wallet.js';
import { inTransaction } from '../../db/transaction.js';

class Refused extends Error {
  constructor(readonly error: RefusalReason) {
    super(error);
  }
}

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);

export class DbWallet implements Wallet {
  readonly mode = 'database' as const;

  constructor(
    private readonly em: EntityManager,
    private readonly epochs: CacheEpochs,
    private readonly dbKind: DbKind,
  ) {}

  tokenRemain(): undefined {
    return undefined;
  }

  async reserve(r: ReserveRequest): Promise<ReserveResult> {
    const amount = clampQuota(r.amount);
    const limited = r.tokenId !== null && !r.unlimited;
    const hold = (): ReserveResult => ({ ok: true, hold: { userId: r.userId, tokenId: r.tokenId, limited, reserved: amount, state: 'held' } });
    if (!limited) {
      // one statement is atomic on its own: no transaction round trips
      const u = await this.em.fork().execute('update users set quota = quota - ? where id = ? and quota >= ? and quota > 0', [amount, r.userId, amount], 'run');
      return affected(u) ? hold() : { ok: false, error: 'insufficient_user_quota' };
    }
    try {
      await inTransaction(this.em, async (tx) => {
        // quota > 0 too: a user with nothing left is refused even for a free model (reference §4.3).
        const u = await tx.execute('update users set quota = quota - ? where id = ? and quota >= ? and quota > 0', [amount, r.userId, amount], 'run');
        if (!affected(u)) throw new Refused('insufficient_user_quota');
        const t = await tx.execute(
          'update tokens set remain_quota = remain_quota - ?, used_quota = used_quota + ? where id = ? and remain_quota >= ?',
          [amount, amount, r.tokenId, amount],
          'run',
        );
        if (!affected(t)) throw new Refused('pre_consume_token_quota_failed');
      });
    } catch (e) {
      if (e instanceof Refused) return { ok: false, error: e.error };
      throw e;
    }
    return hold();
  }

  async settle(h: Hold, outcome: Outcome, channelId: number): Promise<SettleResult> {
    const s = decide({ reserved: h.reserved, state: h.state, hasToken: h.limited }, outcome);
    if (s.kind === 'noop') return { charged: 0, unpaid: 0, applied: false };
    const previous = h.state;
    h.state = s.next; // first, synchronously: whatever happens next, this hold is never settled twice
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.apply(h, s.charged, s.delta, s.countRequest, channelId);
      } catch (e) {
        if (attempt >= 3) {
          h.state = previous;
          throw e;
        }
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }

  private async apply(h: Hold, computed: number, delta: number, countRequest: boolean, channelId: number): Promise<SettleResult> {
    const result = await inTransaction(this.em, async (tx) => {
      let extra = 0;
      if (delta < 0) {
        await tx.execute('update users set quota = quota + ? where id = ?', [-delta, h.userId], 'run');
        if (h.limited)
          await tx.execute('update tokens set remain_quota = remain_quota + ?, used_quota = used_quota - ? where id = ?', [-delta, -delta, h.tokenId], 'run');
      } else if (delta > 0) {
        extra = await this.takeUpTo(tx, h, delta);
      }
      const charged = delta > 0 ? h.reserved + extra : computed;
      let userQuota: number | undefined;
      if (charged > 0 || countRequest) {
        // RETURNING: the balance after this settlement comes back with the write (quota warnings use it), no extra read
        const [u] = await tx.execute<{ quota: unknown }[]>(
          'update users set used_quota = used_quota + ?, request_count = request_count + ? where id = ? returning quota',
          [charged, countRequest ? 1 : 0, h.userId],
          'all',
        );
        if (u) userQuota = Number(u.quota);
        if (channelId > 0) await tx.execute('update channels set used_quota = used_quota + ? where id = ?', [charged, channelId], 'run');
        // An unlimited token's remain is not moved, but its used_quota still tells its owner what it spent.
        if (h.tokenId !== null && !h.limited && charged > 0)
          await tx.execute('update tokens set used_quota = used_quota + ? where id = ?', [charged, h.tokenId], 'run');
      }
      if (h.limited) {
        const x = await tx.execute(
          'update tokens set status = ? where id = ? and status = ? and unlimited_quota = ? and remain_quota <= 0',
          [TokenStatus.exhausted, h.tokenId, TokenStatus.enabled, false],
          'run',
        );
        // A refund of a call that was still running when the token ran dry gives it back its use.
        const y = delta < 0
          ? await tx.execute('update tokens set status = ? where id = ? and status = ? and remain_quota > 0', [TokenStatus.enabled, h.tokenId, TokenStatus.exhausted], 'run')
          : undefined;
        if (affected(x) || affected(y)) await this.epochs.bump('tokens', tx);
      }
      return { charged, unpaid: delta > 0 ? delta - extra : 0, applied: true, userQuota };
    });
    return result;
  }

  /** Debits up to `want` more from the user and a limited token, never below zero; returns what was taken. */
  private async takeUpTo(tx: EntityManager, h: Hold, want: number): Promise<number> {
    const lock = this.dbKind === 'postgresql' ? ' for update' : '';
    const [u] = await tx.execute<{ quota: unknown }[]>(`select quota from users where id = ?${lock}`, [h.userId]);
    let take = Math.min(want, Math.max(0, Number(u?.quota ?? 0)));
    if (h.limited) {
      const [t] = await tx.execute<{ remain_quota: unknown }[]>(`select remain_quota from tokens where id = ?${lock}`, [h.tokenId]);
      take = Math.min(take, Math.max(0, Number(t?.remain_quota ?? 0)));
    }
    if (take <= 0) return 0;
    await tx.execute('update users set quota = quota - ? where id = ?', [take, h.userId], 'run');
    if (h.limited)
      await tx.execute('update tokens set remain_quota = remain_quota - ?, used_quota = used_quota + ? where id = ?', [take, take, h.tokenId], 'run');
    return take;
  }
}
