// Third-party sign-in and binding (spec 1 §7 "Third-party sign-in and binding", spec 3 §2 "OAuth callback").

/** Providers that use the OAuth code flow with a state from GET /api/oauth/state. */
export const OAUTH_CODE_PROVIDERS = ['github', 'linuxdo'] as const;
export type OAuthCodeProvider = (typeof OAUTH_CODE_PROVIDERS)[number];

/** Every binding the personal settings show, in display order (spec 1 "Personal settings"). */
export const BINDING_KINDS = ['email', 'wechat', 'github', 'telegram', 'linuxdo'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];

/** The user field that holds each binding (spec 1 §3 User). */
export const BINDING_FIELDS = {
  email: 'email',
  wechat: 'wechat_id',
  github: 'github_id',
  telegram: 'telegram_id',
  linuxdo: 'linux_do_id',
} as const satisfies Record<BindingKind, string>;

/** The message of a callback answer that bound the account instead of signing in (spec 3 §2). */
export const OAUTH_BIND_MESSAGE = 'bind';

/** The message of a callback answer that sends the browser on to the agent's domain the flow began on. */
export const OAUTH_CONTINUE_MESSAGE = 'continue';
/**
 * The data of that answer. A flow begun on an agent's domain comes back to the site's own address (the provider knows
 * only that one); the state is bound to the session on the agent's domain, so the browser takes code and state there.
 */
export interface OAuthContinue {
  continue_url: string;
}

/** The console page a provider sends the browser back to; also the redirect_uri given to the provider. */
export const oauthCallbackPath = (provider: OAuthCodeProvider): string => `/oauth/${provider}`;

/** A state lives this long (seconds) and works once. */
export const OAUTH_STATE_TTL_SECONDS = 600;

/** Query fields of the Telegram Login Widget that the console forwards (spec 1 §7). */
export const TELEGRAM_LOGIN_FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash', 'lang'] as const;
export type TelegramLogin = Partial<Record<(typeof TELEGRAM_LOGIN_FIELDS)[number], string>>;

/** A Telegram sign-in is accepted for this long after Telegram signed it (seconds). */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 86_400;
