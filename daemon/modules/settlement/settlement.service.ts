// An agent's payout account and its settlements (design agents.md §3, spec 3 §5). Withdrawable profit is
// agents.share_profit_quota (money × QuotaPerUnit, integer units). A request takes its quota with ONE conditional
// update (`share_profit_quota >= ?`) in the same transaction as the settlement row and its log line, so requests at
// once can never withdraw more than there is, on either database. An administrator moves a pending row once
// (compare-and-set from pending); cancelled and failed give the held quota back in that same transaction.
import type { EntityManager } from '@mikro-orm/knex';
import { isAdmin, type Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import { ServiceError } from '../../app/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { LogType, SettlementStatus } from '../../contract/roles.js';
import type { AgentAccountRequest, SettlementApplyRequest, SettlementQuery, SettlementReviewRequest, SettlementRow } from '../../contract/agents.js';
import { onePage, type Page } from '../../contract/paging.js';
import type { OptionKey } from '../../contract/options.js';
import { translate } from '../../i18n/translate.js';
import { LogEntity } from '../log/log.entity.js';
import { dec } from '../../billing/decimal.js';
import { MICROS } from '../topup/topup-money.js';
import { microsToQuota, quotaToMicros } from '../agent/commission.js';
import { formatMicros, microsToMoney } from '../invoice/money.js';
import { checkAccount, checkProfit, isReviewStatus, isSupportedPlatform } from './settlement-rules.js';
import { SettlementEntity } from './settlement.entity.js';

export interface SettlementDeps {
  em: EntityManager;
  clock: Clock;
  options: { number(key: OptionKey): number };
}

const SELECT = 'id, agent_id, clearing_quota, status, balance_account, balance_username, balance_platform, created_time, updated_at';
const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);
const num = (v: unknown): number => Number(v ?? 0);
const str = (v: unknown): string => String(v ?? '');

interface AgentRecord {
  username: string;
  share_profit_quota: unknown;
  balance_account: string | null;
  balance_username: string | null;
  balance_platform: string | null;
}

export class SettlementService {
  constructor(private readonly d: SettlementDeps) {}

  private get perUnit(): number {
    return this.d.options.number('QuotaPerUnit');
  }

  /** PUT /api/user/agent: the caller's own payout account (a live agent only). */
  async saveAccount(actor: Actor, req: Partial<AgentAccountRequest>): Promise<void> {
    const checked = checkAccount(req);
    if (!checked.ok) throw new ServiceError(checked.error, checked.params);
    const a = checked.value;
    await inTransaction(this.d.em.fork(), async (tx) => {
      const r = await tx.execute(
        'update agents set balance_account = ?, balance_username = ?, balance_platform = ? where agent_id = ? and deleted_at is null',
        [a.balance_account, a.balance_username, a.balance_platform, actor.id],
        'run',
      );
      if (!affected(r)) throw new ServiceError('settlement.no_permission');
      await this.log(tx, actor.id, actor.username, 0, translate('zh', 'settlement.log_account', { platform: a.balance_platform, account: a.balance_account, name: a.balance_username }), LogType.manage);
    });
  }

  /** POST /api/user/profit: a pending settlement of `profit` yuan, its quota taken from what is withdrawable. */
  async apply(actor: Actor, req: Partial<SettlementApplyRequest>): Promise<SettlementRow> {
    const id = await inTransaction(this.d.em.fork(), async (tx) => {
      const agent = await liveAgent(tx, actor.id);
      if (!agent) throw new ServiceError('settlement.no_permission');
      const account = (agent.balance_account ?? '').trim();
      const name = (agent.balance_username ?? '').trim();
      const platform = agent.balance_platform ?? '';
      if (!account || !name || !isSupportedPlatform(platform)) throw new ServiceError('settlement.account_missing');
      const checked = checkProfit(req.profit);
      if (!checked.ok) throw new ServiceError(checked.error, checked.params);
      const micros = BigInt(checked.value);
      const quota = microsToQuota(micros, this.perUnit);
      if (quota <= 0n) throw new ServiceError('settlement.amount_invalid');
      // The one conditional debit: under concurrency only as many requests win as the balance covers.
      const taken = await tx.execute(
        'update agents set share_profit_quota = share_profit_quota - ? where agent_id = ? and deleted_at is null and share_profit_quota >= ?',
        [String(quota), actor.id, String(quota)],
        'run',
      );
      if (!affected(taken)) {
        const now = await liveAgent(tx, actor.id);
        throw new ServiceError('settlement.exceeds', { available: this.moneyText(BigInt(num(now?.share_profit_quota))) });
      }
      const at = this.d.clock();
      const row = Number(await tx.insert(SettlementEntity, {
        agent_id: actor.id, clearing_quota: Number(quota), status: SettlementStatus.pending, balance_account: account, balance_username: name,
        balance_platform: platform, created_time: at, updated_at: at,
      }));
      await this.log(tx, actor.id, agent.username, Number(quota),
        translate('zh', 'settlement.log_apply', { id: row, money: formatMicros(Number(micros)), quota: String(quota) }));
      return row;
    });
    return this.get(id);
  }

