// Online top-up through epay (spec 3 "Wallet / top-up"; reference §8.2–8.3 without the quirks of §15 #2): quote,
// create a signed pending order, take the provider's callback, expire unpaid orders. No HTTP here: the routes log.
import type { EntityManager } from '@mikro-orm/knex';
import type { Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { ServiceError } from '../../app/errors.js';
import { inTransaction } from '../../db/transaction.js';
import {
  TOPUP_AMOUNT_MAX, TOPUP_RETURN_PATH, TopUpOrderStatus, type EpayParams, type TopUpOrderView, type TopUpPayRequest,
  type TopUpPayment, type TopUpQuoteRequest, type TopUpOrderStatusValue,
} from '../../contract/topup.js';
import type { OptionStore } from '../option/option.store.js';
import { TopUpEntity, type TopUp } from './topup.entity.js';
import { signEpay } from './epay-sign.js';
import { checkNotify } from './epay-notify-check.js';
import { formatMoney, groupRatiosOf, moneyMicros, topUpPrice } from './topup-money.js';
import { newTradeNo } from './trade-no.js';
import { completeTopUp } from './topup-credit.js';

export interface TopUpDeps {
  em: EntityManager;
  clock: Clock;
  options: OptionStore;
  epochs: CacheEpochs;
  /** config payment.order_expire_minutes, in seconds. */
  expireSeconds: number;
}

/** What to answer the provider ('success' stops its retries) and what happened, for the server log. */
export interface NotifyOutcome {
  answer: 'success' | 'fail';
  tradeNo: string;
  /** Quota credited by this call (0: none). */
  credited: number;
  /** Set when nothing was credited for a reason worth a warning in the server log. */
  warning?: string;
}

export const NOTIFY_PATH = '/api/user/epay/notify';
const MIN_MONEY_MICROS = 10_000n; // 0.01
const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);
const base = (url: string) => url.trim().replace(/\/+$/, '');

export class TopUpService {
  constructor(private readonly d: TopUpDeps) {}

  /** Online top-up is on when PayAddress, EpayId and EpayKey are all set (the same rule as /api/status). */
  enabled(): boolean {
    const o = this.d.options;
    return o.isSet('PayAddress') && o.isSet('EpayId') && o.isSet('EpayKey');
  }

  /** POST /api/user/amount: the money for `amount` dollars, 2 decimals. */
  async quote(actor: Actor, req: TopUpQuoteRequest): Promise<string> {
    const amount = this.checkAmount(req.amount);
    return formatMoney(await this.moneyFor(actor, amount));
  }

  /** POST /api/user/pay: a pending order and the signed form that takes the browser to the payment page. */
  /** `returnBase`: where the provider sends the browser back (an agent's domain); the site's address otherwise. */
  async pay(actor: Actor, req: TopUpPayRequest, returnBase?: string): Promise<TopUpPayment> {
    if (!this.enabled()) throw new ServiceError('topup.not_enabled');
    const amount = this.checkAmount(req.amount);
    const money = await this.moneyFor(actor, amount);
    if (money < MIN_MONEY_MICROS) throw new ServiceError('topup.amount_too_low');
    const o = this.d.options;
    const now = this.d.clock();
    const tradeNo = newTradeNo(actor.id, now);
    const payType = req.payment_method === 'zfb' ? 'alipay' : 'wxpay';
    await this.d.em.fork().insert(TopUpEntity, {
      user_id: actor.id, trade_no: tradeNo, pay_type: payType, amount, money_micros: Number(money), status: TopUpOrderStatus.pending, create_time: now,
      // the buyer's agent sees the order while it waits (all_user lists); the paid order names who was credited
      proxy_user_id: actor.agentId,
    });
    const server = base(o.get('ServerAddress'));
    const fields = {
      pid: o.get('EpayId'),
      type: payType,
      out_trade_no: tradeNo,
      notify_url: `${base(o.get('CustomCallbackAddress')) || server}${NOTIFY_PATH}`,
      return_url: `${returnBase ? base(returnBase) : server}${TOPUP_RETURN_PATH}?result=return&trade_no=${tradeNo}`,
      name: `TUC${amount}`,
      money: formatMoney(money),
      device: 'pc',
    };
    const params: EpayParams = signEpay(fields, o.get('EpayKey'));
    return { url: `${base(o.get('PayAddress'))}/submit.php`, params };
  }

  /** GET /api/user/topup/order: one of the actor's own orders (an unpaid one past its time reads as expired). */
  async order(actor: Actor, tradeNo: string): Promise<TopUpOrderView> {
    let row = await this.find(tradeNo);
    if (!row || row.user_id !== actor.id) throw new ServiceError('topup.order_not_found');
    if (row.status === TopUpOrderStatus.pending && this.isStale(row)) {
      await this.expire(tradeNo);
      row = (await this.find(tradeNo)) ?? row;
    }
    return {
      trade_no: row.trade_no, status: row.status as TopUpOrderStatusValue, pay_type: row.pay_type, amount: Number(row.amount),
      money: formatMoney(row.money_micros), create_time: Number(row.create_time), complete_time: Number(row.complete_time),
    };
  }

