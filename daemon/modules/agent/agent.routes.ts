// Agent administration under /api (spec 3 §7 "Orders, invoices, agents, settlement"): the admins' agent table and
// add-agent drawer, an agent's own row, and the public agent rules. Deleting an agent goes through
// POST /api/user/manage (its user is deleted, design agents.md §1).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { AddAgentSchema, AgentSearchQuerySchema, PageQuerySchema } from '../../contract/schemas.js';
import { ServiceError } from '../../app/errors.js';
import { renderPageContent } from '../../app/content.js';
import { translate } from '../../i18n/translate.js';

export default async function agentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { agents, branding } = app.services;
  // The rules are the site's (AgentPageContent is not a white-label key); rendered once per change of the options.
  const rules = branding.memo((o) => renderPageContent(o.get('AgentPageContent')));

  app.post('/user/add/agents', { config: { auth: 'admin' }, schema: { body: AddAgentSchema } }, async (req) =>
    ok(await agents.add(req.actor!, req.body), translate(req.lang, 'agent.created')));

  app.get('/user/search/agents', { config: { auth: 'admin' }, schema: { querystring: AgentSearchQuerySchema } }, async (req) =>
    ok(await agents.search(req.actor!, req.query)));

  app.get('/user/agents', { config: { auth: 'agent' }, schema: { querystring: PageQuerySchema } }, async (req) =>
    ok(await agents.list(req.actor!, req.query)));

  app.get('/agent_page_content', { config: { auth: 'public' } }, async () => {
    try {
      return ok(rules(0));
    } catch {
      throw new ServiceError('agent.page_content_failed');
    }
  });
}
