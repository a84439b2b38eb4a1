// The owner's API tokens (spec 3 §7 "Tokens"). Lists answer a bare array with a 0-based `p` and `size`
// (reference §0); the other calls answer one token, or the created ones. Signed-in users only.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import {
  TokenCreateSchema, TokenIdParamsSchema, TokenListQuerySchema, TokenSearchQuerySchema, TokenUpdateQuerySchema,
  TokenUpdateSchema,
} from '../../contract/schemas.js';
import { toTokenView } from './token.view.js';

export default async function tokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { tokens } = app.services;
  const user = { auth: 'user' as const };

  app.get('/', { config: user, schema: { querystring: TokenListQuerySchema } }, async (req) =>
    ok((await tokens.list(req.actor!, req.query)).map(toTokenView)));

  app.get('/search', { config: user, schema: { querystring: TokenSearchQuerySchema } }, async (req) =>
    ok((await tokens.search(req.actor!, req.query)).map(toTokenView)));

  app.get('/:id', { config: user, schema: { params: TokenIdParamsSchema } }, async (req) =>
    ok(toTokenView(await tokens.get(req.actor!, req.params.id))));

  app.post('/', { config: user, schema: { body: TokenCreateSchema } }, async (req) =>
    ok((await tokens.create(req.actor!, req.body)).map(toTokenView)));

  app.put('/', { config: user, schema: { body: TokenUpdateSchema, querystring: TokenUpdateQuerySchema } }, async (req) => {
    const statusOnly = ['true', '1'].includes(req.query.status_only ?? '');
    return ok(toTokenView(await tokens.update(req.actor!, req.body, statusOnly)));
  });

  // The spec's client calls DELETE /api/token/{id}/ (with the slash); the router serves both forms (ignoreTrailingSlash).
  app.delete('/:id', { config: user, schema: { params: TokenIdParamsSchema } }, async (req) => {
    await tokens.remove(req.actor!, req.params.id);
    return ok();
  });
}