  /** The provider's callback (query or form fields). Credits at most once per order, whatever arrives. */
  async notify(fields: Record<string, string>): Promise<NotifyOutcome> {
    const o = this.d.options;
    const check = checkNotify(fields, { enabled: this.enabled(), pid: o.get('EpayId'), key: o.get('EpayKey') });
    const tradeNo = check.tradeNo;
    const done = (answer: NotifyOutcome['answer'], warning?: string, credited = 0): NotifyOutcome => ({ answer, tradeNo, credited, warning });
    if (!check.ok) return done(check.acknowledge ? 'success' : 'fail', check.reason);
    let order = await this.find(tradeNo);
    if (!order) return done('fail', 'unknown order');
    const paid = check.paidMicros;
    const now = this.d.clock();
    if (order.status === TopUpOrderStatus.pending && !this.isStale(order)) {
      const due = BigInt(order.money_micros);
      if (paid < due) {
        // Authentic but short: nothing is credited, the order is closed as failed with what was paid (choice
        // documented in the README), and the provider is told it was received so it stops retrying.
        await this.close(tradeNo, TopUpOrderStatus.fail, paid, [TopUpOrderStatus.pending]);
        return done('success', `paid ${formatMoney(paid)} is less than the order's ${formatMoney(due)}; order set to fail, nothing credited`);
      }
      try {
        const credited = await inTransaction(this.d.em, (tx) =>
          completeTopUp(tx, this.d, order!, { paidMicros: paid, now, expiredAtOrBefore: now - this.d.expireSeconds }));
        if (credited > 0) return done('success', undefined, credited);
      } catch (e) {
        return done('fail', `crediting failed: ${(e as Error).message}`);
      }
      order = (await this.find(tradeNo)) ?? order; // another callback (or the expiry job) got there first
    }
    if (order.status === TopUpOrderStatus.success) return done('success');
    if (order.status === TopUpOrderStatus.pending || order.status === TopUpOrderStatus.expired) {
      // Paid after the order expired: nothing credited; kept as '0' (awaiting manual fix) with what was paid.
      await this.close(tradeNo, TopUpOrderStatus.manual, paid, [TopUpOrderStatus.pending, TopUpOrderStatus.expired]);
      return done('success', `paid ${formatMoney(paid)} after the order expired; set to '0' (awaiting manual fix), nothing credited`);
    }
    return done('success', `order is already closed as '${order.status}'; nothing credited`);
  }

  /** Pending orders older than the expiry become 'expired'; returns how many. */
  async expireStale(): Promise<number> {
    const r = await this.d.em.fork().execute(
      'update top_ups set status = ?, complete_time = ? where status = ? and create_time <= ?',
      [TopUpOrderStatus.expired, this.d.clock(), TopUpOrderStatus.pending, this.d.clock() - this.d.expireSeconds],
      'run',
    );
    return affected(r);
  }

  /** Runs expireStale every minute until the returned timer is cleared. */
  startExpiryLoop(onError: (e: unknown) => void): NodeJS.Timeout {
    const timer = setInterval(() => this.expireStale().catch(onError), 60_000);
    timer.unref();
    return timer;
  }

  private checkAmount(value: unknown): number {
    const amount = Number(value);
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > TOPUP_AMOUNT_MAX) throw new ServiceError('topup.amount_invalid', { max: TOPUP_AMOUNT_MAX });
    const min = this.d.options.number('MinTopUp');
    if (amount < min) throw new ServiceError('topup.below_minimum', { min });
    return amount;
  }

  private async moneyFor(actor: Actor, amount: number): Promise<bigint> {
    const [user] = await this.d.em.fork().execute<{ group: string; exclusive_price: unknown }[]>(
      'select "group", exclusive_price from users where id = ? and deleted_at is null', [actor.id]);
    if (!user) throw new ServiceError('topup.user_not_found');
    const o = this.d.options;
    const price = topUpPrice({
      exclusivePrice: Number(user.exclusive_price ?? 0), price: o.number('Price'), groupRatios: groupRatiosOf(o.get('TopupGroupRatio')), group: user.group || 'default',
    });
    return moneyMicros(amount, price);
  }

  private isStale(order: TopUp): boolean {
    return Number(order.create_time) <= this.d.clock() - this.d.expireSeconds;
  }

  private find(tradeNo: string): Promise<TopUp | null> {
    return this.d.em.fork().findOne(TopUpEntity, { trade_no: tradeNo });
  }

  private async expire(tradeNo: string): Promise<void> {
    await this.d.em.fork().execute(
      'update top_ups set status = ?, complete_time = ? where trade_no = ? and status = ? and create_time <= ?',
      [TopUpOrderStatus.expired, this.d.clock(), tradeNo, TopUpOrderStatus.pending, this.d.clock() - this.d.expireSeconds],
      'run',
    );
  }

  /** Sets a final status with what the provider reported paid, only from the given statuses. */
  private async close(tradeNo: string, status: TopUpOrderStatusValue, paid: bigint, from: TopUpOrderStatusValue[]): Promise<void> {
    await this.d.em.fork().execute(
      `update top_ups set status = ?, complete_time = ?, paid_micros = ? where trade_no = ? and status in (${from.map(() => '?').join(', ')})`,
      [status, this.d.clock(), String(paid), tradeNo, ...from],
      'run',
    );
  }
}
