// Accounts behind third-party identities (reference §7.7): find the user bound to an external id, register one
// when registration is open, or bind an id to the signed-in user. A binding belongs to one user only, deleted users
// included (their ids stay reserved). Each check-then-write runs in a transaction under a lock on the external
// id (PostgreSQL advisory lock; SQLite runs one write transaction at a time), so two concurrent callbacks can
// neither register two users for one id nor bind one id twice.
import type { EntityManager } from '@mikro-orm/knex';
import { UserStatus } from '../../contract/roles.js';
import { ServiceError } from '../../app/errors.js';
import type { Clock } from '../../app/clock.js';
import type { DbKind } from '../../app/orm.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import type { OptionStore } from '../option/option.store.js';
import { UserEntity, type User } from '../user/user.entity.js';
import { insertExternalUser, type NewExternalUser } from './external-register.js';
import { inTransaction } from '../../db/transaction.js';

export type BindingField = 'github_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id';

export interface SignInRequest {
  field: BindingField;
  externalId: string;
  /** Provider name for messages. */
  label: string;
  /** How to register a user when none is bound; absent: only bound users may sign in (Telegram). */
  register?: Omit<NewExternalUser, 'field' | 'externalId'>;
}

export class ExternalAccountService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly options: OptionStore,
    private readonly epochs: CacheEpochs,
    private readonly dbKind: DbKind,
  ) {}

  /** The user to sign in: the bound one, or a new one. Refuses deleted and disabled users. */
  async signIn(req: SignInRequest): Promise<User> {
    let created = false;
    const user = await inTransaction(this.em, async (tx) => {
      await this.lock(tx, req.field, req.externalId);
      const bound = await tx.findOne(UserEntity, { [req.field]: req.externalId }, { orderBy: { id: 'asc' } });
      if (bound) return bound;
      if (!req.register) throw new ServiceError('oauth.telegram_not_bound');
      if (!this.options.bool('RegisterEnabled')) throw new ServiceError('oauth.register_disabled');
      created = true;
      return insertExternalUser(tx, { ...req.register, field: req.field, externalId: req.externalId }, this.options, this.clock(), this.dbKind);
    });
    if (created) await this.epochs.bump('users', undefined, [user.id]);
    if (user.deleted_at !== null && user.deleted_at !== undefined) throw new ServiceError('oauth.user_deleted');
    if (user.status !== UserStatus.enabled) throw new ServiceError('oauth.user_banned');
    user.last_login_time = this.clock();
    await this.em.fork().nativeUpdate(UserEntity, { id: user.id }, { last_login_time: user.last_login_time });
    return user;
  }

  /** Binds an external id to a live user. Binding again to the same user is fine; another user's id is refused. */
  async bind(userId: number, field: BindingField, externalId: string, label: string): Promise<void> {
    await inTransaction(this.em, async (tx) => {
      await this.lock(tx, field, externalId);
      const holder = await tx.findOne(UserEntity, { [field]: externalId, id: { $ne: userId } });
      if (holder) throw new ServiceError('oauth.already_bound', { provider: label });
      const done = await tx.nativeUpdate(UserEntity, { id: userId, deleted_at: null, status: UserStatus.enabled }, { [field]: externalId });
      if (!done) throw new ServiceError('oauth.bind_needs_login');
    });
  }

  /** Sets the user's e-mail (already proven by a code) unless another account uses it. */
  async bindEmail(userId: number, email: string): Promise<void> {
    await inTransaction(this.em, async (tx) => {
      await this.lock(tx, 'email', email.toLowerCase());
      const holder = await tx.execute<{ id: number }[]>('select id from users where lower(email) = ? and id <> ? limit 1', [email.toLowerCase(), userId]);
      if (holder.length) throw new ServiceError('oauth.email_taken');
      const done = await tx.nativeUpdate(UserEntity, { id: userId, deleted_at: null, status: UserStatus.enabled }, { email });
      if (!done) throw new ServiceError('oauth.bind_needs_login');
    });
  }

  /** Serialises writers of one external id until the transaction ends (PostgreSQL; SQLite already is serial). */
  private async lock(tx: EntityManager, field: string, value: string): Promise<void> {
    if (this.dbKind !== 'postgresql') return;
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`user-binding:${field}:${value}`]);
  }
}
