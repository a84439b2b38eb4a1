// Console authentication (reference §2.2): a signed session cookie or an access token, plus the New-Api-User
// header that must name the same user. The user is re-read on every call, so a ban or role change applies at once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { UserStatus, roleAtLeast } from '../../contract/roles.js';
import { USER_ID_HEADER } from '../../contract/envelope.js';
import { ServiceError } from '../../app/errors.js';
import { translate } from '../../i18n/translate.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { Actor } from '../../app/actor.js';
import type { User } from '../../modules/user/user.entity.js';

export const SESSION_COOKIE = 'session';

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { services } = app;
  await app.register(cookie, { secret: services.secret.secret });
  app.decorateRequest('actor', null);
  app.decorateRequest('authVia', null);

  // Callback style with a synchronous way out: the relay passes through here on every call, and an async hook would
  // cost it a promise and a turn each time. Before validation: an anonymous call is 401 whatever its parameters.
  app.addHook('preValidation', (req, reply, done) => {
    if (req.is404) return done(); // unmatched paths: the SPA fallback or a JSON 404, never a login demand
    // Secure by default under /api: a route there that names no level needs a signed-in user. Outside /api
    // (console files; the relay, which checks API keys itself) nothing is looked up unless a route asks: a session
    // or access-token query per relay call would be a database round trip on the hot path.
    const configured = req.routeOptions.config?.auth;
    const underApi = req.routeOptions.url?.startsWith('/api') ?? false;
    if (!configured && !underApi) return done();
    authorise(req, reply, configured ?? 'user').then((answered) => {
      if (!answered) done();
    }, done);
  });

  /** Sets req.actor, or answers 401 (true) / throws a ServiceError. */
  const authorise = async (req: FastifyRequest, reply: FastifyReply, level: NonNullable<FastifyRequest['routeOptions']['config']['auth']>): Promise<boolean> => {
    const found = await identify(app, req);
    if (level === 'public') {
      if (found && found.user.status === UserStatus.enabled) req.actor = toActor(found.user);
      return false;
    }
    if (!found) return unauthorized(reply, req, 'auth.not_logged_in');
    // The header guards against proxies that cache one user's answer for another (reference §2.2).
    const header = req.headers[USER_ID_HEADER.toLowerCase()];
    if (header === undefined || header === '') return unauthorized(reply, req, 'auth.user_header_missing');
    if (!/^\d+$/.test(String(header))) return unauthorized(reply, req, 'auth.user_header_invalid');
    if (Number(header) !== found.user.id) return unauthorized(reply, req, 'auth.user_header_mismatch');
    if (found.user.status !== UserStatus.enabled) throw new ServiceError('auth.user_banned');
    if (!roleAtLeast(found.user.role, level)) throw new ServiceError('auth.insufficient_role');
    req.actor = toActor(found.user);
    req.authVia = found.via;
    return false;
  };
});

async function identify(app: FastifyInstance, req: FastifyRequest): Promise<{ user: User; via: 'session' | 'access_token' } | null> {
  const { sessions, users } = app.services;
  const raw = req.cookies?.[SESSION_COOKIE];
  if (raw) {
    const unsigned = req.unsignCookie(raw);
    if (unsigned.valid && unsigned.value) {
      const session = await sessions.find(unsigned.value);
      if (session) {
        const user = await users.find(session.user_id);
        // A bumped auth_version (disable, delete, role or password change) ends older sessions.
        if (user && user.auth_version === session.auth_version) return { user, via: 'session' };
      }
    }
  }
  const authz = req.headers.authorization;
  if (authz) {
    const token = authz.replace(/^Bearer\s+/i, '').trim();
    const user = await users.findByAccessToken(token);
    if (user) return { user, via: 'access_token' };
  }
  return null;
}

function unauthorized(reply: FastifyReply, req: FastifyRequest, key: MessageKey): true {
  reply.status(401).send({ success: false, message: translate(req.lang, key) });
  return true;
}

export const toActor = (u: User): Actor => ({ id: u.id, role: u.role, username: u.username, group: u.group, agentId: u.agent_id });

/** Sets a fresh signed session cookie. */
export function setSessionCookie(reply: FastifyReply, id: string, maxAgeSeconds: number, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, id, { signed: true, httpOnly: true, sameSite: 'strict', path: '/', maxAge: maxAgeSeconds, secure });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The session id from the request's cookie, when its signature holds. */
export function sessionIdOf(req: FastifyRequest): string | null {
  const raw = req.cookies?.[SESSION_COOKIE];
  if (!raw) return null;
  const u = req.unsignCookie(raw);
  return u.valid ? u.value : null;
}
