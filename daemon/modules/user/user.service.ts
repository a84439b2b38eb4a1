// Account look-ups and password sign-in. Registration, management and settings come with the accounts issue.
import type { EntityManager } from '@mikro-orm/knex';
import { UserStatus } from '../../contract/roles.js';
import { ServiceError } from '../../app/errors.js';
import { decoyVerify, verifyPassword } from '../../app/password.js';
import type { Clock } from '../../app/clock.js';
import { UserEntity, type User } from './user.entity.js';

export class UserService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Password sign-in by username or e-mail. One message for every failure, so it reveals nothing. */
  async login(username: string, password: string): Promise<User> {
    const name = username.trim();
    if (!name || !password) throw new ServiceError('login.empty');
    const em = this.em.fork();
    const user = await em.findOne(UserEntity, {
      $or: [{ username: name }, ...(name.includes('@') ? [{ email: name }, { email: name.toLowerCase() }] : [])],
      deleted_at: null,
    });
    if (!user) {
      await decoyVerify(password);
      throw new ServiceError('login.wrong');
    }
    if (!(await verifyPassword(user.password, password)) || user.status !== UserStatus.enabled)
      throw new ServiceError('login.wrong');
    user.last_login_time = this.clock();
    await em.nativeUpdate(UserEntity, { id: user.id }, { last_login_time: user.last_login_time });
    return user;
  }

  /** A user that exists and is not deleted (disabled users are returned; callers decide). */
  async find(id: number): Promise<User | null> {
    return this.em.fork().findOne(UserEntity, { id, deleted_at: null });
  }

  async findByAccessToken(token: string): Promise<User | null> {
    if (!token) return null;
    return this.em.fork().findOne(UserEntity, { access_token: token, deleted_at: null });
  }
}
