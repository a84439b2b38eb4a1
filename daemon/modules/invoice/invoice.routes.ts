// Invoice requests under /api/user (spec 3 §7 "Orders, invoices"): the invoiceable total, applying, the own list
// (agents: their sub-users' with all_user) and, for admins, every request and the review.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { translate } from '../../i18n/translate.js';
import { InvoiceApplySchema, InvoiceQuerySchema, InvoiceReviewSchema } from './invoice.schemas.js';

export default async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { invoices } = app.services;
  const user = { auth: 'user' as const };
  const admin = { auth: 'admin' as const };

  app.get('/total/invoice', { config: user }, async (req) => ok(await invoices.invoiceable(req.actor!)));

  app.post('/invoice', { config: user, schema: { body: InvoiceApplySchema } }, async (req) => {
    const b = req.body;
    const row = await invoices.apply(req.actor!, {
      customer_name: b.customer_name ?? '', customer_tax_id: b.customer_tax_id ?? '', email: b.email ?? '',
      total_amount: b.total_amount ?? '', types: b.types, remark: b.remark,
    });
    return ok(row, translate(req.lang, 'invoice.applied'));
  });

  app.get('/self/invoice', { config: user, schema: { querystring: InvoiceQuerySchema } }, async (req) =>
    ok(await invoices.listSelf(req.actor!, req.query)));

  app.get('/invoice', { config: admin, schema: { querystring: InvoiceQuerySchema } }, async (req) => ok(await invoices.listAll(req.query)));

  app.put('/invoice', { config: admin, schema: { body: InvoiceReviewSchema } }, async (req) =>
    ok(await invoices.review(req.body), translate(req.lang, 'invoice.reviewed')));
}
