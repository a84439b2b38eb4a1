// Top-up orders, read only (spec 3 "Orders page"): the signed-in user's own, an agent's sub-users' (all_user) and,
// for admins, everyone's. Orders are written by the payment flow (modules/topup).
import type { EntityManager } from '@mikro-orm/knex';
import type { Actor } from '../../app/actor.js';
import type { OrderFilters, OrderRow } from '../../contract/orders.js';
import { onePage, type Page } from '../../contract/paging.js';
import { ORDER_COLUMNS, listWhere, selfScope, type ListScope } from './list-where.js';
import { ORDER_SELECT, toOrderRow } from './order.view.js';

export class OrderService {
  constructor(private readonly em: EntityManager) {}

  /** The actor's own orders, or with all_user an agent's sub-users' orders. */
  listSelf(actor: Actor, f: OrderFilters): Promise<Page<OrderRow>> {
    const scope = selfScope(actor, f.all_user === true);
    return this.list(f, scope, scope.kind === 'agent');
  }

  /** Every order (admins), optionally one user's. */
  listAll(f: OrderFilters): Promise<Page<OrderRow>> {
    return this.list(f, { kind: 'all' }, true);
  }

  /**
   * An agent's profit orders: those whose proxy_user_id is the agent (set when a sub-user's order is paid, with the
   * agent's commission), optionally one sub-user's.
   */
  listAgentProfit(actor: Actor, f: OrderFilters): Promise<Page<OrderRow>> {
    return this.list(f, { kind: 'agent', agentId: actor.id }, true);
  }

  /** Every order with an agent (admins' profit list), optionally one user's. */
  listProfit(f: OrderFilters): Promise<Page<OrderRow>> {
    return this.list(f, { kind: 'agents' }, true);
  }

  private async list(f: OrderFilters, scope: ListScope, full: boolean): Promise<Page<OrderRow>> {
    const { page, pageSize, offset } = onePage(f);
    const w = listWhere(f, scope, ORDER_COLUMNS);
    const em = this.em.fork();
    const [{ n }] = await em.execute<{ n: number | string }[]>(`select count(*) as n from top_ups where ${w.sql}`, w.params);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${ORDER_SELECT} from top_ups where ${w.sql} order by id desc limit ? offset ?`,
      [...w.params, pageSize, offset],
    );
    return { items: rows.map((r) => toOrderRow(r, full)), total: Number(n), page, page_size: pageSize };
  }
}
