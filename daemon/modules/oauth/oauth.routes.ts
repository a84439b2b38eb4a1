// Third-party sign-in and binding under /api/oauth (spec 1 §7, spec 3 §7; reference §7.7).
// - GitHub and LinuxDO: GET /state gives a one-time state bound to this browser's session; the provider sends the
//   browser back to the console's /oauth/<provider> page, which calls GET /<provider>?code&state. A state issued
//   to a signed-in session binds the identity to that user (answer message 'bind'); otherwise the identity signs in,
//   registering a user when registration is open.
// - WeChat: a code from the official account, checked by the WeChat server. Telegram: the Login Widget's signed data.
// - Binding calls need a signed-in user and the New-Api-User header, which a cross-site page cannot send, so these
//   GETs cannot be triggered by another site (lessons §2a, GHSA-26v7-h57m-gh9m). Sign-ins that set a session refuse
//   requests the browser marks as cross-site (login CSRF).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import {
  OAUTH_BIND_MESSAGE, OAUTH_CONTINUE_MESSAGE, OAUTH_STATE_TTL_SECONDS, oauthCallbackPath, type OAuthCodeProvider, type OAuthContinue,
} from '../../contract/oauth.js';
import { ServiceError } from '../../app/errors.js';
import { translate } from '../../i18n/translate.js';
import { sessionIdOf, setSessionCookie } from '../../http/plugins/auth.js';
import type { User } from '../user/user.entity.js';
import { toLoginUser } from '../user/user.view.js';
import { CODE_PROVIDERS, exchangeCode } from './oauth-providers.js';
import { OAuthStateStore, stateHandoffHost } from './oauth-state.store.js';
import { normaliseHost } from '../agent/agent-directory.js';
import { ExternalAccountService } from './external-account.service.js';
import { wechatIdByCode } from './wechat-client.js';
import { checkTelegramLogin } from './telegram-auth.js';
import { emailBinder } from './email-bind.js';
import {
  CallbackQuerySchema, CodeQuerySchema, EmailBindQuerySchema, StateQuerySchema, TelegramQuerySchema, WeChatLoginQuerySchema,
} from './oauth.schemas.js';

