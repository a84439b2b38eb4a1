// GET/POST /api/setup (spec 3 "Setup wizard", reference §2.7).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { SetupRequestSchema } from '../../contract/schemas.js';
import { translate } from '../../i18n/translate.js';

export default async function setupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { setup } = app.services;
  app.get('/', { config: { auth: 'public' } }, async () => ok(await setup.status()));
  app.post('/', { config: { auth: 'public', rateLimit: 'critical' }, schema: { body: SetupRequestSchema } }, async (req) => {
    await setup.init(req.body);
    return ok(undefined, translate(req.lang, 'setup.success'));
  });
}
