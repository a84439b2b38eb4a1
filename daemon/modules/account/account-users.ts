// Look-ups of accounts by e-mail and username for registration and reset. E-mail matches ignore case; deleted
// accounts keep their username and e-mail reserved (reference §7.1, §7.4).
import type { EntityManager } from '@mikro-orm/knex';

type Row = { id: number | string; username: string; role?: number | string; agent_id?: number | string };

export async function emailTaken(em: EntityManager, email: string): Promise<boolean> {
  const rows = await em.execute<Row[]>('select id from users where lower(email) = ? limit 1', [email]);
  return rows.length > 0;
}

export async function usernameTaken(em: EntityManager, username: string): Promise<boolean> {
  const rows = await em.execute<Row[]>('select id from users where username = ? limit 1', [username]);
  return rows.length > 0;
}

/** The live (not deleted) account with this e-mail; the oldest one if an administrator gave two the same. */
export async function activeUserByEmail(em: EntityManager, email: string): Promise<{ id: number; username: string; role: number; agentId: number } | null> {
  const rows = await em.execute<Row[]>(
    'select id, username, role, agent_id from users where lower(email) = ? and deleted_at is null order by id limit 1',
    [email],
  );
  if (!rows.length) return null;
  const r = rows[0];
  return { id: Number(r.id), username: r.username, role: Number(r.role), agentId: Number(r.agent_id) };
}
