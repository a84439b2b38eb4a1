// The option registry (spec 2 §3): one typed definition per key drives the defaults, the server's validation and
// cross-option rules, the agent scope, the public status and the console's settings forms. Values travel as strings
// (spec 2 §1). The console builds its forms from this file: no hand-copied key lists, no switch over keys.
//
// What the console can rely on (every entry is an OptionDef):
// - type       'boolean' ("true"/"false", saved at once), 'number' (canonical decimal text), 'string', 'json'
//              (JSON text; `shape` narrows it), 'list' (items joined by `separator`: one per line or comma-separated;
//              the server trims items, drops empty ones and duplicates).
// - default    the value used while no row is stored.
// - scope      'admin': the super admin's alone. 'agent': white-label keys (design agents.md §5): the super admin sets
//              the site's value, and each agent keeps its own copy (table agent_options) that its domain and its
//              sub-users see instead, key by key. An agent never writes the site's value. Users see none.
// - tab/section where the key lives on /setting: tab is a `?tab=` value of spec 2 §2 (operation, system, other,
//              menus, ratelimit, models); sections are listed in display order by `optionSections`, keys in registry
//              order by `optionKeysIn(tab, section)`. A section an agent may open has at least one agent key.
// - secret     never sent in clear: lists give value "" and `secret_set` (see OptionItem); saving "" would clear it,
//              so forms leave an untouched secret out of the save.
// - number: min / max / integer / unit / presets (suggested values).
// - string: url (empty or http(s) URL), httpsUrl (empty or https URL), stripTrailingSlash (done by the server too),
//           html (rich text, sanitised when shown), multiline (textarea), choices (a select).
// - json:   shape 'ratios' (object of name → number in [0, ratioMax]), 'string-map' (object of name → text, values
//           from valueChoices when given), 'string-list' (array of text), 'int-map' (object of name → whole number ≥ 0),
//           'header-map' (object of model → {header: [values]}); no shape: any valid JSON.
// - maxLength  longest accepted text (maxLengthOf(def) gives the effective one).
// - Rules the server enforces on PUT (the console may use them to guide the user):
//   requires      turning this on (boolean "true", or a non-empty string) needs these keys non-empty; and they cannot
//                 be emptied while this is on.
//   excludes      cannot be on together with these booleans.
//   forcedOnBy    this boolean is forced on while `key` has `value` (SMTP SSL on port 465); saving that value turns it on.
//   clearsNamesIn a JSON table whose newly set names are removed from these tables in the same save (a fixed price
//                 clears the model's ratios and a ratio clears its fixed price, spec 2 §4).
//   warnOff       turning it off is saved, and the answer's message is a lock-out warning (spec 1 §4).
//
// Calls (spec 2 §7): GET /api/option/all (super admin, every key), GET /api/option/agent (agent scope), GET
// /api/option/ (what the caller's role may read) answer `data: OptionItem[]`; PUT /api/option/ {key, value} saves one
// key and answers `data: OptionItem[]`, every key the save wrote (a rule can write more than the one sent).
import {
  DEFAULT_CACHE_RATIO, DEFAULT_COMPLETION_RATIO, DEFAULT_GROUP_RATIO, DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO, PRICE_MAX_USD, RATIO_MAX,
} from './ratio-tables.js';

export type OptionType = 'string' | 'boolean' | 'number' | 'json' | 'list';
/** 'admin': the super admin's alone; 'agent': agents keep their own copy too (white-label). */
export type OptionScope = 'admin' | 'agent';
/** The settings tabs that hold options (spec 2 §2; 'personal' holds none). */
export type OptionTab = 'operation' | 'system' | 'other' | 'menus' | 'ratelimit' | 'models';
export type JsonShape = 'ratios' | 'string-map' | 'string-list' | 'int-map' | 'header-map';
export type OptionUnit = 'seconds' | 'minutes' | 'quota' | 'tokens' | 'fraction';

