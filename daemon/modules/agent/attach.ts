// Which agent a new account belongs to (design agents.md §1), the same for every way of creating one (password,
// e-mail, GitHub, LinuxDO, WeChat): the agent whose domain the page was on, else the agent behind the invite code
// (the inviter itself when it is an agent, else the inviter's own agent), else none. `subUserAgentId` is the rule;
// `attachFacts` reads what it needs inside the creating transaction, so an agent deleted meanwhile is never named.
import type { EntityManager } from '@mikro-orm/knex';
import { Role } from '../../contract/roles.js';
import type { DbKind } from '../../app/orm.js';
import { normaliseHost } from './agent-directory.js';

/** The owner of the invite code, as the rule needs it. */
export interface Inviter {
  id: number;
  /** The inviter's own agent (0 = none). */
  agentId: number;
}

export interface AttachFacts {
  /** The live agent whose domain is the request's host; 0 when none. */
  hostAgent: number;
  inviter: Inviter | null;
  /** Whether `id` is a live agent (a live agents row of a live role-10 user). */
  isLiveAgent(id: number): boolean;
}

/** The new account's agent_id. Pure: the caller gathers the facts. */
export function subUserAgentId(f: AttachFacts): number {
  if (f.hostAgent > 0 && f.isLiveAgent(f.hostAgent)) return f.hostAgent;
  if (f.inviter) {
    if (f.isLiveAgent(f.inviter.id)) return f.inviter.id;
    if (f.inviter.agentId > 0 && f.isLiveAgent(f.inviter.agentId)) return f.inviter.agentId;
  }
  return 0;
}

/**
 * The live agents among `ids`: a live agents row whose user is live and still an agent. `lock` (PostgreSQL) holds
 * those agents rows until the transaction ends, so an agent being deleted waits for us and then re-attaches what we
 * wrote, instead of leaving it attached to a deleted agent (SQLite runs one write transaction at a time anyway).
 */
export async function liveAgentIds(tx: EntityManager, ids: readonly number[], lock?: 'share'): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!wanted.length) return new Set();
  const marks = wanted.map(() => '?').join(', ');
  const rows = await tx.execute<{ agent_id: unknown }[]>(
    `select a.agent_id from agents a join users u on u.id = a.agent_id
     where a.agent_id in (${marks}) and a.deleted_at is null and u.deleted_at is null and u.role = ?${lock ? ` for ${lock} of a` : ''}`,
    [...wanted, Role.agent],
  );
  return new Set(rows.map((r) => Number(r.agent_id)));
}

/** The live agent whose domain `host` is; 0 when none (or no host). */
export async function agentOfHost(tx: EntityManager, host: string | undefined): Promise<number> {
  const domain = host ? normaliseHost(host) : '';
  if (!domain) return 0;
  const rows = await tx.execute<{ agent_id: unknown }[]>(
    'select agent_id from agents where domain = ? and deleted_at is null order by agent_id limit 1',
    [domain],
  );
  return rows.length ? Number(rows[0].agent_id) : 0;
}

/** Reads the facts for `subUserAgentId` and applies it: the agent_id to give an account created now. */
export async function attachAgentId(tx: EntityManager, host: string | undefined, inviter: Inviter | null, dbKind: DbKind): Promise<number> {
  const hostAgent = await agentOfHost(tx, host);
  const live = await liveAgentIds(tx, [hostAgent, inviter?.id ?? 0, inviter?.agentId ?? 0], dbKind === 'postgresql' ? 'share' : undefined);
  return subUserAgentId({ hostAgent, inviter, isLiveAgent: (id) => live.has(id) });
}
