// Responses are built from explicit field lists, so a password hash or access token can never leak by accident.
import { LOGIN_USER_FIELDS, SELF_USER_FIELDS, type LoginUser, type SelfUser } from '../../contract/user.js';
import type { User } from './user.entity.js';

function pick<K extends string>(u: User, fields: readonly K[]): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const f of fields) out[f] = (u as unknown as Record<string, unknown>)[f] ?? '';
  return out;
}

export const toLoginUser = (u: User): LoginUser => pick(u, LOGIN_USER_FIELDS) as unknown as LoginUser;
export const toSelfUser = (u: User): SelfUser => pick(u, SELF_USER_FIELDS) as unknown as SelfUser;