export interface OptionDef {
  type: OptionType;
  default: string;
  scope: OptionScope;
  tab: OptionTab;
  section: string;
  /** Never sent to the console in clear; lists mask it. */
  secret?: boolean;
  /** number bounds */
  min?: number;
  max?: number;
  integer?: boolean;
  unit?: OptionUnit;
  /** number: values offered as quick choices */
  presets?: readonly number[];
  /** string: must be empty or an http(s) URL */
  url?: boolean;
  /** string: must be empty or an https URL */
  httpsUrl?: boolean;
  /** string: a trailing "/" is removed before saving */
  stripTrailingSlash?: boolean;
  /** string: HTML/markdown shown to people; sanitised on the server before it is rendered */
  html?: boolean;
  /** string: long text, edited in a textarea */
  multiline?: boolean;
  /** string: one of these values */
  choices?: readonly string[];
  /** list: how items are joined */
  separator?: '\n' | ',';
  /** json: the structure the value must have */
  shape?: JsonShape;
  /** json 'ratios': an object of names to finite numbers in [0, ratioMax] (ratio and price tables) */
  ratioMax?: number;
  /** json 'string-map': allowed values */
  valueChoices?: readonly string[];
  maxLength?: number;
  requires?: readonly string[];
  excludes?: readonly string[];
  forcedOnBy?: { key: string; value: string };
  clearsNamesIn?: readonly string[];
  warnOff?: boolean;
}

/** A definition before it is placed in a tab and section. */
type Def = Omit<OptionDef, 'tab' | 'section'>;

const bool = (def: boolean, scope: OptionScope = 'admin', extra: Partial<Def> = {}): Def => ({ type: 'boolean', default: String(def), scope, ...extra });
const str = (def = '', scope: OptionScope = 'admin', extra: Partial<Def> = {}): Def => ({ type: 'string', default: def, scope, ...extra });
const num = (def: number, extra: Partial<Def> = {}, scope: OptionScope = 'admin'): Def => ({ type: 'number', default: String(def), scope, ...extra });
const json = (def: string, scope: OptionScope = 'admin', extra: Partial<Def> = {}): Def => ({ type: 'json', default: def, scope, ...extra });
const list = (items: readonly string[], separator: '\n' | ',', scope: OptionScope = 'admin'): Def => ({ type: 'list', default: items.join(separator), scope, separator });
const ratios = (def: Readonly<Record<string, number>>, scope: OptionScope = 'admin', ratioMax = RATIO_MAX, extra: Partial<Def> = {}): Def =>
  ({ type: 'json', default: JSON.stringify(def), scope, shape: 'ratios', ratioMax, ...extra });
const html = (scope: OptionScope = 'admin'): Def => str('', scope, { html: true, multiline: true });
const secret = (scope: OptionScope = 'admin'): Def => str('', scope, { secret: true });
const address = (def = '', scope: OptionScope = 'admin'): Def => str(def, scope, { url: true, stripTrailingSlash: true });
/** Images may be data: URLs. */
const image = (scope: OptionScope): Def => str('', scope, { maxLength: 1_000_000 });
const quota = (def: number, scope: OptionScope = 'admin', extra: Partial<Def> = {}): Def => num(def, { min: 0, max: 2 ** 50, integer: true, unit: 'quota', ...extra }, scope);

/** Places every definition of a block in one tab and section. */
function at<T extends Record<string, Def>>(tab: OptionTab, section: string, defs: T): { [K in keyof T]: T[K] & { tab: OptionTab; section: string } } {
  const out = {} as Record<string, OptionDef>;
  for (const [k, d] of Object.entries(defs)) out[k] = { ...d, tab, section };
  return out as { [K in keyof T]: T[K] & { tab: OptionTab; section: string } };
}

