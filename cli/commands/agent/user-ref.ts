// A user named on the command line by username or by id (a username is tried first: names may be digits).
import type { Services } from '../../../daemon/app/services.js';
import { ServiceError } from '../../../daemon/app/errors.js';

export async function userRef(s: Services, ref: string): Promise<{ id: number; username: string }> {
  const { UserEntity } = await import('../../../daemon/modules/user/user.entity.js');
  const name = ref.trim();
  const em = s.em.fork();
  const u = (name && (await em.findOne(UserEntity, { username: name }, { fields: ['id', 'username'] })))
    || (/^\d{1,9}$/.test(name) ? await em.findOne(UserEntity, { id: Number(name) }, { fields: ['id', 'username'] }) : null);
  if (!u) throw new ServiceError('user_admin.not_found');
  return { id: u.id, username: u.username };
}

/** An agent argument: a user as above, or 0 / "none" for no agent. */
export async function agentRef(s: Services, ref: string): Promise<{ id: number; username: string } | null> {
  const v = ref.trim().toLowerCase();
  return v === '0' || v === 'none' ? null : userRef(s, ref);
}