  /** GET /api/user/clearing: an agent's own rows; an administrator's all rows, optionally one agent's or one status. */
  async list(actor: Actor, q: SettlementQuery): Promise<Page<SettlementRow>> {
    const { page, pageSize, offset } = onePage(q);
    const parts: string[] = [];
    const params: unknown[] = [];
    if (!isAdmin(actor)) {
      parts.push('agent_id = ?');
      params.push(actor.id);
    } else if (q.agent_id) {
      parts.push('agent_id = ?');
      params.push(q.agent_id);
    }
    const status = q.status?.trim();
    if (status) {
      parts.push('status = ?');
      params.push(status);
    }
    const where = parts.length ? parts.join(' and ') : '1 = 1';
    const em = this.d.em.fork();
    const [{ n }] = await em.execute<{ n: unknown }[]>(`select count(*) as n from settlements where ${where}`, params);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${SELECT} from settlements where ${where} order by id desc limit ? offset ?`, [...params, pageSize, offset]);
    return { items: rows.map((r) => this.toRow(r)), total: num(n), page, page_size: pageSize };
  }

  /** PUT /api/user/clearing (admins): pending → completed, cancelled or failed, once. */
  async review(req: SettlementReviewRequest): Promise<SettlementRow> {
    const status = String(req.status ?? '').trim();
    if (!isReviewStatus(status)) throw new ServiceError('settlement.status_invalid');
    await inTransaction(this.d.em.fork(), async (tx) => {
      const [row] = await tx.execute<{ agent_id: unknown; clearing_quota: unknown }[]>(
        'update settlements set status = ?, updated_at = ? where id = ? and status = ? returning agent_id, clearing_quota',
        [status, this.d.clock(), req.id, SettlementStatus.pending],
      );
      if (!row) {
        const [{ n }] = await tx.execute<{ n: unknown }[]>('select count(*) as n from settlements where id = ?', [req.id]);
        throw new ServiceError(num(n) ? 'settlement.already_reviewed' : 'settlement.not_found');
      }
      const agentId = num(row.agent_id);
      const quota = BigInt(num(row.clearing_quota));
      const [user] = await tx.execute<{ username: string }[]>('select username from users where id = ?', [agentId]);
      const money = this.moneyText(quota);
      if (status === SettlementStatus.completed) {
        await this.log(tx, agentId, user?.username ?? '', 0, translate('zh', 'settlement.log_completed', { id: req.id, money }));
        return;
      }
      // Given back even if the agent was deleted meanwhile: the row keeps the balance the settlement held.
      await tx.execute('update agents set share_profit_quota = share_profit_quota + ? where agent_id = ?', [String(quota), agentId], 'run');
      const label = translate('zh', status === SettlementStatus.cancelled ? 'settlement.status_cancelled' : 'settlement.status_failed');
      await this.log(tx, agentId, user?.username ?? '', Number(quota),
        translate('zh', 'settlement.log_returned', { id: req.id, status: label, money, quota: String(quota) }));
    });
    return this.get(req.id);
  }

  private async get(id: number): Promise<SettlementRow> {
    const [row] = await this.d.em.fork().execute<Record<string, unknown>[]>(`select ${SELECT} from settlements where id = ?`, [id]);
    if (!row) throw new ServiceError('settlement.not_found');
    return this.toRow(row);
  }

  private toRow(r: Record<string, unknown>): SettlementRow {
    const quota = num(r.clearing_quota);
    return {
      id: num(r.id),
      agent_id: num(r.agent_id),
      created_time: num(r.created_time),
      updated_at: num(r.updated_at),
      status: str(r.status),
      clearing_quota: quota,
      clearing_money: microsToMoney(Number(quotaToMicros(BigInt(quota), this.perUnit))),
      balance_account: str(r.balance_account),
      balance_username: str(r.balance_username),
      balance_platform: str(r.balance_platform),
    };
  }

  /** Quota as money rounded down to cents ('12.34'): what is shown as available never exceeds what is there. */
  private moneyText(quota: bigint): string {
    const q = dec(this.perUnit);
    if (quota <= 0n || q.m <= 0n) return '0.00';
    return formatMicros(Number((quota * MICROS * 10n ** BigInt(q.e)) / q.m));
  }

  private async log(tx: EntityManager, userId: number, username: string, quota: number, content: string, type: number = LogType.agentShare) {
    await tx.insert(LogEntity, { user_id: userId, username, created_at: this.d.clock(), type, quota, content });
  }
}

async function liveAgent(tx: EntityManager, agentId: number): Promise<AgentRecord | undefined> {
  const [row] = await tx.execute<AgentRecord[]>(
    `select u.username, a.share_profit_quota, a.balance_account, a.balance_username, a.balance_platform
       from agents a join users u on u.id = a.agent_id where a.agent_id = ? and a.deleted_at is null and u.deleted_at is null`,
    [agentId],
  );
  return row;
}
