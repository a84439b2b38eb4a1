// The signed-in user's own account calls under /api/user (spec 1 §7). GET /self (and sign-in) live in
// user.routes.ts; this plugin is registered under the same prefix.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { AffTransferSchema, NotifySettingsSchema, SelfUpdateSchema } from '../../contract/schemas.js';
import type { NotifySettingsRequest } from '../../contract/self.js';
import { translate } from '../../i18n/translate.js';
import { clearSessionCookie, sessionIdOf } from '../../http/plugins/auth.js';

export default async function selfRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { selfService: account } = app.services;
  const user = { auth: 'user' as const };

  // A password change checks the current password: the strict per-IP limit keeps guessing slow.
  app.put('/self', { config: { auth: 'user', rateLimit: 'critical' }, schema: { body: SelfUpdateSchema } }, async (req) => {
    const session = req.authVia === 'session' ? sessionIdOf(req) : null;
    const r = await account.update(req.actor!, req.body, session);
    return ok(undefined, translate(req.lang, r.passwordChanged ? 'self.password_changed' : 'self.updated'));
  });

  app.delete('/self', { config: user }, async (req, reply) => {
    await account.deactivate(req.actor!);
    clearSessionCookie(reply);
    return ok(undefined, translate(req.lang, 'self.deleted'));
  });

  app.get('/token', { config: user }, async (req) => ok(await account.resetAccessToken(req.actor!)));

  app.get('/aff', { config: user }, async (req) => ok(await account.affCode(req.actor!)));

  app.post('/aff_transfer', { config: user, schema: { body: AffTransferSchema } }, async (req) => {
    await account.affTransfer(req.actor!, req.body.quota, req.lang);
    return ok(undefined, translate(req.lang, 'self.aff_transferred'));
  });

  app.get('/models', { config: user }, async (req) => ok(await account.models(req.actor!)));

  app.get('/self/groups', { config: user }, async (req) => ok(await account.groups(req.actor!, req.lang)));

  app.put('/setting', { config: user, schema: { body: NotifySettingsSchema } }, async (req) =>
    ok(await account.updateNotifySettings(req.actor!, req.body as NotifySettingsRequest, req.lang), translate(req.lang, 'self.setting_saved')));
}
