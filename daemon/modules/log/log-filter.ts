// Turns log filters into a parameterised SQL condition (pure; the same for both drivers). Every column is quoted:
// "group" is a reserved word.
import type { LogFilters } from '../../contract/log.js';
import { LogType } from '../../contract/roles.js';

export interface SqlWhere {
  sql: string;
  params: unknown[];
}

export interface FilterScope {
  /** Restrict to one user's logs (the self views). */
  userId?: number;
  /**
   * Restrict to the logs of this agent's sub-users (users whose agent_id is it), by a subquery: an agent may have
   * many users, and their ids never need to leave the database.
   */
  subUsersOf?: number;
  /** Apply the username and user id filters on top of the restriction above (agents): they only ever narrow. */
  narrowByUser?: boolean;
  /** Let the caller filter by username, user id and channel (admins). */
  admin: boolean;
  /** Apply the time window (stat's rpm/tpm ignore it). */
  time?: boolean;
  /** Only this type, whatever the filter says. */
  forceType?: number;
}

export function logWhere(f: LogFilters, scope: FilterScope): SqlWhere {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...p: unknown[]) => {
    parts.push(sql);
    params.push(...p);
  };
  if (scope.userId !== undefined) add('"user_id" = ?', scope.userId);
  if (scope.subUsersOf !== undefined) add('"user_id" in (select "id" from "users" where "agent_id" = ?)', scope.subUsersOf);
  const type = scope.forceType ?? f.type;
  if (type && type !== LogType.unknown) add('"type" = ?', type);
  if (scope.time !== false) {
    if (f.start_timestamp) add('"created_at" >= ?', f.start_timestamp);
    if (f.end_timestamp) add('"created_at" <= ?', f.end_timestamp);
  }
  // LIKE: callers may pass % themselves (new-api); without one the value must match exactly.
  if (f.token_name) add('"token_name" like ?', f.token_name);
  if (f.model_name) add('"model_name" like ?', f.model_name);
  if (f.group) add('"group" = ?', f.group);
  if (scope.admin || scope.narrowByUser) {
    if (f.username) add('"username" like ?', f.username);
    if (f.user_id) add('"user_id" = ?', f.user_id);
  }
  // Channels are the site's business: only admins filter (or see) them.
  if (scope.admin && f.channel) add('"channel" = ?', f.channel);
  return { sql: parts.length ? parts.join(' and ') : '1 = 1', params };
}
