// Redemption code management under /api/redemption (spec 3 §7 "Redemptions"): administrators only. Lists answer
// {items, total, page, page_size} with a 1-based `p`; create answers the new keys; the rest one code or nothing.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import type { Page } from '../../contract/paging.js';
import {
  RedemptionCreateSchema, RedemptionIdParamsSchema, RedemptionListQuerySchema, RedemptionSearchQuerySchema,
  RedemptionUpdateQuerySchema, RedemptionUpdateSchema,
} from './redemption.schemas.js';
import { toRedemptionView } from './redemption.view.js';
import type { Redemption } from './redemption.entity.js';

const viewPage = (page: Page<Redemption>) => ({ ...page, items: page.items.map(toRedemptionView) });

export default async function redemptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { redemptions } = app.services;
  const admin = { auth: 'admin' as const };

  app.get('/', { config: admin, schema: { querystring: RedemptionListQuerySchema } }, async (req) =>
    ok(viewPage(await redemptions.list(req.actor!, req.query))));

  app.get('/search', { config: admin, schema: { querystring: RedemptionSearchQuerySchema } }, async (req) =>
    ok(viewPage(await redemptions.search(req.actor!, req.query))));

  app.get('/:id', { config: admin, schema: { params: RedemptionIdParamsSchema } }, async (req) =>
    ok(toRedemptionView(await redemptions.get(req.actor!, req.params.id))));

  app.post('/', { config: admin, schema: { body: RedemptionCreateSchema } }, async (req) =>
    ok(await redemptions.create(req.actor!, req.body)));

  app.put('/', { config: admin, schema: { body: RedemptionUpdateSchema, querystring: RedemptionUpdateQuerySchema } }, async (req) => {
    const statusOnly = ['true', '1'].includes(req.query.status_only ?? '');
    return ok(toRedemptionView(await redemptions.update(req.actor!, req.body, statusOnly)));
  });

  // The spec's client calls DELETE /api/redemption/{id}/ (with the slash); the router serves both forms (ignoreTrailingSlash).
  app.delete('/:id', { config: admin, schema: { params: RedemptionIdParamsSchema } }, async (req) => {
    await redemptions.remove(req.actor!, req.params.id);
    return ok();
  });
}
