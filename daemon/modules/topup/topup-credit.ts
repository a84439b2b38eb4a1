// The one place a paid order turns into quota, inside the caller's transaction (design agents.md §2: the agents'
// commissions are added in this same transaction later). The compare-and-set `status = 'pending'` makes a callback
// delivered twice, or twenty times at once, credit once; the users epoch bump makes the relay's wallet re-read the
// user (quota is never written any other way).
import type { EntityManager } from '@mikro-orm/knex';
import { LogType } from '../../contract/roles.js';
import { TopUpOrderStatus } from '../../contract/topup.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import type { OptionKey } from '../../contract/options.js';
import { translate } from '../../i18n/translate.js';
import { LogEntity } from '../log/log.entity.js';
import { logQuota } from '../account/gift-log.js';
import { formatMoney, quotaForAmount } from './topup-money.js';

export interface CreditDeps {
  epochs: CacheEpochs;
  options: { bool(key: OptionKey): boolean; number(key: OptionKey): number };
}

export interface PaidOrder {
  trade_no: string;
  user_id: number;
  /** Dollars of quota bought. */
  amount: number;
}

export interface Payment {
  /** What the provider reported paid (already checked ≥ the order's money). */
  paidMicros: bigint;
  now: number;
  /** Orders created at or before this (unix seconds) have expired and are not credited. */
  expiredAtOrBefore: number;
}

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);

/** Marks the order paid and credits its quota; 0 when it was no longer a live pending order (nothing changed). */
export async function completeTopUp(tx: EntityManager, deps: CreditDeps, order: PaidOrder, pay: Payment): Promise<number> {
  const won = await tx.execute(
    'update top_ups set status = ?, complete_time = ?, paid_micros = ? where trade_no = ? and status = ? and create_time > ?',
    [TopUpOrderStatus.success, pay.now, String(pay.paidMicros), order.trade_no, TopUpOrderStatus.pending, pay.expiredAtOrBefore],
    'run',
  );
  if (!affected(won)) return 0;
  const quota = quotaForAmount(order.amount, deps.options.number('QuotaPerUnit'));
  const [user] = await tx.execute<{ username: string }[]>('update users set quota = quota + ? where id = ? returning username', [quota, order.user_id]);
  // The buyer is gone: roll the order back to pending (the caller reports it; an admin can settle it by hand).
  if (!user) throw new Error(`top-up ${order.trade_no}: user ${order.user_id} does not exist`);
  await tx.insert(LogEntity, {
    user_id: order.user_id, username: user.username, created_at: pay.now, type: LogType.topup, quota,
    content: translate('zh', 'topup.log_success', { quota: logQuota(deps.options, quota), money: formatMoney(pay.paidMicros) }),
  });
  await deps.epochs.bump('users', tx, [order.user_id]);
  return quota;
}
