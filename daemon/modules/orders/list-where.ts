// Who sees which rows of top_ups and invoices, and the lists' filters, as one parameterised SQL condition (pure; the
// same on both drivers). Users see their own rows, agents (with all_user) their sub-users', admins every row.
import type { Actor } from '../../app/actor.js';
import { isAdmin } from '../../app/actor.js';
import { Role } from '../../contract/roles.js';

export interface SqlWhere {
  sql: string;
  params: unknown[];
}

/** all: every row; own: one user's; agent: one agent's sub-users'; agents: every row that has an agent (admins' profit list). */
export type ListScope = { kind: 'all' } | { kind: 'own'; userId: number } | { kind: 'agent'; agentId: number } | { kind: 'agents' };

/** The columns a table answers the scope and time filters with. */
export interface ListColumns {
  /** The owner's agent: top_ups.proxy_user_id, invoices.agent_id. */
  agent: string;
  /** Unix seconds: top_ups.create_time, invoices.created_time. */
  time: string;
}

export const ORDER_COLUMNS: ListColumns = { agent: 'proxy_user_id', time: 'create_time' };
export const INVOICE_COLUMNS: ListColumns = { agent: 'agent_id', time: 'created_time' };

export interface ListFilters {
  start_timestamp?: number;
  end_timestamp?: number;
  user_id?: number;
  trade_no?: string;
}

/** The self lists: an agent asking for all_user reads its sub-users' rows, everyone else its own. */
export function selfScope(actor: Actor, allUser: boolean): ListScope {
  if (allUser && actor.role === Role.agent && !isAdmin(actor)) return { kind: 'agent', agentId: actor.id };
  return { kind: 'own', userId: actor.id };
}

export function listWhere(f: ListFilters, scope: ListScope, cols: ListColumns): SqlWhere {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...p: unknown[]) => {
    parts.push(sql);
    params.push(...p);
  };
  if (scope.kind === 'own') add('"user_id" = ?', scope.userId);
  else {
    if (scope.kind === 'agent') add(`"${cols.agent}" = ?`, scope.agentId);
    if (scope.kind === 'agents') add(`"${cols.agent}" <> 0`);
    if (f.user_id) add('"user_id" = ?', f.user_id);
  }
  if (f.start_timestamp) add(`"${cols.time}" >= ?`, f.start_timestamp);
  if (f.end_timestamp) add(`"${cols.time}" <= ?`, f.end_timestamp);
  // A case-sensitive "contains" on both databases (LIKE ignores case on SQLite only), with no wildcards to escape.
  const tradeNo = f.trade_no?.trim();
  if (tradeNo) add(`replace("trade_no", ?, '') <> "trade_no"`, tradeNo);
  return { sql: parts.length ? parts.join(' and ') : '1 = 1', params };
}
