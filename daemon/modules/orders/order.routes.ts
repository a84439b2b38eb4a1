// Top-up orders under /api/user (spec 3 §7 "Orders, invoices"): the signed-in user's own at /self/orders (agents:
// their sub-users' with all_user), every order at /orders for admins; the profit orders (with the agent's
// commission) at /agent/profit for an agent and GET /profit for admins (POST /profit is a settlement request, in
// modules/settlement).
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

  app.get('/agent/profit', { config: { auth: 'agent' }, schema: { querystring: OrderQuerySchema } }, async (req) =>
    ok(await orders.listAgentProfit(req.actor!, req.query)));

  app.get('/profit', { config: { auth: 'admin' }, schema: { querystring: OrderQuerySchema } }, async (req) => ok(await orders.listProfit(req.query)));
}
