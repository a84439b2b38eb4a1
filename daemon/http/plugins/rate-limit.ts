// Per-IP limits (reference §10): every /api call, and a strict one on sign-in and registration.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../../i18n/translate.js';

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { rate_limit: rl } = app.services.config;
  const store = app.services.rateLimits;
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const tooMany = () =>
      reply.status(429).send({ success: false, message: translate(req.lang, 'generic.too_many_requests') });
    if (!(await store.hit(`api:${req.ip}`, rl.api_count, rl.api_window_seconds))) return tooMany();
    if (req.routeOptions.config?.rateLimit === 'critical' && !(await store.hit(`critical:${req.ip}`, rl.critical_count, rl.critical_window_seconds)))
      return tooMany();
  });
});
