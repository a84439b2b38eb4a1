// Public, pre-login calls: status, notice, about, home page content (spec 1 §3, spec 2 §7). Each answers with the
// white-label values of the agent the request belongs to (design agents.md §5: its domain, or a signed-in agent or
// sub-user), falling back key by key to the site's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../contract/envelope.js';
import { renderPageContent, sanitizeContent } from '../../app/content.js';
import { VERSION } from '../../app/version.js';
import { buildPublicStatus } from './public-status.js';

export default async function siteRoutes(app: FastifyInstance) {
  const { branding, setup, startTime, config } = app.services;
  const authorizeUrls = { github: config.oauth.github.authorize_url, linuxdo: config.oauth.linuxdo.authorize_url };
  const notice = branding.memo((o) => sanitizeContent(o.get('Notice')));
  const about = branding.memo((o) => renderPageContent(o.get('About')));
  const home = branding.memo((o) => renderPageContent(o.get('HomePageContent')));
  const footer = branding.memo((o) => sanitizeContent(o.get('Footer')));
  const publicConfig = { config: { auth: 'public' as const } };
  const agentOf = (req: FastifyRequest) => branding.agentFor(req.actor, req.hostname);

  app.get('/status', publicConfig, async (req) => {
    const agent = agentOf(req);
    return ok(buildPublicStatus(branding.options(agent), { version: VERSION, startTime, setup: setup.isDone(), footerHtml: footer(agent), authorizeUrls }));
  });
  app.get('/notice', publicConfig, async (req) => ok(notice(agentOf(req))));
  app.get('/about', publicConfig, async (req) => ok(about(agentOf(req))));
  app.get('/home_page_content', publicConfig, async (req) => ok(home(agentOf(req))));
}
