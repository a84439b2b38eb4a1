// The agent's payout account and settlements under /api/user (spec 3 §7 "Orders, invoices, agents, settlement";
// design agents.md §3): PUT /agent saves the account, POST /profit asks for a settlement, GET /clearing lists them
// (the agent's own; every row for admins), PUT /clearing is the administrator's review. GET /profit (admins' profit
// orders) shares its path with POST /profit and lives in the orders module.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { translate } from '../../i18n/translate.js';
import { AgentAccountSchema, SettlementApplySchema, SettlementQuerySchema, SettlementReviewSchema } from './settlement.schemas.js';

export default async function settlementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { settlements } = app.services;
  const agent = { auth: 'agent' as const };
  const admin = { auth: 'admin' as const };

  app.put('/agent', { config: agent, schema: { body: AgentAccountSchema } }, async (req) => {
    await settlements.saveAccount(req.actor!, req.body);
    return ok(undefined, translate(req.lang, 'settlement.saved'));
  });

  app.post('/profit', { config: agent, schema: { body: SettlementApplySchema } }, async (req) =>
    ok(await settlements.apply(req.actor!, req.body), translate(req.lang, 'settlement.applied')));

  app.get('/clearing', { config: agent, schema: { querystring: SettlementQuerySchema } }, async (req) =>
    ok(await settlements.list(req.actor!, req.query)));

  app.put('/clearing', { config: admin, schema: { body: SettlementReviewSchema } }, async (req) =>
    ok(await settlements.review(req.body), translate(req.lang, 'settlement.reviewed')));
}
