// Every /api resource with its prefix, listed explicitly (no folder discovery in a bundled binary).
import type { FastifyInstance } from 'fastify';
import setupRoutes from '../modules/setup/setup.routes.js';
import siteRoutes from '../modules/site/site.routes.js';
import userRoutes from '../modules/user/user.routes.js';
import channelRoutes from '../modules/channel/channel.routes.js';
import tokenRoutes from '../modules/token/token.routes.js';
import logRoutes from '../modules/log/log.routes.js';

export const apiRoutes: Array<[prefix: string, plugin: (app: FastifyInstance) => Promise<void>]> = [
  ['/api/setup', setupRoutes],
  ['/api', siteRoutes],
  ['/api/user', userRoutes],
  ['/api/channel', channelRoutes],
  ['/api/token', tokenRoutes],
  ['/api/log', logRoutes],
];

export async function registerApi(app: FastifyInstance): Promise<void> {
  for (const [prefix, plugin] of apiRoutes) await app.register(plugin, { prefix });
}
