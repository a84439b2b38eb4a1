// Per-IP limits (reference §10): every /api call, and a strict one on sign-in and registration.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../../i18n/translate.js';

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { rate_limit: rl } = app.services.config;
  const store = app.services.rateLimits;

  /** True when the call was refused (the 429 is sent). */
  const refused = async (req: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (req.routeOptions.config?.rateLimit === 'exempt') return false;
    const over =
      !(await store.hit(`api:${req.ip}`, rl.api_count, rl.api_window_seconds)) ||
      (req.routeOptions.config?.rateLimit === 'critical' && !(await store.hit(`critical:${req.ip}`, rl.critical_count, rl.critical_window_seconds)));
    if (over) reply.status(429).send({ success: false, message: translate(req.lang, 'generic.too_many_requests') });
    return over;
  };

  // Callback style: outside /api (the relay has its own limits, the console its files) nothing is awaited, which an
  // async hook would cost every relay call. A hook that answers does not call done().
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    refused(req, reply).then((sent) => {
      if (!sent) done();
    }, done);
  });
});
