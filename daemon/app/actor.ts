// Who is acting. Services take an actor on every call, so ownership is checked the same way for HTTP and CLI.
import { Role, roleAtLeast, type RoleName } from '../contract/roles.js';

export interface Actor {
  id: number;
  role: number;
  username: string;
  group: string;
  /** The agent this user belongs to (0 = none). */
  agentId: number;
}

/** The CLI acts as the system: an administrator that is no user. */
export const systemActor: Actor = { id: 0, role: Role.admin, username: 'system', group: 'default', agentId: 0 };

export const isAdmin = (a: Actor): boolean => roleAtLeast(a.role, 'admin');
export const hasRole = (a: Actor, needed: RoleName): boolean => roleAtLeast(a.role, needed);

/**
 * May `actor` act on a resource that belongs to user `ownerId` (whose agent is `ownerAgentId`)?
 * Admins: anything. Agents: their own, and their own sub-users'. Users: only their own.
 */
export function mayActOnUser(actor: Actor, ownerId: number, ownerAgentId: number): boolean {
  if (isAdmin(actor)) return true;
  if (actor.id === ownerId) return true;
  return actor.role === Role.agent && ownerAgentId === actor.id && ownerAgentId !== 0;
}
