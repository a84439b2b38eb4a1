// Top-up orders under /api/user (spec 3 §7 "Orders, invoices"): the signed-in user's own at /self/orders (agents:
// their sub-users' with all_user), every order at /orders for admins.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { OrderQuerySchema } from './order.schemas.js';

export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { orders } = app.services;

  app.get('/self/orders', { config: { auth: 'user' }, schema: { querystring: OrderQuerySchema } }, async (req) =>
    ok(await orders.listSelf(req.actor!, req.query)));

  app.get('/orders', { config: { auth: 'admin' }, schema: { querystring: OrderQuerySchema } }, async (req) => ok(await orders.listAll(req.query)));
}
