// Responses are built from explicit field lists, so a password hash or access token can never leak by accident.
import { LOGIN_USER_FIELDS, SELF_USER_FIELDS, type LoginUser, type SelfUser } from '../../contract/user.js';
import { MANAGED_USER_FIELDS, SUB_USER_FIELDS, type ManagedUser, type SubUser } from '../../contract/user-admin.js';
import type { User } from './user.entity.js';
import { publicSetting } from '../self/notify-setting.js';

function pick<K extends string>(u: User, fields: readonly K[]): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const f of fields) out[f] = (u as unknown as Record<string, unknown>)[f] ?? '';
  return out;
}

export const toLoginUser = (u: User): LoginUser => pick(u, LOGIN_USER_FIELDS) as unknown as LoginUser;
// The setting JSON goes out without the quota warning webhook's secret (modules/self/notify-setting.ts).
export const toSelfUser = (u: User): SelfUser => ({ ...pick(u, SELF_USER_FIELDS), setting: publicSetting(u.setting) }) as unknown as SelfUser;

// User management (spec 1 "User management"): admins get the full management row, agents the sub-user row.
const NUMERIC = new Set(['id', 'role', 'status', 'quota', 'used_quota', 'request_count', 'exclusive_price', 'created_at', 'last_login_time',
  'aff_count', 'aff_quota', 'aff_history_quota', 'inviter_id', 'referrer_id', 'agent_id', 'order_num']);

function managedPick<K extends string>(u: User, fields: readonly K[]): Record<K, unknown> {
  const row = u as unknown as Record<string, unknown>;
  const out = {} as Record<K, unknown>;
  for (const f of fields) {
    if (f === 'DeletedAt') out[f] = u.deleted_at == null ? null : Number(u.deleted_at);
    else out[f] = NUMERIC.has(f) ? Number(row[f] ?? 0) : (row[f] ?? '');
  }
  return out;
}

export const toManagedUser = (u: User): ManagedUser => managedPick(u, MANAGED_USER_FIELDS) as unknown as ManagedUser;
export const toSubUser = (u: User): SubUser => managedPick(u, SUB_USER_FIELDS) as unknown as SubUser;
