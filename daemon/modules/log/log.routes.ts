// Usage logs (spec 3 §7 "Logs and tasks"; reference §1.2, §13; agents' view: design agents.md §6).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { LogClearQuerySchema, LogQuerySchema } from '../../contract/schemas.js';
import { translate } from '../../i18n/translate.js';

export default async function logRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { logs } = app.services;
  const admin = { config: { auth: 'admin' as const }, schema: { querystring: LogQuerySchema } };
  const user = { config: { auth: 'user' as const }, schema: { querystring: LogQuerySchema } };
  const agent = { config: { auth: 'agent' as const }, schema: { querystring: LogQuerySchema } };

  app.get('/', admin, async (req) => ok(await logs.listAll(req.query)));
  app.get('/self', user, async (req) => ok(await logs.listOwn(req.actor!, req.query)));
  app.get('/agent', agent, async (req) => ok(await logs.listAgent(req.actor!, req.query)));
  app.get('/stat', admin, async (req) => ok(await logs.statAll(req.query)));
  app.get('/self/stat', user, async (req) => ok(await logs.statOwn(req.actor!, req.query)));
  app.get('/agent/stat', agent, async (req) => ok(await logs.statAgent(req.actor!, req.query)));
  app.delete('/', { config: { auth: 'admin' }, schema: { querystring: LogClearQuerySchema } }, async (req) => {
    const count = await logs.clearBefore(req.query.target_timestamp ?? 0);
    return ok(count, translate(req.lang, 'log.cleared', { count }));
  });
}
