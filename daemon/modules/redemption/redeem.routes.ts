// POST /api/user/topup {key} (spec 3 §7 "Wallet"): any signed-in user redeems a code; the answer's data is the quota
// credited. Limits on guessing live in the service (per user and per IP), not in a route-level lock.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { RedeemSchema } from './redemption.schemas.js';

export default async function redeemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { redeem } = app.services;

  app.post('/topup', { config: { auth: 'user' }, schema: { body: RedeemSchema } }, async (req) =>
    ok(await redeem.redeem(req.actor!, req.body.key, req.ip)));
}
