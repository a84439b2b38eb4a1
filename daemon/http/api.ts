// Every /api resource with its prefix, listed explicitly (no folder discovery in a bundled binary).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import setupRoutes from '../modules/setup/setup.routes.js';
import siteRoutes from '../modules/site/site.routes.js';
import contentPreviewRoutes from '../modules/site/content-preview.routes.js';
import userRoutes from '../modules/user/user.routes.js';
import selfRoutes from '../modules/self/self.routes.js';
import userAdminRoutes from '../modules/user/user-admin.routes.js';
import groupRoutes from '../modules/group/group.routes.js';
import channelRoutes from '../modules/channel/channel.routes.js';
import tokenRoutes from '../modules/token/token.routes.js';
import logRoutes from '../modules/log/log.routes.js';
import optionRoutes from '../modules/option/option.routes.js';
import oauthRoutes from '../modules/oauth/oauth.routes.js';
import accountRoutes from '../modules/account/account.routes.js';
import topUpRoutes from '../modules/topup/topup.routes.js';
import pricingRoutes from '../modules/pricing/pricing.routes.js';
import redemptionRoutes from '../modules/redemption/redemption.routes.js';
import redeemRoutes from '../modules/redemption/redeem.routes.js';
import orderRoutes from '../modules/orders/order.routes.js';
import invoiceRoutes from '../modules/invoice/invoice.routes.js';
import agentRoutes from '../modules/agent/agent.routes.js';
import settlementRoutes from '../modules/settlement/settlement.routes.js';

export const apiRoutes: Array<[prefix: string, plugin: (app: FastifyInstance) => Promise<void>]> = [
  ['/api/setup', setupRoutes],
  ['/api', siteRoutes],
  ['/api/content', contentPreviewRoutes],
  ['/api/user', userRoutes],
  ['/api/user', selfRoutes],
  ['/api/user', userAdminRoutes],
  ['/api/group', groupRoutes],
  ['/api/channel', channelRoutes],
  ['/api/token', tokenRoutes],
  ['/api/log', logRoutes],
  ['/api/option', optionRoutes],
  ['/api/oauth', oauthRoutes],
  ['/api', accountRoutes],
  ['/api/user', topUpRoutes],
  ['/api', pricingRoutes],
  ['/api/redemption', redemptionRoutes],
  ['/api/user', redeemRoutes],
  ['/api/user', orderRoutes],
  ['/api/user', invoiceRoutes],
  ['/api', agentRoutes],
  ['/api/user', settlementRoutes],
];

/**
 * new-api's web client and scripts written for it send filters they leave blank (`channel=`, `user_id=`): blank means
 * "no filter", so such keys are dropped before the query is validated. Only /api routes (the relay never sees this).
 */
export function dropEmptyQueryValues(req: FastifyRequest, _reply: unknown, done: () => void): void {
  const query = req.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object') {
    for (const key of Object.keys(query)) if (query[key] === '') delete query[key];
  }
  done();
}

export async function registerApi(app: FastifyInstance): Promise<void> {
  await app.register(async (api) => {
    api.addHook('preValidation', dropEmptyQueryValues);
    for (const [prefix, plugin] of apiRoutes) await api.register(plugin, { prefix });
  });
}
