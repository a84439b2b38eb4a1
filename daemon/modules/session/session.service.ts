// Server-side sessions: the cookie holds only a signed random id; the row can be revoked at any time.
import type { EntityManager } from '@mikro-orm/knex';
import type { Clock } from '../../app/clock.js';
import { randomId } from '../../app/random.js';
import { SessionEntity, type Session } from './session.entity.js';

export class SessionService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    readonly maxAgeSeconds: number,
  ) {}

  async create(userId: number, authVersion: number, ip: string): Promise<string> {
    const id = randomId(32);
    const now = this.clock();
    await this.em.fork().insert(SessionEntity, {
      id, user_id: userId, auth_version: authVersion, ip: ip.slice(0, 64), data: '', created_at: now, expires_at: now + this.maxAgeSeconds,
    });
    return id;
  }

  /** The live session with this id, or null when unknown or expired. */
  async find(id: string): Promise<Session | null> {
    const s = await this.em.fork().findOne(SessionEntity, { id });
    return s && s.expires_at > this.clock() ? s : null;
  }

  async destroy(id: string): Promise<void> {
    await this.em.fork().nativeDelete(SessionEntity, { id });
  }

  /** Ends every session of a user (disable, delete, password change). */
  async destroyAllFor(userId: number): Promise<number> {
    return this.em.fork().nativeDelete(SessionEntity, { user_id: userId });
  }

  async pruneExpired(): Promise<number> {
    return this.em.fork().nativeDelete(SessionEntity, { expires_at: { $lte: this.clock() } });
  }
}
