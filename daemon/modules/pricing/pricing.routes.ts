// The pricing page's calls under /api (spec 3 §7 "Pricing"; reference §1.2): GET /pricing and /tags are public
// (a signed-in caller is recognised and priced in their own groups), GET /models needs a signed-in user.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../contract/envelope.js';

export default async function pricingRoutes(app: FastifyInstance) {
  const { pricing } = app.services;
  const visitor = { auth: 'public' as const };

  app.get('/pricing', { config: visitor }, async (req) => ok(await pricing.pricing(req.actor, req.lang)));

  app.get('/tags', { config: visitor }, async () => ok(await pricing.tags()));

  app.get('/models', { config: { auth: 'user' } }, async (req) => ok(await pricing.modelsByChannelType(req.actor!, req.lang)));
}
