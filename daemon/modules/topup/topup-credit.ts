// The one place a paid order turns into quota and into the agents' commissions (design agents.md §2), all inside the
// caller's transaction. The compare-and-set `status = 'pending'` makes a callback delivered twice, or twenty times at
// once, credit once: every later write (the buyer's quota, the agents' shares, the log rows) happens only for the
// call that won it, and rolls back with it. The users epoch bump makes the relay's wallet re-read the user (quota is
// never written any other way).
import type { EntityManager } from '@mikro-orm/knex';
import { LogType } from '../../contract/roles.js';
import { TopUpOrderStatus } from '../../contract/topup.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import type { OptionKey } from '../../contract/options.js';
import type { Dec } from '../../billing/decimal.js';
import { translate } from '../../i18n/translate.js';
import { LogEntity } from '../log/log.entity.js';
import { logQuota } from '../account/gift-log.js';
import { microsToQuota, splitCommission } from '../agent/commission.js';
import { formatMoney, groupRatiosOf, quotaForAmount, topUpPrice } from './topup-money.js';

export interface CreditDeps {
  epochs: CacheEpochs;
  options: { bool(key: OptionKey): boolean; number(key: OptionKey): number; get(key: OptionKey): string };
}

export interface PaidOrder {
  trade_no: string;
  user_id: number;
  /** Dollars of quota bought. */
  amount: number;
  /** What the order charged, in micros: the money the commissions split. */
  money_micros: number | bigint;
}

export interface Payment {
  /** What the provider reported paid (already checked ≥ the order's money). */
  paidMicros: bigint;
  now: number;
  /** Orders created at or before this (unix seconds) have expired and are not credited. */
  expiredAtOrBefore: number;
}

/** How far up a chain of agents commissions go; deeper chains (or a cycle) stop there. */
export const MAX_AGENT_DEPTH = 10;

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
  const [user] = await tx.execute<{ username: string; agent_id: unknown }[]>(
    'update users set quota = quota + ? where id = ? returning username, agent_id', [quota, order.user_id]);
  // The buyer is gone: roll the order back to pending (the caller reports it; an admin can settle it by hand).
  if (!user) throw new Error(`top-up ${order.trade_no}: user ${order.user_id} does not exist`);
  await tx.insert(LogEntity, {
    user_id: order.user_id, username: user.username, created_at: pay.now, type: LogType.topup, quota,
    content: translate('zh', 'topup.log_success', { quota: logQuota(deps.options, quota), money: formatMoney(pay.paidMicros) }),
  });
  await creditAgents(tx, deps, order, { id: order.user_id, username: user.username, agentId: Number(user.agent_id ?? 0) }, pay.now);
  await deps.epochs.bump('users', tx, [order.user_id]);
  return quota;
}

interface ChainAgent {
  id: number;
  username: string;
  price: Dec;
}

/**
 * The agents' shares of a paid order (design §2): the order's proxy_user_id and agent_commission, then per agent a
 * conditional update of its counters and one type-5 log row. Only the buyer's own agent (A₁) counts the order in
 * order_num / order_money: those are "paid orders of its sub-users" on the agents page, and counting them at every
 * level would show a parent the same order twice (once per sub-agent level). Upper agents get their share only.
 */
async function creditAgents(tx: EntityManager, deps: CreditDeps, order: PaidOrder, buyer: { id: number; username: string; agentId: number }, now: number) {
  const chain = await agentChain(tx, deps, buyer);
  // The order named the buyer's agent when it was made (so the agent sees it pending); settle it on who is paid now.
  if (!chain.length) {
    await tx.execute('update top_ups set proxy_user_id = 0, agent_commission_micros = 0 where trade_no = ? and proxy_user_id <> 0', [order.trade_no], 'run');
    return;
  }
  const money = BigInt(order.money_micros);
  const { shares } = splitCommission(money, order.amount, chain.map((a) => a.price));
  const perUnit = deps.options.number('QuotaPerUnit');
  let first: { id: number; share: bigint } | null = null;
  for (const [i, agent] of chain.entries()) {
    const share = shares[i];
    const counts = i === 0;
    if (share === 0n && !counts) continue;
    const shareQuota = microsToQuota(share, perUnit);
    const r = await tx.execute(
      `update agents set share_profit_micros = share_profit_micros + ?, share_profit_quota = share_profit_quota + ?,
         order_num = order_num + ?, order_money_micros = order_money_micros + ? where agent_id = ? and deleted_at is null`,
      [String(share), String(shareQuota), counts ? 1 : 0, counts ? String(money) : '0', agent.id],
      'run',
    );
    // Deleted since it was read (a concurrent delete): the chain ends here and the site keeps the rest. Shares only
    // depend on the agents below them, so those already credited stay right.
    if (!affected(r)) break;
    if (counts) first = { id: agent.id, share };
    if (share > 0n) {
      await tx.insert(LogEntity, {
        user_id: agent.id, username: agent.username, created_at: now, type: LogType.agentShare, quota: Number(shareQuota),
        content: translate('zh', 'topup.log_agent_share', {
          trade_no: order.trade_no, buyer: buyer.username, buyer_id: buyer.id, money: formatMoney(money), share: formatMoney(share),
        }),
      });
    }
  }
  await tx.execute('update top_ups set proxy_user_id = ?, agent_commission_micros = ? where trade_no = ?', [first?.id ?? 0, String(first?.share ?? 0n), order.trade_no], 'run');
}

/**
 * The live agents above the buyer, nearest first, with their effective top-up prices: the buyer's users.agent_id
 * (or, for a buyer that is itself an agent without one, its agents.agent_agent_id), then each agent's
 * agents.agent_agent_id, through rows not deleted, at most MAX_AGENT_DEPTH deep and never visiting anyone twice.
 */
async function agentChain(tx: EntityManager, deps: CreditDeps, buyer: { id: number; agentId: number }): Promise<ChainAgent[]> {
  let next = buyer.agentId;
  if (!next) {
    const [own] = await tx.execute<{ agent_agent_id: unknown }[]>('select agent_agent_id from agents where agent_id = ? and deleted_at is null', [buyer.id]);
    next = Number(own?.agent_agent_id ?? 0);
  }
  const seen = new Set<number>([buyer.id]);
  const chain: ChainAgent[] = [];
  const o = deps.options;
  const groupRatios = groupRatiosOf(o.get('TopupGroupRatio'));
  while (next > 0 && !seen.has(next) && chain.length < MAX_AGENT_DEPTH) {
    seen.add(next);
    const [row] = await tx.execute<{ agent_agent_id: unknown; username: string; exclusive_price: unknown; group: string }[]>(
      `select a.agent_agent_id, u.username, u.exclusive_price, u."group" from agents a join users u on u.id = a.agent_id
        where a.agent_id = ? and a.deleted_at is null and u.deleted_at is null`,
      [next],
    );
    if (!row) break;
    chain.push({
      id: next,
      username: row.username,
      price: topUpPrice({ exclusivePrice: Number(row.exclusive_price ?? 0), price: o.number('Price'), groupRatios, group: row.group || 'default' }),
    });
    next = Number(row.agent_agent_id ?? 0);
  }
  return chain;
}