export default async function oauthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { em, clock, options, epochs, dbKind, sessions, config } = app.services;
  const states = new OAuthStateStore(em, clock);
  const accounts = new ExternalAccountService(em, clock, options, epochs, dbKind);
  const bindEmail = emailBinder(app.services.verification, accounts);
  const signIn = { auth: 'public', rateLimit: 'critical' } as const;
  const user = { auth: 'user', rateLimit: 'critical' } as const;

  /** A fresh session for the user (the old id dies: no fixation), and the login answer. */
  const startSession = async (req: FastifyRequest, reply: FastifyReply, u: User) => {
    const old = sessionIdOf(req);
    if (old) await sessions.destroy(old);
    const id = await sessions.create(u.id, u.auth_version, req.ip);
    setSessionCookie(reply, id, sessions.maxAgeSeconds, config.session.secure_cookie);
    return ok(toLoginUser(u), translate(req.lang, 'login.success'));
  };

  /**
   * Where a callback whose state this browser does not hold should go on: the live agent domain the state names, if
   * it is not this host (the provider returned to the site's address). Only live agents' domains, so this is no open
   * redirect; the code is still unexchanged and the state still single-use, bound to the session there.
   */
  const continueUrl = (req: FastifyRequest, provider: OAuthCodeProvider, query: Record<string, string | undefined>): string | null => {
    const host = stateHandoffHost(query.state ?? '');
    if (!host || host === normaliseHost(req.hostname) || app.services.branding.agentFor(null, host) <= 0) return null;
    const port = req.port && req.port !== 80 && req.port !== 443 ? `:${req.port}` : '';
    const forward = new URLSearchParams();
    for (const k of ['code', 'state', 'error', 'error_description'] as const) if (query[k]) forward.set(k, query[k]!);
    return `${req.protocol}://${host}${port}${oauthCallbackPath(provider)}?${forward.toString()}`;
  };

  const refuseCrossSite = (req: FastifyRequest) => {
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new ServiceError('oauth.cross_site', undefined, 403);
  };

  const requireEnabled = (option: Parameters<typeof options.bool>[0], provider: string) => {
    if (!options.bool(option)) throw new ServiceError('oauth.not_enabled', { provider });
  };

  app.get('/state', { config: signIn, schema: { querystring: StateQuerySchema } }, async (req, reply) => {
    // The page's host travels in the state: the provider's callback arrives on the site's own address.
    const host = normaliseHost(req.hostname);
    const onAgentDomain = app.services.branding.agentFor(null, host) > 0;
    const issued = await states.issue(sessionIdOf(req), req.actor?.id ?? null, req.query.aff ?? '', req.ip, req.hostname, onAgentDomain ? host : '');
    if (issued.newSessionId) setSessionCookie(reply, issued.newSessionId, OAUTH_STATE_TTL_SECONDS, config.session.secure_cookie);
    return ok(issued.state);
  });

  for (const provider of Object.keys(CODE_PROVIDERS) as OAuthCodeProvider[]) {
    const p = CODE_PROVIDERS[provider];
    app.get(`/${provider}`, { config: signIn, schema: { querystring: CallbackQuerySchema } }, async (req, reply) => {
      refuseCrossSite(req);
      const { code = '', state = '', error, error_description: errorDescription } = req.query;
      const pending = await states.consume(sessionIdOf(req), state);
      if (!pending) {
        const onward = continueUrl(req, provider, req.query);
        if (onward) return ok<OAuthContinue>({ continue_url: onward }, OAUTH_CONTINUE_MESSAGE);
        throw new ServiceError('oauth.state_invalid', undefined, 403);
      }
      // The person declined at the provider (or it failed): say why, as the provider put it.
      if (error) throw new ServiceError('oauth.provider_error', { provider: p.label, detail: (errorDescription || error).slice(0, 200) });
      requireEnabled(p.enabledOption, p.label);
      const clientId = options.get(p.clientIdOption);
      const clientSecret = options.get(p.secretOption);
      if (!clientId || !clientSecret) throw new ServiceError('oauth.not_configured', { provider: p.label });
      if (!code) throw new ServiceError('oauth.code_missing');
      const profile = await exchangeCode(provider, { code, clientId, clientSecret, serverAddress: options.get('ServerAddress') }, config.oauth);
      if (pending.userId) {
        // Issued to a signed-in session: that session must still be signed in as the same user.
        if (req.actor?.id !== pending.userId) throw new ServiceError('oauth.bind_needs_login');
        await accounts.bind(pending.userId, p.field, profile.id, p.label);
        return ok(undefined, OAUTH_BIND_MESSAGE);
      }
      const u = await accounts.signIn({
        field: p.field, externalId: profile.id, label: p.label,
        register: { usernamePrefix: p.usernamePrefix, displayName: profile.displayName, email: profile.email, affCode: pending.aff, host: pending.host },
      });
      return startSession(req, reply, u);
    });
  }

  const wechatId = async (code: string | undefined) => {
    requireEnabled('WeChatAuthEnabled', 'WeChat');
    if (!code?.trim()) throw new ServiceError('oauth.wechat_code_missing');
    const server = { address: options.get('WeChatServerAddress'), token: options.get('WeChatServerToken'), timeoutMs: config.oauth.timeout_ms };
    return wechatIdByCode(code.trim(), server);
  };

  app.get('/wechat', { config: signIn, schema: { querystring: WeChatLoginQuerySchema } }, async (req, reply) => {
    refuseCrossSite(req);
    const id = await wechatId(req.query.code);
    // The code is typed into the page itself, so this request comes from the page's host; the page may pass its
    // invite code too (reference §7.7 had none; design agents.md §1 lets every sign-up join an agent).
    const u = await accounts.signIn({
      field: 'wechat_id', externalId: id, label: 'WeChat',
      register: { usernamePrefix: 'wechat', displayName: 'WeChat User', email: '', affCode: (req.query.aff ?? '').trim(), host: req.hostname },
    });
    return startSession(req, reply, u);
  });

  app.get('/wechat/bind', { config: user, schema: { querystring: CodeQuerySchema } }, async (req) => {
    await accounts.bind(req.actor!.id, 'wechat_id', await wechatId(req.query.code), 'WeChat');
    return ok(undefined, translate(req.lang, 'oauth.bound'));
  });

  /** The Telegram user id from the widget's signed fields. */
  const telegramId = (query: Record<string, string>): string => {
    requireEnabled('TelegramOAuthEnabled', 'Telegram');
    const token = options.get('TelegramBotToken');
    if (!token) throw new ServiceError('oauth.not_configured', { provider: 'Telegram' });
    const check = checkTelegramLogin(query, token, clock());
    if (!check.ok) throw new ServiceError(check.reason === 'expired' ? 'oauth.telegram_expired' : 'oauth.telegram_invalid');
    return check.id;
  };

  app.get('/telegram/login', { config: signIn, schema: { querystring: TelegramQuerySchema } }, async (req, reply) => {
    refuseCrossSite(req);
    // Telegram sign-in is for accounts already bound; there is no registration through it (reference §7.7).
    const u = await accounts.signIn({ field: 'telegram_id', externalId: telegramId(req.query), label: 'Telegram' });
    return startSession(req, reply, u);
  });

  app.get('/telegram/bind', { config: user, schema: { querystring: TelegramQuerySchema } }, async (req) => {
    await accounts.bind(req.actor!.id, 'telegram_id', telegramId(req.query), 'Telegram');
    return ok(undefined, translate(req.lang, 'oauth.bound'));
  });

  app.get('/email/bind', { config: user, schema: { querystring: EmailBindQuerySchema } }, async (req) => {
    await bindEmail(req.actor!.id, req.query.email ?? '', req.query.code ?? '');
    return ok(undefined, translate(req.lang, 'oauth.email_bound'));
  });
}
