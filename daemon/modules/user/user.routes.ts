// Sign-in, sign-out and the signed-in user (spec 1 §7). The rest of the user calls arrive with the accounts issue.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { LoginRequestSchema, TurnstileQuerySchema } from '../../contract/schemas.js';
import { ServiceError } from '../../app/errors.js';
import { translate } from '../../i18n/translate.js';
import { clearSessionCookie, sessionIdOf, setSessionCookie } from '../../http/plugins/auth.js';
import { toLoginUser, toSelfUser } from './user.view.js';

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { users, sessions, options, config } = app.services;

  app.post('/login', { config: { auth: 'public', rateLimit: 'critical' }, schema: { body: LoginRequestSchema, querystring: TurnstileQuerySchema } }, async (req, reply) => {
    if (!options.bool('PasswordLoginEnabled')) throw new ServiceError('login.password_disabled');
    await app.services.turnstile.check(req.query.turnstile, req.ip);
    const user = await users.login(req.body.username, req.body.password);
    // A new id at every sign-in, so a session id planted before sign-in is worthless (session fixation).
    const old = sessionIdOf(req);
    if (old) await sessions.destroy(old);
    const id = await sessions.create(user.id, user.auth_version, req.ip);
    setSessionCookie(reply, id, sessions.maxAgeSeconds, config.session.secure_cookie);
    return ok(toLoginUser(user), translate(req.lang, 'login.success'));
  });

  app.get('/logout', { config: { auth: 'public' } }, async (req, reply) => {
    const id = sessionIdOf(req);
    if (id) await sessions.destroy(id);
    clearSessionCookie(reply);
    return ok(undefined, translate(req.lang, 'logout.success'));
  });

  app.get('/self', { config: { auth: 'user' } }, async (req) => {
    const user = await users.find(req.actor!.id);
    if (!user) throw new ServiceError('auth.not_logged_in', undefined, 401);
    return ok(toSelfUser(user));
  });
}
