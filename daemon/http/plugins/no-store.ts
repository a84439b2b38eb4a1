// /api answers are per user: never cached by browsers or proxies. Every answer names its request id.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const noStorePlugin = fp(async (app: FastifyInstance) => {
  // callback style, not async: this runs on every relay answer, and an async hook costs a promise and a turn
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('X-Oneapi-Request-Id', req.id);
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
});
