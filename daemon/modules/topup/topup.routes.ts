// Online top-up under /api/user (spec 3 "Wallet / top-up"; reference §8.2–8.3): quote, pay, the return page's order
// status, and the payment provider's callback (public: the provider has no session; the signature is the check).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { TopUpOrderQuerySchema, TopUpPaySchema, TopUpQuoteSchema } from './topup.schemas.js';
import { plainFields } from './epay-notify-check.js';
import type { NotifyOutcome } from './topup.service.js';

export default async function topUpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { topups } = app.services;
  const user = { auth: 'user' as const };

  app.post('/amount', { config: user, schema: { body: TopUpQuoteSchema } }, async (req) => ok(await topups.quote(req.actor!, req.body)));

  // A buyer paying on an agent's domain comes back to that domain (its branding, its session), not the site's.
  app.post('/pay', { config: user, schema: { body: TopUpPaySchema } }, async (req) => {
    const onAgentDomain = app.services.branding.agentFor(null, req.hostname) > 0;
    const returnBase = onAgentDomain ? `${req.protocol}://${req.host}` : undefined;
    return ok(await topups.pay(req.actor!, { ...req.body, payment_method: req.body.payment_method ?? '' }, returnBase));
  });

  app.get('/topup/order', { config: user, schema: { querystring: TopUpOrderQuerySchema } }, async (req) =>
    ok(await topups.order(req.actor!, req.query.trade_no)));

  // Providers call back with GET (query) or POST (form); this plugin alone reads forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const notify = async (req: FastifyRequest, reply: FastifyReply, input: unknown) => {
    const fields = plainFields(input);
    let outcome: NotifyOutcome = { answer: 'fail', tradeNo: fields?.out_trade_no ?? '', credited: 0, warning: 'a field was sent twice' };
    try {
      if (fields) outcome = await topups.notify(fields);
    } catch (err) {
      // the provider retries on 'fail'; nothing was committed
      req.log.error({ err, trade_no: outcome.tradeNo }, 'epay notify failed');
      return reply.type('text/plain; charset=utf-8').send('fail');
    }
    if (outcome.warning) req.log.warn({ trade_no: outcome.tradeNo, reason: outcome.warning }, 'epay notify: nothing credited');
    else if (outcome.credited > 0) req.log.info({ trade_no: outcome.tradeNo, quota: outcome.credited }, 'epay notify: top-up credited');
    return reply.type('text/plain; charset=utf-8').send(outcome.answer);
  };
  // the provider's callbacks are exempt from the per-IP /api limit: the signature is checked before any database work
  const pub = { auth: 'public' as const, rateLimit: 'exempt' as const };
  app.get('/epay/notify', { config: pub }, (req, reply) => notify(req, reply, req.query));
  app.post('/epay/notify', { config: pub }, (req, reply) => notify(req, reply, req.body));
}
