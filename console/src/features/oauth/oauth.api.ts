// Typed calls of third-party sign-in and binding (spec 1 §7 "Third-party sign-in and binding", spec 3 §7).
import type { PublicStatus } from '@contract/status';
import type { LoginUser } from '@contract/user';
import { oauthCallbackPath, type OAuthCodeProvider, type TelegramLogin } from '@contract/oauth';
import type { ApiClient, RequestOptions } from '../../api/client';

const q = (params: Record<string, string | undefined>): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) s.set(k, v);
  const text = s.toString();
  return text ? `?${text}` : '';
};

/** A one-time state for this browser; `aff` is kept for a registration that may follow. */
export const fetchOAuthState = (api: ApiClient, aff?: string | null) => api.get<string>(`/api/oauth/state${q({ aff: aff ?? undefined })}`);

/** The provider's authorize page, with the client id and state (spec 3 §7). */
export function authorizeUrl(status: PublicStatus, provider: OAuthCodeProvider, state: string): string {
  if (provider === 'github') {
    return `${status.github_authorize_url}${q({ client_id: status.github_client_id, state, scope: 'user:email' })}`;
  }
  // LinuxDO checks redirect_uri against the registered one; the gateway sends the same one when it exchanges the code.
  const redirect = `${status.server_address.replace(/\/+$/, '')}${oauthCallbackPath('linuxdo')}`;
  return `${status.linuxdo_authorize_url}${q({ response_type: 'code', client_id: status.linuxdo_client_id, state, redirect_uri: redirect })}`;
}

/**
 * The callback, with what the provider put in the query (code and state; error and error_description when the
 * person declined). Data is the user after a sign-in; nothing (message 'bind') after a binding.
 */
export const finishOAuth = (api: ApiClient, provider: OAuthCodeProvider, query: Record<string, string>, options?: RequestOptions) => {
  const { code, state, error, error_description: errorDescription } = query;
  return api.get<LoginUser | undefined>(`/api/oauth/${provider}${q({ code, state, error, error_description: errorDescription })}`, options);
};

/** `aff`: the remembered invite code, for a sign-up that follows (it joins that code's agent, design agents.md §1). */
export const wechatLogin = (api: ApiClient, code: string, aff?: string | null) =>
  api.get<LoginUser>(`/api/oauth/wechat${q({ code, aff: aff ?? undefined })}`);
export const wechatBind = (api: ApiClient, code: string) => api.get<void>(`/api/oauth/wechat/bind${q({ code })}`);

export const telegramLogin = (api: ApiClient, fields: TelegramLogin) => api.get<LoginUser>(`/api/oauth/telegram/login${q(fields)}`);
export const telegramBind = (api: ApiClient, fields: TelegramLogin) => api.get<void>(`/api/oauth/telegram/bind${q(fields)}`);

export const emailBind = (api: ApiClient, email: string, code: string) => api.get<void>(`/api/oauth/email/bind${q({ email, code })}`);
