// /api/option (spec 2 §7): the option lists by role and one-key saves (an agent's go to its own white-label copy).
// Rules and scope checks are in the service.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { OptionUpdateSchema } from '../../contract/schemas.js';
import { translate } from '../../i18n/translate.js';
import { OptionService } from './option.service.js';

export default async function optionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { options, agentOptions, branding } = app.services;
  const settings = new OptionService(options, { own: agentOptions, branding });
  const admin = { config: { auth: 'admin' as const } };
  const agent = { config: { auth: 'agent' as const } };

  app.get('/all', admin, async () => ok(settings.listAll()));
  app.get('/agent', agent, async (req) => ok(settings.listAgent(req.actor!)));
  app.get('/', agent, async (req) => ok(settings.listFor(req.actor!)));
  app.put('/', { ...agent, schema: { body: OptionUpdateSchema } }, async (req) => {
    const r = await settings.update(req.actor!, req.body.key, req.body.value);
    return ok(r.items, translate(req.lang, r.message));
  });
  app.post('/rest_model_ratio', admin, async (req) => {
    await settings.resetModelRatio(req.actor!);
    return ok(undefined, translate(req.lang, 'option.model_ratio_reset'));
  });
}
