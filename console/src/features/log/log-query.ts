// The log page's filters as the server wants them (spec 3 "Usage log", §7 "Logs and tasks", §9 default window).
import type { LogFilters } from '@contract/log';

/** Who reads the page: admins every log, agents their own or their sub-users', users their own. */
export type LogViewer = 'admin' | 'agent' | 'user';

/** What the filter bar holds; times are unix seconds. */
export interface LogForm {
  type: number;
  token_name: string;
  model_name: string;
  start: number;
  end: number;
  /** Admins; agents when they read their sub-users' logs (like user_id). */
  username: string;
  user_id?: number;
  /** Admin only. */
  channel?: number;
  /** Admins and agents. */
  group: string;
  /** Agents: their sub-users' logs instead of their own. */
  all_users: boolean;
}

/** The default query window (spec 3 §9): start of today (local time) to now plus one hour. */
export function defaultWindow(nowMs: number): { start: number; end: number } {
  const midnight = new Date(nowMs);
  midnight.setHours(0, 0, 0, 0);
  return { start: Math.floor(midnight.getTime() / 1000), end: Math.floor(nowMs / 1000) + 3600 };
}

export const defaultForm = (nowMs: number): LogForm => ({
  type: 0,
  token_name: '',
  model_name: '',
  ...defaultWindow(nowMs),
  username: '',
  user_id: undefined,
  channel: undefined,
  group: '',
  all_users: false,
});

const positive = (n: number | undefined): number | undefined =>
  n !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;

/**
 * The filters to send: strings trimmed, empty ones and type 0 (all) left out. Username and user id go for admins
 * and for agents reading their sub-users (on their own logs they could only empty the list); channel for admins
 * only; group for admins and agents. The self endpoint ignores them anyway.
 */
export function toFilters(form: LogForm, viewer: LogViewer): LogFilters {
  const f: LogFilters = {};
  if (form.type > 0) f.type = form.type;
  const token = form.token_name.trim();
  if (token) f.token_name = token;
  const model = form.model_name.trim();
  if (model) f.model_name = model;
  if (positive(form.start)) f.start_timestamp = positive(form.start);
  if (positive(form.end)) f.end_timestamp = positive(form.end);
  const subUsers = viewer === 'agent' && form.all_users;
  if (subUsers) f.all_users = true;
  if (viewer === 'admin' || subUsers) {
    const username = form.username.trim();
    if (username) f.username = username;
    const userId = positive(form.user_id);
    if (userId) f.user_id = userId;
  }
  if (viewer === 'admin') {
    const channel = positive(form.channel);
    if (channel) f.channel = channel;
  }
  if (viewer !== 'user') {
    const group = form.group.trim();
    if (group) f.group = group;
  }
  return f;
}

const ORDER: readonly (keyof LogFilters)[] = [
  'p', 'page_size', 'type', 'username', 'token_name', 'model_name', 'start_timestamp', 'end_timestamp', 'user_id', 'channel', 'group',
  'all_users',
];

/** A query string in a fixed order (undefined values left out). */
export function toQueryString(f: LogFilters): string {
  const q = new URLSearchParams();
  for (const k of ORDER) if (f[k] !== undefined && f[k] !== '') q.set(k, String(f[k]));
  return q.toString();
}
