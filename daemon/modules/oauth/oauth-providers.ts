// The OAuth code exchange with GitHub and LinuxDO (reference §7.7): code -> access token -> the provider's user.
// Endpoints come from the configuration (config `oauth.*`), client ids and secrets from the options. The
// redirect_uri is built from the ServerAddress option, never from the request's Host header (lessons §2a).
import type { GatewayConfig } from '../../../config/schema.js';
import type { OptionKey } from '../../contract/options.js';
import { oauthCallbackPath, type OAuthCodeProvider } from '../../contract/oauth.js';
import { OutboundError, outboundRequest, type OutboundRequest, type OutboundResponse } from '../../app/outbound.js';
import { ServiceError } from '../../app/errors.js';

/** Who the provider says signed in. `id` is the stable account id, stored in the user's binding field. */
export interface ExternalProfile {
  id: string;
  displayName: string;
  email: string;
}

export interface CodeProvider {
  provider: OAuthCodeProvider;
  /** Name shown in messages. */
  label: string;
  enabledOption: OptionKey;
  clientIdOption: OptionKey;
  secretOption: OptionKey;
  /** New users are called `<prefix>_<id>` (reference §7.7). */
  usernamePrefix: string;
  field: 'github_id' | 'linux_do_id';
}

export const CODE_PROVIDERS: Record<OAuthCodeProvider, CodeProvider> = {
  github: {
    provider: 'github', label: 'GitHub', enabledOption: 'GitHubOAuthEnabled', clientIdOption: 'GitHubClientId',
    secretOption: 'GitHubClientSecret', usernamePrefix: 'github', field: 'github_id',
  },
  linuxdo: {
    provider: 'linuxdo', label: 'LinuxDO', enabledOption: 'LinuxDOOAuthEnabled', clientIdOption: 'LinuxDOClientId',
    secretOption: 'LinuxDOClientSecret', usernamePrefix: 'linuxdo', field: 'linux_do_id',
  },
};

export interface ExchangeInput {
  code: string;
  clientId: string;
  clientSecret: string;
  /** ServerAddress without a trailing slash. */
  serverAddress: string;
}

const DETAIL_MAX = 200;
const short = (s: unknown): string => String(s ?? '').replace(/\s+/g, ' ').trim().slice(0, DETAIL_MAX);
const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Runs the exchange for one provider; every failure is a ServiceError with a message for people. */
export async function exchangeCode(provider: OAuthCodeProvider, input: ExchangeInput, config: GatewayConfig['oauth']): Promise<ExternalProfile> {
  const label = CODE_PROVIDERS[provider].label;
  const call = async (url: string, init: Omit<OutboundRequest, 'timeoutMs'>): Promise<OutboundResponse> => {
    try {
      return await outboundRequest(url, { ...init, timeoutMs: config.timeout_ms, maxBytes: 1024 * 1024 });
    } catch (e) {
      if (e instanceof OutboundError) throw new ServiceError('oauth.provider_unreachable', { provider: label });
      throw e;
    }
  };
  const endpoints = config[provider];
  const token = provider === 'github'
    ? await call(endpoints.token_url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'gateway' },
      body: JSON.stringify({ client_id: input.clientId, client_secret: input.clientSecret, code: input.code }),
    })
    : await call(endpoints.token_url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${input.clientId}:${input.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code', code: input.code, redirect_uri: `${input.serverAddress}${oauthCallbackPath('linuxdo')}`,
      }).toString(),
    });
  const tokenBody = asObject(token.json);
  const accessToken = typeof tokenBody.access_token === 'string' ? tokenBody.access_token : '';
  if (token.status >= 400 || !accessToken) {
    const detail = short(tokenBody.error_description ?? tokenBody.message ?? tokenBody.error) || `HTTP ${token.status}`;
    throw new ServiceError('oauth.provider_error', { provider: label, detail });
  }
  const user = await call(endpoints.user_url, {
    headers: {
      accept: provider === 'github' ? 'application/vnd.github+json' : 'application/json',
      authorization: `Bearer ${accessToken}`,
      'user-agent': 'gateway',
    },
  });
  const u = asObject(user.json);
  // GitHub: the numeric id, which never changes; a login can be renamed and then taken by someone else.
  const id = typeof u.id === 'number' && Number.isSafeInteger(u.id) && u.id > 0 ? String(u.id) : '';
  if (user.status >= 400 || !id) throw new ServiceError('oauth.user_info_empty', { provider: label });
  const name = short(u.name) || short(u.login ?? u.username);
  return {
    id,
    displayName: name.slice(0, 64) || (provider === 'github' ? 'GitHub User' : 'LinuxDO User'),
    email: provider === 'github' && typeof u.email === 'string' && u.email.length <= 255 ? u.email : '',
  };
}
