// Channel management (spec 3 §7 "Channels"; reference §1.2): administrators only. Lists answer a bare array with a
// 0-based `p` and `page_size` (reference §0). Test and balance answers also carry new-api's top-level `time` and
// `balance`. No answer holds a channel key.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import {
  ChannelBatchTagSchema, ChannelCreateSchema, ChannelFetchModelsSchema, ChannelIdParamsSchema, ChannelIdsSchema,
  ChannelListQuerySchema, ChannelSearchQuerySchema, ChannelTagEditSchema, ChannelTagSchema, ChannelTestQuerySchema,
  ChannelUpdateSchema,
} from '../../contract/schemas.js';
import { ChannelStatus } from '../../contract/roles.js';
import { translate } from '../../i18n/translate.js';

export default async function channelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { channels } = app.services;
  const admin = { auth: 'admin' as const };
  const byId = { params: ChannelIdParamsSchema };

  app.get('/', { config: admin, schema: { querystring: ChannelListQuerySchema } }, async (req) =>
    ok(await channels.list(req.actor!, req.query)));

  app.get('/search', { config: admin, schema: { querystring: ChannelSearchQuerySchema } }, async (req) =>
    ok(await channels.search(req.actor!, req.query)));

  app.get('/models', { config: admin }, async (req) => ok(channels.knownModels(req.actor!)));

  app.get('/models_enabled', { config: admin }, async (req) => ok(await channels.enabledModels(req.actor!)));

  // Test all: runs in the background, answers at once.
  app.get('/test', { config: admin }, async (req) => {
    channels.startTestAll(req.actor!, req.lang, (e) => req.log.error({ err: e }, 'channel test-all'));
    return ok(undefined, translate(req.lang, 'channel.test_all_started'));
  });

  app.get('/test/:id', { config: admin, schema: { ...byId, querystring: ChannelTestQuerySchema } }, async (req) => {
    const r = await channels.test(req.actor!, req.params.id, req.query.model, req.lang);
    if (r.error) return { success: false, message: translate(req.lang, r.error.key, r.error.params), time: r.time };
    return { ...ok({ time: r.time, model: r.model }), time: r.time };
  });

  app.get('/update_balance', { config: admin }, async (req) => ok(await channels.updateAllBalances(req.actor!, req.lang)));

  app.get('/update_balance/:id', { config: admin, schema: byId }, async (req) => {
    const r = await channels.updateBalance(req.actor!, req.params.id, req.lang);
    return { ...ok(r), balance: r.balance };
  });

  app.get('/fetch_models/:id', { config: admin, schema: byId }, async (req) =>
    ok(await channels.fetchModelsOf(req.actor!, req.params.id, req.lang)));

  app.post('/fetch_models', { config: admin, schema: { body: ChannelFetchModelsSchema } }, async (req) =>
    ok(await channels.fetchModels(req.actor!, req.body, req.lang)));

  app.delete('/disabled', { config: admin }, async (req) => ok(await channels.removeDisabled(req.actor!)));

  app.post('/batch', { config: admin, schema: { body: ChannelIdsSchema } }, async (req) =>
    ok(await channels.removeMany(req.actor!, req.body.ids)));

  app.post('/fix', { config: admin }, async (req) => ok(await channels.fixAbilities(req.actor!)));

  app.put('/tag', { config: admin, schema: { body: ChannelTagEditSchema } }, async (req) =>
    ok(await channels.editTag(req.actor!, req.body)));

  app.post('/tag/enabled', { config: admin, schema: { body: ChannelTagSchema } }, async (req) =>
    ok(await channels.setTagStatus(req.actor!, req.body.tag, ChannelStatus.enabled)));

  app.post('/tag/disabled', { config: admin, schema: { body: ChannelTagSchema } }, async (req) =>
    ok(await channels.setTagStatus(req.actor!, req.body.tag, ChannelStatus.disabled)));

  app.post('/batch/tag', { config: admin, schema: { body: ChannelBatchTagSchema } }, async (req) =>
    ok(await channels.setTagOf(req.actor!, req.body.ids, req.body.tag)));

  app.get('/:id', { config: admin, schema: byId }, async (req) => ok(await channels.get(req.actor!, req.params.id)));

  app.post('/', { config: admin, schema: { body: ChannelCreateSchema } }, async (req) =>
    ok(await channels.create(req.actor!, req.body)));

  app.put('/', { config: admin, schema: { body: ChannelUpdateSchema } }, async (req) =>
    ok(await channels.update(req.actor!, req.body)));

  // The spec's client calls DELETE /api/channel/{id}/ (with the slash); the router serves both forms (ignoreTrailingSlash).
  app.delete('/:id', { config: admin, schema: byId }, async (req) => {
    await channels.remove(req.actor!, req.params.id);
    return ok();
  });
}