export const optionRegistry = {
  // ---- system tab (spec 2 §2 "System tab")
  ...at('system', 'general', {
    ServerAddress: address('http://localhost:3000'),
    /** The drawing (Midjourney) proxy's public address. */
    MjServerAddress: address(),
    WorkerUrl: address(),
    WorkerValidKey: secret(),
  }),
  ...at('system', 'payment', {
    /** Needs ServerAddress (spec 2 §5: the server address is required before the payment settings are saved). */
    PayAddress: str('', 'admin', { url: true, stripTrailingSlash: true, requires: ['ServerAddress'] }),
    EpayId: str(''),
    EpayKey: secret(),
    CustomCallbackAddress: address(),
    Price: num(7.3, { min: 0, max: 1_000_000 }),
    MinTopUp: num(1, { min: 1, max: 1_000_000_000, integer: true }),
    Amounts: json('[]'),
    TopupGroupRatio: ratios(DEFAULT_GROUP_RATIO),
  }),
  ...at('system', 'login', {
    PasswordLoginEnabled: bool(true, 'admin', { warnOff: true }),
    PasswordRegisterEnabled: bool(true, 'admin', { warnOff: true }),
    EmailVerificationEnabled: bool(false),
    RegisterEnabled: bool(true),
    GitHubOAuthEnabled: bool(false, 'admin', { requires: ['GitHubClientId', 'GitHubClientSecret'] }),
    LinuxDOOAuthEnabled: bool(false, 'admin', { requires: ['LinuxDOClientId', 'LinuxDOClientSecret'] }),
    WeChatAuthEnabled: bool(false, 'admin', { requires: ['WeChatServerAddress', 'WeChatServerToken'] }),
    TelegramOAuthEnabled: bool(false, 'admin', { requires: ['TelegramBotName', 'TelegramBotToken'] }),
    TurnstileCheckEnabled: bool(false, 'admin', { requires: ['TurnstileSiteKey', 'TurnstileSecretKey'] }),
  }),
  ...at('system', 'email_whitelist', {
    EmailDomainRestrictionEnabled: bool(false, 'admin', { requires: ['EmailDomainWhitelist'] }),
    EmailAliasRestrictionEnabled: bool(false),
    /** Domains allowed when EmailDomainRestrictionEnabled is on (reference §7.6). */
    EmailDomainWhitelist: list(['gmail.com', '163.com', '126.com', 'qq.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'yahoo.com', 'foxmail.com'], ','),
  }),
  // SMTP (reference §7.6): port 465 always uses implicit TLS
  ...at('system', 'smtp', {
    SMTPServer: str(''),
    SMTPPort: num(587, { min: 1, max: 65535, integer: true }),
    SMTPAccount: str(''),
    SMTPFrom: str(''),
    SMTPToken: secret(),
    SMTPSSLEnabled: bool(false, 'admin', { forcedOnBy: { key: 'SMTPPort', value: '465' } }),
  }),
  ...at('system', 'github', {
    GitHubClientId: str(''),
    GitHubClientSecret: secret(),
  }),
  ...at('system', 'linuxdo', {
    LinuxDOClientId: str(''),
    LinuxDOClientSecret: secret(),
  }),
  ...at('system', 'wechat', {
    WeChatServerAddress: address(),
    WeChatServerToken: secret(),
    WeChatAccountQRCodeImageURL: image('admin'),
  }),
  ...at('system', 'telegram', {
    TelegramBotName: str(''),
    TelegramBotToken: secret(),
  }),
  ...at('system', 'turnstile', {
    TurnstileSiteKey: str(''),
    TurnstileSecretKey: secret(),
  }),

  // ---- other tab: content and SEO (spec 2 §2 "Content / personalisation")
  ...at('other', 'notice', { Notice: html('agent'), FlowNotice: html() }),
  ...at('other', 'system_name', { SystemName: str('New API', 'agent') }),
  ...at('other', 'logo', { Logo: image('agent') }),
  ...at('other', 'customer_qr', { CustomerQr: image('agent') }),
  ...at('other', 'home_page', { HomePageContent: html('agent') }),
  ...at('other', 'about', { About: html('agent') }),
  ...at('other', 'agent_page', { AgentPageContent: html() }),
  ...at('other', 'join_page', { JoinPageContent: html() }),
  ...at('other', 'seo', {
    TitleSeo: str('', 'agent'),
    DescriptSeo: str('', 'agent', { multiline: true }),
    Keywords: str('', 'agent'),
    H1Seo: str('', 'agent'),
  }),
  ...at('other', 'footer', { Footer: html('agent') }),

  // ---- operation tab (spec 2 §2 "Operation tab")
  ...at('operation', 'general', {
    TopUpLink: str('', 'agent', { url: true }),
    ChatLink: str('', 'agent'),
    ChatLink2: str('', 'agent'),
    QuotaPerUnit: num(500000, { min: 1, max: 1_000_000_000 }),
    RetryTimes: num(0, { min: 0, max: 10, integer: true }),
    DisplayInCurrencyEnabled: bool(true),
    DisplayTokenStatEnabled: bool(true),
    DefaultCollapseSidebar: bool(false, 'agent'),
    DemoSiteEnabled: bool(false, 'admin', { excludes: ['SelfUseModeEnabled'] }),
    SelfUseModeEnabled: bool(false, 'admin', { excludes: ['DemoSiteEnabled'] }),
  }),
  ...at('operation', 'drawing', {
    DrawingEnabled: bool(true),
    TaskEnabled: bool(true),
    MjNotifyEnabled: bool(false),
    MjAccountFilterEnabled: bool(false),
    MjForwardUrlEnabled: bool(true),
    MjModeClearEnabled: bool(false),
    MjActionCheckSuccessEnabled: bool(true),
  }),
  // reference §9.5: prompts containing a listed word are refused before any upstream call
  ...at('operation', 'sensitive', {
    CheckSensitiveEnabled: bool(true),
    CheckSensitiveOnPromptEnabled: bool(true),
    SensitiveWords: list(['test_sensitive'], '\n'),
  }),
  ...at('operation', 'log', {
    /** Write a consumption log (type 2) for every relayed call (reference §4.11). */
    LogConsumeEnabled: bool(true),
  }),
  ...at('operation', 'dashboard', {
    DataExportEnabled: bool(true),
    DataExportInterval: num(5, { min: 1, max: 1440, integer: true, unit: 'minutes' }),
    DataExportDefaultTime: str('hour', 'admin', { choices: ['hour', 'day', 'week'] }),
  }),
  // channel health (reference §3.7, §3.8) and the quota warning (reference §4.8; spec 2 §9 default 500000)
  ...at('operation', 'monitoring', {
    /** Seconds; a channel test slower than this disables the channel (0 = never). */
    ChannelDisableThreshold: num(5, { min: 0, max: 86_400, unit: 'seconds' }),
    QuotaRemindThreshold: quota(500000, 'admin', { presets: [100000, 500000, 1000000, 5000000] }),
    AutomaticDisableChannelEnabled: bool(false),
    AutomaticEnableChannelEnabled: bool(false),
    /** One per line, matched case-insensitively in upstream error messages. */
    AutomaticDisableKeywords: list([
      'Your credit balance is too low', 'This organization has been disabled.', 'You exceeded your current quota',
      'Permission denied', 'The security token included in the request is invalid', 'Operation not allowed',
      'Your account is not authorized',
    ], '\n'),
  }),
  ...at('operation', 'quota', {
    /** Quota given at registration, to a new user and (with an invite code) to the invitee and the inviter (reference §7.1). */
    QuotaForNewUser: quota(0),
    /** Output tokens reserved per choice when a request sets no max_tokens (reference §4.3; billing/estimate.ts). */
    PreConsumedQuota: num(500, { min: 0, max: 2 ** 30, integer: true, unit: 'tokens' }),
    QuotaForInviter: quota(0),
    QuotaForInvitee: quota(0),
  }),
  // ratios (reference §4.2): the super admin's alone; an agent's prices are its users' exclusive_price (design §2)
  ...at('operation', 'ratio', {
    ModelPrice: ratios(DEFAULT_MODEL_PRICE, 'admin', PRICE_MAX_USD, { clearsNamesIn: ['ModelRatio', 'CompletionRatio'] }),
    ModelRatio: ratios(DEFAULT_MODEL_RATIO, 'admin', RATIO_MAX, { clearsNamesIn: ['ModelPrice'] }),
    CompletionRatio: ratios(DEFAULT_COMPLETION_RATIO),
    CacheRatio: ratios(DEFAULT_CACHE_RATIO),
    GroupRatio: ratios(DEFAULT_GROUP_RATIO),
    /** Chinese display names of the groups. */
    GroupRatioZh: json('{}', 'admin', { shape: 'string-map' }),
    UserUsableGroups: json('{"default":"默认分组","vip":"vip分组"}', 'admin', { shape: 'string-map' }),
  }),

  // ---- menus tab (spec 2 §2 "Menus tab")
  ...at('menus', 'toggles', {
    WorkInfoEnabled: bool(false, 'agent'),
    ApplyJoinEnabled: bool(false, 'agent'),
    OrdersInvoiceEnabled: bool(false, 'agent'),
    AgentInfoEnabled: bool(false, 'agent'),
    HelpInfoEnabled: bool(false, 'agent'),
    LogFoldEnabled: bool(false, 'agent'),
    ApiAddressEnabled: bool(false, 'agent'),
    ServiceStatusEnabled: bool(false, 'agent'),
    CommonQuestionEnabled: bool(false, 'agent'),
  }),
  ...at('menus', 'content', {
    ApiAddress: json('[]', 'agent'),
    ApiLoad: json('[]', 'agent'),
    ApiSk: json('[]', 'agent'),
    CommonQuestion: json('[]', 'agent'),
  }),

  // ---- rate limit tab (reference §10): per user on the relay
  ...at('ratelimit', 'model_request', {
    ModelRequestRateLimitEnabled: bool(false),
    ModelRequestRateLimitDurationMinutes: num(1, { min: 0, max: 1440, integer: true, unit: 'minutes' }),
    /** Every request counts, failures included; 0 = unlimited. */
    ModelRequestRateLimitCount: num(0, { min: 0, max: 100_000_000, integer: true }),
    /** Successful requests. */
    ModelRequestRateLimitSuccessCount: num(1000, { min: 1, max: 100_000_000, integer: true }),
  }),

  // ---- models tab (spec 2 §3 Model keys; reference §6.1 Claude, §6.2 Gemini, §6.3 pass-through; read by providers/settings.ts)
  ...at('models', 'gemini', {
    'gemini.safety_settings': json('{"default":"OFF","HARM_CATEGORY_CIVIC_INTEGRITY":"BLOCK_NONE"}', 'admin', {
      shape: 'string-map',
      valueChoices: ['OFF', 'BLOCK_NONE', 'BLOCK_ONLY_HIGH', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_LOW_AND_ABOVE', 'HARM_BLOCK_THRESHOLD_UNSPECIFIED'],
    }),
    'gemini.version_settings': json('{"default":"v1beta","gemini-1.0-pro":"v1"}', 'admin', { shape: 'string-map' }),
    'gemini.supported_imagine_models': json('["gemini-2.0-flash-exp-image-generation","gemini-2.0-flash-exp"]', 'admin', { shape: 'string-list' }),
    'gemini.thinking_adapter_enabled': bool(false),
    'gemini.thinking_adapter_budget_tokens_percentage': num(0.6, { min: 0.1, max: 1, unit: 'fraction' }),
  }),
  ...at('models', 'claude', {
    'claude.model_headers_settings': json('{}', 'admin', { shape: 'header-map' }),
    'claude.default_max_tokens': json('{"default":8192}', 'admin', { shape: 'int-map' }),
    'claude.thinking_adapter_enabled': bool(true),
    'claude.thinking_adapter_budget_tokens_percentage': num(0.8, { min: 0.1, max: 1, unit: 'fraction' }),
  }),
  ...at('models', 'global', {
    'global.pass_through_request_enabled': bool(false),
    /** Streams: write an SSE comment `: PING` after this many idle seconds, so proxies keep the connection (reference §5). */
    'general_setting.ping_interval_enabled': bool(false),
    'general_setting.ping_interval_seconds': num(60, { min: 1, max: 600, integer: true, unit: 'seconds' }),
  }),
};

export type OptionKey = keyof typeof optionRegistry;
export const optionKeys = Object.keys(optionRegistry) as OptionKey[];
/** The white-label keys agents keep their own copy of (design agents.md §5), in registry order. */
export const agentOptionKeys: readonly OptionKey[] = optionKeys.filter((k) => optionRegistry[k].scope === 'agent');
export const isOptionKey = (k: string): k is OptionKey => Object.prototype.hasOwnProperty.call(optionRegistry, k);
export const optionDef = (key: OptionKey): OptionDef => optionRegistry[key];

/** One row of the option lists and of a PUT's answer. */
export interface OptionItem {
  key: string;
  /** "" for a secret. */
  value: string;
  /** Secrets only: whether a value is stored. */
  secret_set?: boolean;
}

/** The longest text accepted for a key. */
export function maxLengthOf(def: OptionDef): number {
  if (def.maxLength !== undefined) return def.maxLength;
  if (def.type === 'json') return 1_000_000;
  if (def.html || def.type === 'list') return 200_000;
  return 4096;
}

/** Sections of a tab, in display order. */
export function optionSections(tab: OptionTab): string[] {
  const out: string[] = [];
  for (const k of optionKeys) {
    const d = optionDef(k);
    if (d.tab === tab && !out.includes(d.section)) out.push(d.section);
  }
  return out;
}

/** Keys of a tab (and section), in registry order. */
export const optionKeysIn = (tab: OptionTab, section?: string): OptionKey[] =>
  optionKeys.filter((k) => optionDef(k).tab === tab && (section === undefined || optionDef(k).section === section));

/** May a role (100 super admin, 10 agent) read and write the key? */
export const optionAllowed = (role: number, key: OptionKey): boolean => role >= 100 || (role >= 10 && optionDef(key).scope === 'agent');

/** A stored value as lists show it: secrets masked. */
export function optionItem(key: OptionKey, value: string): OptionItem {
  return optionDef(key).secret ? { key, value: '', secret_set: value !== '' } : { key, value };
}
