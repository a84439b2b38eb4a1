// First-run setup (reference §2.7): creates the root administrator once and records the usage mode.
import type { EntityManager } from '@mikro-orm/knex';
import { Role, UserStatus } from '../../contract/roles.js';
import { SETUP_PASSWORD_MIN, type DatabaseType, type SetupRequest, type SetupStatus } from '../../contract/setup.js';
import { USERNAME_MAX } from '../../contract/user.js';
import { ServiceError } from '../../app/errors.js';
import { hashPassword } from '../../app/password.js';
import { randomAlnum } from '../../app/random.js';
import type { Clock } from '../../app/clock.js';
import type { OptionStore } from '../option/option.store.js';
import { UserEntity } from '../user/user.entity.js';
import { SetupEntity } from './setup.entity.js';
import { inTransaction } from '../../db/transaction.js';

/** Quota the root account starts with (reference §2.7). */
export const ROOT_INITIAL_QUOTA = 100_000_000;
const SETUP_ROW_ID = 1;

export class SetupService {
  private done = false;

  constructor(
    private readonly em: EntityManager,
    private readonly options: OptionStore,
    private readonly clock: Clock,
    private readonly databaseType: DatabaseType,
    private readonly version: string,
  ) {}

  /** At boot: a database that has a root but no setup row (set up by an older version) counts as set up. */
  async reconcile(): Promise<void> {
    const em = this.em.fork();
    if (await em.count(SetupEntity, {})) return void (this.done = true);
    if (await this.rootExists(em)) {
      await em.insert(SetupEntity, { id: SETUP_ROW_ID, version: this.version, initialized_at: this.clock() });
      this.done = true;
    }
  }

  isDone(): boolean {
    return this.done;
  }

  async status(): Promise<SetupStatus> {
    const em = this.em.fork();
    this.done = this.done || (await em.count(SetupEntity, {})) > 0;
    return { status: this.done, root_init: await this.rootExists(em), database_type: this.databaseType };
  }

  async init(req: SetupRequest): Promise<void> {
    if (await this.status().then((s) => s.status)) throw new ServiceError('setup.done_already', undefined, 400);
    if (req.SelfUseModeEnabled && req.DemoSiteEnabled) throw new ServiceError('setup.mode_conflict', undefined, 400);
    const em = this.em.fork();
    const needRoot = !(await this.rootExists(em));
    const username = (req.username ?? '').trim();
    if (needRoot) {
      if (!username) throw new ServiceError('setup.username_required', undefined, 400);
      if (username.length > USERNAME_MAX) throw new ServiceError('setup.username_too_long', { max: USERNAME_MAX }, 400);
      if ((req.password ?? '').length < SETUP_PASSWORD_MIN) throw new ServiceError('setup.password_short', undefined, 400);
      if (req.password !== req.confirmPassword) throw new ServiceError('setup.password_mismatch', undefined, 400);
    }
    const passwordHash = needRoot ? await hashPassword(req.password!) : '';
    try {
      await inTransaction(em, async (tx) => {
        // The fixed primary key makes a second, concurrent setup fail here instead of creating a second root.
        await tx.insert(SetupEntity, { id: SETUP_ROW_ID, version: this.version, initialized_at: this.clock() });
        if (needRoot) {
          await tx.insert(UserEntity, {
            username,
            password: passwordHash,
            display_name: 'Root User',
            role: Role.admin,
            status: UserStatus.enabled,
            quota: ROOT_INITIAL_QUOTA,
            aff_code: randomAlnum(4),
            created_at: this.clock(),
          });
        }
        await this.options.setIn(tx, {
          SelfUseModeEnabled: String(!!req.SelfUseModeEnabled),
          DemoSiteEnabled: String(!!req.DemoSiteEnabled),
        });
      });
      await this.options.load();
    } catch (e) {
      if (e instanceof ServiceError) throw e;
      if (await em.fork().count(SetupEntity, {})) throw new ServiceError('setup.done_already', undefined, 400);
      throw e;
    }
    this.done = true;
  }

  private async rootExists(em: EntityManager): Promise<boolean> {
    return (await em.count(UserEntity, { role: { $gte: Role.admin }, deleted_at: null })) > 0;
  }
}
