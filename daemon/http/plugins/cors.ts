// Lets pages on configured origins (a portal embedding the console library) call /api with credentials.
// Anything else gets no CORS headers, so browsers keep other sites out.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ALLOWED_HEADERS = 'Content-Type, New-Api-User, Cache-Control, Accept-Language, Authorization';

export const parseOrigins = (list: string): Set<string> =>
  new Set(list.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean));

export const embedCorsPlugin = fp(async (app: FastifyInstance) => {
  const origins = parseOrigins(app.services.config.console.embed_origins);
  if (!origins.size) return;
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !req.url.startsWith('/api/') || !origins.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Vary', 'Origin');
    if (req.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      return reply.status(204).send();
    }
  });
});
