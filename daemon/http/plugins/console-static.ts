// Serves the built console with an SPA fallback; unknown /api and /v1 paths answer JSON 404 instead.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { packageRoot } from '../../../config/paths.js';
import { translate } from '../../i18n/translate.js';

// A missing asset must not be answered with index.html (the browser would run HTML as a script).
const API_PREFIXES = ['/api/', '/v1/', '/v1beta/', '/mj/', '/suno/', '/dashboard/', '/assets/'];
const isApiPath = (url: string) => url === '/api' || url === '/v1' || API_PREFIXES.some((p) => url.startsWith(p));

export const consoleDir = (configured: string): string =>
  configured ? resolve(configured) : join(packageRoot(), 'console', 'dist');

export const consoleStaticPlugin = fp(async (app: FastifyInstance) => {
  const cfg = app.services.config.console;
  const root = consoleDir(cfg.dir);
  const serveConsole = cfg.enabled && existsSync(join(root, 'index.html'));
  if (cfg.enabled && !serveConsole)
    app.log.warn(`console not found at ${root}: run "npm run build" (only /api and the relay will answer)`);
  if (serveConsole) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true, // files are looked up per request, so a rebuilt console is served without a restart
      index: 'index.html',
      cacheControl: false,
      // Hashed asset names may be cached for good; index.html never, so a new release is picked up at once.
      setHeaders: (res, path) =>
        res.setHeader('Cache-Control', path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    if (!serveConsole || isApiPath(path) || req.method !== 'GET') {
      if (path.startsWith('/v1')) {
        return reply.status(404).send({
          error: { message: `Invalid URL (${req.method} ${path})`, type: 'invalid_request_error', param: '', code: '' },
        });
      }
      return reply.status(404).send({ success: false, message: translate(req.lang, 'generic.not_found', { method: req.method, path }) });
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
});
