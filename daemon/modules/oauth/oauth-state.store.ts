// OAuth states (lessons §2e): 256 random bits, kept server-side in this browser's session row (`sessions.data`),
// short-lived, compared in constant time, and used once (a compare-and-set on the row). A browser without a
// session gets a short anonymous one (user_id 0) that exists only to carry the state; it signs in nobody.
// The state also carries the host and invite code of the page that started the flow: the provider sends the browser
// back to the site's own address, yet a sign-up joins the agent of the page it began on (design agents.md §1).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/knex';
import { OAUTH_STATE_TTL_SECONDS } from '../../contract/oauth.js';
import type { Clock } from '../../app/clock.js';
import { randomId } from '../../app/random.js';
import { SessionEntity } from '../session/session.entity.js';

/** What a state was issued for. `userId` 0: a sign-in; otherwise a binding to that signed-in user. */
export interface PendingOAuth {
  userId: number;
  /** The invite code given with the state (stored for registration). */
  aff: string;
  /** The host name of the page that asked for the state ('' for states issued before hosts were kept). */
  host: string;
}

interface StoredState extends PendingOAuth {
  hash: string;
  expiresAt: number;
}

const KEY = 'oauth';
const AFF_MAX = 32;
const HOST_MAX = 255;
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

function parse(data: string): Record<string, unknown> {
  if (!data) return {};
  try {
    const v = JSON.parse(data) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function storedOf(data: Record<string, unknown>): StoredState | null {
  const s = data[KEY] as Partial<StoredState> | undefined;
  if (!s || typeof s.hash !== 'string' || typeof s.expiresAt !== 'number' || typeof s.userId !== 'number') return null;
  return {
    hash: s.hash, expiresAt: s.expiresAt, userId: s.userId, aff: typeof s.aff === 'string' ? s.aff : '', host: typeof s.host === 'string' ? s.host : '',
  };
}

const HANDOFF_MARK = '~';
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** The host a state was issued on, when it names one (a flow begun on an agent's domain); '' otherwise. */
export function stateHandoffHost(state: string): string {
  const at = state.lastIndexOf(HANDOFF_MARK);
  if (at < 0) return '';
  const host = state.slice(at + 1);
  return host.length <= HOST_MAX && HOST_NAME.test(host) ? host : '';
}

export class OAuthStateStore {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /**
   * A new state for the browser holding `sessionId` (replacing any earlier one). `signedInUserId` is the user the
   * live session belongs to, if any: the state then binds instead of signing in. Returns the id of a new anonymous
   * session when the browser had none, for the caller to set as its cookie.
   */
  async issue(
    sessionId: string | null, signedInUserId: number | null, aff: string, ip: string, host = '', handoffHost = '',
  ): Promise<{ state: string; newSessionId?: string }> {
    // A flow begun on an agent's domain names it after the random part, so the site's callback page can send the
    // browser back there, to the session the state is bound to (see stateHandoffHost).
    const state = handoffHost ? `${randomId(32)}${HANDOFF_MARK}${handoffHost}` : randomId(32);
    const now = this.clock();
    const stored = (userId: number): StoredState => ({
      hash: sha256(state), expiresAt: now + OAUTH_STATE_TTL_SECONDS, userId, aff: aff.slice(0, AFF_MAX), host: host.slice(0, HOST_MAX),
    });
    const em = this.em.fork();
    const session = sessionId ? await em.findOne(SessionEntity, { id: sessionId }) : null;
    if (session && session.expires_at > now) {
      const userId = signedInUserId !== null && session.user_id === signedInUserId ? signedInUserId : 0;
      // Other keys in the session's data are kept; a concurrent writer makes us re-read (compare-and-set).
      for (let data = session.data, tries = 0; tries < 5; tries++) {
        const next = JSON.stringify({ ...parse(data), [KEY]: stored(userId) });
        if (await this.swap(em, session.id, data, next)) return { state };
        const fresh = await em.fork().findOne(SessionEntity, { id: session.id });
        if (!fresh) break;
        data = fresh.data;
      }
    }
    const id = randomId(32);
    await em.insert(SessionEntity, {
      id, user_id: 0, auth_version: 0, ip: ip.slice(0, 64), data: JSON.stringify({ [KEY]: stored(0) }), created_at: now,
      expires_at: now + OAUTH_STATE_TTL_SECONDS,
    });
    return { state, newSessionId: id };
  }

  /** Takes the state if it is this browser's current, unexpired one; a second call with it finds nothing. */
  async consume(sessionId: string | null, state: string): Promise<PendingOAuth | null> {
    if (!sessionId || !state) return null;
    const em = this.em.fork();
    const session = await em.findOne(SessionEntity, { id: sessionId });
    if (!session || session.expires_at <= this.clock()) return null;
    const data = parse(session.data);
    const stored = storedOf(data);
    if (!stored) return null;
    const given = Buffer.from(sha256(state), 'hex');
    if (!timingSafeEqual(given, Buffer.from(stored.hash.padEnd(64, '0').slice(0, 64), 'hex'))) return null;
    const { [KEY]: _used, ...rest } = data;
    // Only one of two concurrent callbacks with the same state wins this update.
    if (!(await this.swap(em, session.id, session.data, Object.keys(rest).length ? JSON.stringify(rest) : ''))) return null;
    if (stored.expiresAt <= this.clock()) return null;
    return { userId: stored.userId, aff: stored.aff, host: stored.host };
  }

  private async swap(em: EntityManager, id: string, from: string, to: string): Promise<boolean> {
    return (await em.nativeUpdate(SessionEntity, { id, data: from }, { data: to })) === 1;
  }
}
