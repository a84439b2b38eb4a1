// /api answers are per user: never cached by browsers or proxies. Every answer names its request id.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const noStorePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Oneapi-Request-Id', req.id);
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
});
