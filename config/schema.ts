// The typed configuration and its rules. default.yaml holds the defaults and the documentation of each key;
// a test checks that both name the same keys.
export interface GatewayConfig {
  data_dir: string;
  server: { host: string; port: number; trust_proxy: boolean; shutdown_grace_seconds: number; body_limit_mb: number };
  database: { url: string; pool_max: number; debug: boolean };
  redis: { url: string };
  session: { secret: string; max_age_days: number; secure_cookie: boolean };
  console: { enabled: boolean; dir: string; embed_origins: string };
  cache: { sync_interval_ms: number };
  rate_limit: {
    api_count: number; api_window_seconds: number; critical_count: number; critical_window_seconds: number;
    register_count: number; register_window_seconds: number; mail_address_count: number; mail_ip_count: number; mail_window_seconds: number;
    redeem_count: number; redeem_window_seconds: number;
  };
  turnstile: { verify_url: string };
  oauth: {
    github: { authorize_url: string; token_url: string; user_url: string };
    linuxdo: { authorize_url: string; token_url: string; user_url: string };
    timeout_ms: number;
  };
  relay: { connect_timeout_ms: number; response_timeout_ms: number; stream_idle_timeout_ms: number; max_response_mb: number; wallet: 'auto' | 'ledger' | 'database'; write_interval_ms: number; channel_test_minutes: number; channel_test_pause_ms: number };
  notify: { webhook_allow_private: boolean };
  payment: { order_expire_minutes: number };
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' };
}

export type Rule =
  | { type: 'string'; pattern?: RegExp; hint?: string; oneOf?: readonly string[] }
  | { type: 'integer'; min: number; max: number }
  | { type: 'boolean' };

const int = (min: number, max: number): Rule => ({ type: 'integer', min, max });
const str: Rule = { type: 'string' };
const bool: Rule = { type: 'boolean' };
const httpUrl: Rule = { type: 'string', pattern: /^https?:\/\/\S+$/, hint: 'an http(s) URL' };

/** One rule per leaf key, by dotted path. */
export const rules: Record<string, Rule> = {
  data_dir: str,
  'server.host': str,
  'server.port': int(0, 65535),
  'server.trust_proxy': bool,
  'server.shutdown_grace_seconds': int(0, 3600),
  'server.body_limit_mb': int(1, 1024),
  'database.url': { type: 'string', pattern: /^$|^postgres(ql)?:\/\//, hint: 'empty (SQLite) or a postgres:// URL' },
  'database.pool_max': int(1, 1000),
  'database.debug': bool,
  'redis.url': { type: 'string', pattern: /^$|^rediss?:\/\//, hint: 'empty or a redis:// URL' },
  'session.secret': { type: 'string', pattern: /^$|^.{16,}$/, hint: 'empty, or at least 16 characters' },
  'session.max_age_days': int(1, 3650),
  'session.secure_cookie': bool,
  'console.enabled': bool,
  'console.dir': str,
  'console.embed_origins': {
    type: 'string',
    pattern: /^$|^https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*$/,
    hint: 'empty or comma-separated origins like https://portal.example.com',
  },
  'cache.sync_interval_ms': int(100, 600_000),
  'rate_limit.api_count': int(0, 1_000_000),
  'rate_limit.api_window_seconds': int(1, 86_400),
  'rate_limit.critical_count': int(0, 1_000_000),
  'rate_limit.critical_window_seconds': int(1, 86_400),
  'rate_limit.register_count': int(0, 1_000_000),
  'rate_limit.register_window_seconds': int(1, 86_400),
  'rate_limit.mail_address_count': int(0, 1_000_000),
  'rate_limit.mail_ip_count': int(0, 1_000_000),
  'rate_limit.mail_window_seconds': int(1, 86_400),
  'rate_limit.redeem_count': int(0, 1_000_000),
  'rate_limit.redeem_window_seconds': int(1, 86_400),
  'turnstile.verify_url': { type: 'string', pattern: /^https?:\/\/\S+$/, hint: 'an http(s) URL' },
  'oauth.github.authorize_url': httpUrl,
  'oauth.github.token_url': httpUrl,
  'oauth.github.user_url': httpUrl,
  'oauth.linuxdo.authorize_url': httpUrl,
  'oauth.linuxdo.token_url': httpUrl,
  'oauth.linuxdo.user_url': httpUrl,
  'oauth.timeout_ms': int(100, 120_000),
  'relay.connect_timeout_ms': int(100, 600_000),
  'relay.response_timeout_ms': int(100, 3_600_000),
  'relay.stream_idle_timeout_ms': int(100, 3_600_000),
  'relay.max_response_mb': int(1, 1024),
  'relay.wallet': { type: 'string', oneOf: ['auto', 'ledger', 'database'] },
  'relay.write_interval_ms': int(50, 60_000),
  'relay.channel_test_minutes': int(0, 525_600),
  'relay.channel_test_pause_ms': int(0, 3_600_000),
  'notify.webhook_allow_private': bool,
  'payment.order_expire_minutes': int(1, 525_600),
  'log.level': { type: 'string', oneOf: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
};

/** GATEWAY_SERVER_PORT for 'server.port'. */
export const envName = (path: string): string => `GATEWAY_${path.replace(/\./g, '_').toUpperCase()}`;
