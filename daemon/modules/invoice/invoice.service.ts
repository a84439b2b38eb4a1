// Invoice requests (spec 3 "Orders page", design agents.md §4). What a user may still invoice is the money of its
// paid ('success') orders minus its pending and done requests, summed in SQL over the integer micros. A request is
// checked against that and inserted in one transaction that holds the user's row (PostgreSQL: select … for update;
// SQLite: one connection, so transactions already run one at a time), so concurrent requests never exceed it.
// Administrators move a pending request to done, rejected or failed with one compare-and-set; rejected and failed
// requests simply stop counting.
import type { EntityManager } from '@mikro-orm/knex';
import type { Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import type { DbKind } from '../../app/orm.js';
import { ServiceError } from '../../app/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { InvoiceStatus, TopUpStatus } from '../../contract/roles.js';
import type { InvoiceApplyRequest, InvoiceFilters, InvoiceReviewRequest, InvoiceRow } from '../../contract/orders.js';
import { onePage, type Page } from '../../contract/paging.js';
import { INVOICE_COLUMNS, listWhere, selfScope, type ListScope } from '../orders/list-where.js';
import { InvoiceEntity } from './invoice.entity.js';
import { HOLDING_STATUSES, checkApplication, isReviewStatus } from './invoice-rules.js';
import { formatMicros, microsToMoneyFloor } from './money.js';
import { INVOICE_SELECT, toInvoiceRow } from './invoice.view.js';

export class InvoiceService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly dbKind: DbKind,
  ) {}

  /** What the actor may still invoice, in yuan rounded down to cents. */
  async invoiceable(actor: Actor): Promise<number> {
    return microsToMoneyFloor(await availableMicros(this.em.fork(), actor.id));
  }

  async apply(actor: Actor, req: InvoiceApplyRequest): Promise<InvoiceRow> {
    const checked = checkApplication(req);
    if (!checked.ok) throw new ServiceError(checked.error, checked.params);
    const a = checked.value;
    const now = this.clock();
    const lock = this.dbKind === 'postgresql' ? ' for update' : '';
    const id = await inTransaction(this.em.fork(), async (tx) => {
      const [user] = await tx.execute<{ agent_id: unknown }[]>(`select agent_id from users where id = ? and deleted_at is null${lock}`, [actor.id]);
      if (!user) throw new ServiceError('auth.not_logged_in', undefined, 401);
      const available = await availableMicros(tx, actor.id);
      if (a.total_amount_micros > available) throw new ServiceError('invoice.amount_exceeds', { available: formatMicros(Math.max(0, available)) });
      return Number(await tx.insert(InvoiceEntity, {
        ...a, user_id: actor.id, agent_id: Number(user.agent_id ?? 0), status: InvoiceStatus.pending, created_time: now, updated_at: now,
      }));
    });
    return this.get(id);
  }

  /** The actor's own requests, or with all_user an agent's sub-users' requests. */
  listSelf(actor: Actor, f: InvoiceFilters): Promise<Page<InvoiceRow>> {
    return this.list(f, selfScope(actor, f.all_user === true));
  }

  /** Every request (admins), optionally one user's. */
  listAll(f: InvoiceFilters): Promise<Page<InvoiceRow>> {
    return this.list(f, { kind: 'all' });
  }

  /** Admins: pending → done, rejected or failed, once; a request already handled is refused. */
  async review(req: InvoiceReviewRequest): Promise<InvoiceRow> {
    if (!isReviewStatus(req.status)) throw new ServiceError('invoice.status_invalid');
    const em = this.em.fork();
    const changes = { status: req.status, updated_at: this.clock(), ...(req.remark !== undefined ? { remark: req.remark.trim() } : {}) };
    const moved = await em.nativeUpdate(InvoiceEntity, { id: req.id, status: InvoiceStatus.pending }, changes);
    if (!moved) {
      const exists = await em.count(InvoiceEntity, { id: req.id });
      throw new ServiceError(exists ? 'invoice.already_reviewed' : 'invoice.not_found');
    }
    return this.get(req.id);
  }

  private async get(id: number): Promise<InvoiceRow> {
    const [row] = await this.em.fork().execute<Record<string, unknown>[]>(`select ${INVOICE_SELECT} from invoices where id = ?`, [id]);
    if (!row) throw new ServiceError('invoice.not_found');
    return toInvoiceRow(row);
  }

  private async list(f: InvoiceFilters, scope: ListScope): Promise<Page<InvoiceRow>> {
    const { page, pageSize, offset } = onePage(f);
    const w = listWhere(f, scope, INVOICE_COLUMNS);
    const em = this.em.fork();
    const [{ n }] = await em.execute<{ n: number | string }[]>(`select count(*) as n from invoices where ${w.sql}`, w.params);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${INVOICE_SELECT} from invoices where ${w.sql} order by id desc limit ? offset ?`,
      [...w.params, pageSize, offset],
    );
    return { items: rows.map(toInvoiceRow), total: Number(n), page, page_size: pageSize };
  }
}

/** Paid order money minus pending and done requests, in micros (negative if an order was later taken back). */
async function availableMicros(em: EntityManager, userId: number): Promise<number> {
  const [{ paid }] = await em.execute<{ paid: unknown }[]>(
    'select coalesce(sum(money_micros), 0) as paid from top_ups where user_id = ? and status = ?',
    [userId, TopUpStatus.success],
  );
  const [{ held }] = await em.execute<{ held: unknown }[]>(
    `select coalesce(sum(total_amount_micros), 0) as held from invoices where user_id = ? and status in (${HOLDING_STATUSES.map(() => '?').join(', ')})`,
    [userId, ...HOLDING_STATUSES],
  );
  return Number(paid) - Number(held);
}
