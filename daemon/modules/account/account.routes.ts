// Registration, e-mail codes and password reset (spec 1 §7 "Sign-in and registration", reference §7.1, §7.6).
// All public, all under the strict per-IP limit of sign-in calls; the human check where new-api has it.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import {
  EmailQuerySchema, PasswordResetConfirmSchema, RegisterRequestSchema, TurnstileQuerySchema,
} from '../../contract/schemas.js';
import { translate } from '../../i18n/translate.js';

export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { registration, emailCodes, passwordReset, turnstile } = app.services;
  const open = { auth: 'public' as const, rateLimit: 'critical' as const };

  app.post('/user/register', { config: open, schema: { body: RegisterRequestSchema, querystring: TurnstileQuerySchema } }, async (req) => {
    // req.hostname honours X-Forwarded-Host only with server.trust_proxy (Fastify's trustProxy), as branding does.
    await registration.register(req.body, { ip: req.ip, turnstile: req.query.turnstile, host: req.hostname });
    return ok(undefined, translate(req.lang, 'register.success'));
  });

  app.get('/verification', { config: open, schema: { querystring: EmailQuerySchema } }, async (req) => {
    await turnstile.check(req.query.turnstile, req.ip);
    await emailCodes.send(req.query.email, req.ip, req.lang, req.hostname);
    return ok(undefined, translate(req.lang, 'email.code_sent'));
  });

  app.get('/reset_password', { config: open, schema: { querystring: EmailQuerySchema } }, async (req) => {
    await turnstile.check(req.query.turnstile, req.ip);
    await passwordReset.sendLink(req.query.email, req.ip, req.lang);
    return ok(undefined, translate(req.lang, 'reset.sent'));
  });

  app.post('/user/reset', { config: open, schema: { body: PasswordResetConfirmSchema } }, async (req) =>
    ok(await passwordReset.confirm(req.body.email, req.body.token), translate(req.lang, 'reset.success')));
}
