// Public, pre-login calls: status, notice, about, home page content (spec 1 §3, spec 2 §7).
import type { FastifyInstance } from 'fastify';
import { ok } from '../../contract/envelope.js';
import { memoByVersion, renderPageContent, sanitizeContent } from '../../app/content.js';
import { VERSION } from '../../app/version.js';
import { buildPublicStatus } from './public-status.js';

export default async function siteRoutes(app: FastifyInstance) {
  const { options, setup, startTime, config } = app.services;
  const authorizeUrls = { github: config.oauth.github.authorize_url, linuxdo: config.oauth.linuxdo.authorize_url };
  const version = () => options.version;
  const notice = memoByVersion(() => sanitizeContent(options.get('Notice')), version);
  const about = memoByVersion(() => renderPageContent(options.get('About')), version);
  const home = memoByVersion(() => renderPageContent(options.get('HomePageContent')), version);
  const footer = memoByVersion(() => sanitizeContent(options.get('Footer')), version);
  const publicConfig = { config: { auth: 'public' as const } };

  app.get('/status', publicConfig, async () =>
    ok(buildPublicStatus(options, { version: VERSION, startTime, setup: setup.isDone(), footerHtml: footer(), authorizeUrls })));
  app.get('/notice', publicConfig, async () => ok(notice()));
  app.get('/about', publicConfig, async () => ok(about()));
  app.get('/home_page_content', publicConfig, async () => ok(home()));
}
