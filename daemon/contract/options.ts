// The option registry: one typed definition per key drives the defaults, server validation, the agent scope and
// (later) the console's forms. Values travel as strings (spec 2 §1). The settings issue completes the catalogue.
import {
  DEFAULT_CACHE_RATIO, DEFAULT_COMPLETION_RATIO, DEFAULT_GROUP_RATIO, DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO, PRICE_MAX_USD, RATIO_MAX,
} from './ratio-tables.js';

export type OptionType = 'string' | 'boolean' | 'number' | 'json' | 'list';
/** Who may read and write a key: 'admin' only, or 'agent' too. */
export type OptionScope = 'admin' | 'agent';

export interface OptionDef {
  type: OptionType;
  default: string;
  scope: OptionScope;
  /** Never sent to the console in clear; /api/option/all masks it. */
  secret?: boolean;
  /** number bounds */
  min?: number;
  max?: number;
  integer?: boolean;
  /** string: must be empty or an https URL */
  httpsUrl?: boolean;
  /** string: a trailing "/" is removed before saving */
  stripTrailingSlash?: boolean;
  /** string: HTML/markdown shown to people; sanitised on the server before it is rendered */
  html?: boolean;
  /** json: an object of names to finite numbers in [0, ratioMax] (ratio and price tables) */
  ratioMax?: number;
}

const bool = (def: boolean, scope: OptionScope = 'admin'): OptionDef => ({ type: 'boolean', default: String(def), scope });
const str = (def = '', scope: OptionScope = 'admin', extra: Partial<OptionDef> = {}): OptionDef => ({ type: 'string', default: def, scope, ...extra });
const num = (def: number, extra: Partial<OptionDef> = {}, scope: OptionScope = 'admin'): OptionDef => ({ type: 'number', default: String(def), scope, ...extra });
const json = (def: string, scope: OptionScope = 'admin'): OptionDef => ({ type: 'json', default: def, scope });
const ratios = (def: Readonly<Record<string, number>>, ratioMax = RATIO_MAX): OptionDef => ({ type: 'json', default: JSON.stringify(def), scope: 'admin', ratioMax });
const html = (scope: OptionScope = 'agent'): OptionDef => str('', scope, { html: true });
const secret = (): OptionDef => str('', 'admin', { secret: true });

export const optionRegistry = {
  // general and content
  SystemName: str('New API', 'agent'),
  Logo: str('', 'agent'),
  CustomerQr: str('', 'agent'),
  ServerAddress: str('http://localhost:3000', 'admin', { stripTrailingSlash: true }),
  Notice: html(),
  FlowNotice: html(),
  HomePageContent: html(),
  About: html(),
  AgentPageContent: html(),
  JoinPageContent: html(),
  Footer: html(),
  TitleSeo: str('', 'agent'),
  DescriptSeo: str('', 'agent'),
  Keywords: str('', 'agent'),
  H1Seo: str('', 'agent'),
  TopUpLink: str(''),
  ChatLink: str('', 'agent'),
  ChatLink2: str('', 'agent'),
  // login and registration
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  RegisterEnabled: bool(true),
  GitHubOAuthEnabled: bool(false),
  GitHubClientId: str(''),
  GitHubClientSecret: secret(),
  LinuxDOOAuthEnabled: bool(false),
  LinuxDOClientId: str(''),
  LinuxDOClientSecret: secret(),
  WeChatAuthEnabled: bool(false),
  WeChatServerAddress: str('', 'admin', { stripTrailingSlash: true }),
  WeChatServerToken: secret(),
  WeChatAccountQRCodeImageURL: str(''),
  TelegramOAuthEnabled: bool(false),
  TelegramBotName: str(''),
  TelegramBotToken: secret(),
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: str(''),
  TurnstileSecretKey: secret(),
  // payment
  PayAddress: str('', 'admin', { stripTrailingSlash: true }),
  EpayId: str(''),
  EpayKey: secret(),
  Price: num(7.3, { min: 0 }),
  MinTopUp: num(1, { min: 1, integer: true }),
  Amounts: json('[]'),
  // operation
  QuotaPerUnit: num(500000, { min: 1, max: 1_000_000_000 }),
  /** Output tokens reserved per choice when a request sets no max_tokens (reference §4.3; billing/estimate.ts). */
  PreConsumedQuota: num(500, { min: 0, max: 2 ** 30, integer: true }),
  RetryTimes: num(0, { min: 0, max: 10, integer: true }),
  /** Write a consumption log (type 2) for every relayed call (reference §4.11). */
  LogConsumeEnabled: bool(true),
  /** Streams: write an SSE comment `: PING` after this many idle seconds, so proxies keep the connection (reference §5). */
  'general_setting.ping_interval_enabled': bool(false),
  'general_setting.ping_interval_seconds': num(60, { min: 1, max: 600, integer: true }),
  // channel health (reference §3.7, §3.8)
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  /** Seconds; a channel test slower than this disables the channel (0 = never). */
  ChannelDisableThreshold: num(5, { min: 0 }),
  /** One per line, matched case-insensitively in upstream error messages. */
  AutomaticDisableKeywords: str([
    'Your credit balance is too low', 'This organization has been disabled.', 'You exceeded your current quota',
    'Permission denied', 'The security token included in the request is invalid', 'Operation not allowed',
    'Your account is not authorized',
  ].join('\n')),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DefaultCollapseSidebar: bool(false, 'agent'),
  DemoSiteEnabled: bool(false),
  SelfUseModeEnabled: bool(false),
  DrawingEnabled: bool(true, 'agent'),
  TaskEnabled: bool(true, 'agent'),
  MjNotifyEnabled: bool(false, 'agent'),
  DataExportEnabled: bool(true, 'agent'),
  DataExportDefaultTime: str('hour', 'agent'),
  // ratios
  ModelRatio: ratios(DEFAULT_MODEL_RATIO),
  ModelPrice: ratios(DEFAULT_MODEL_PRICE, PRICE_MAX_USD),
  CompletionRatio: ratios(DEFAULT_COMPLETION_RATIO),
  CacheRatio: ratios(DEFAULT_CACHE_RATIO),
  GroupRatio: ratios(DEFAULT_GROUP_RATIO),
  UserUsableGroups: json('{"default":"默认分组","vip":"vip分组"}'),
  GroupRatioZh: json('{}'),
  // menus
  WorkInfoEnabled: bool(false, 'agent'),
  ApplyJoinEnabled: bool(false, 'agent'),
  OrdersInvoiceEnabled: bool(false, 'agent'),
  AgentInfoEnabled: bool(false, 'agent'),
  HelpInfoEnabled: bool(false, 'agent'),
  LogFoldEnabled: bool(false, 'agent'),
} as const satisfies Record<string, OptionDef>;

export type OptionKey = keyof typeof optionRegistry;
export const optionKeys = Object.keys(optionRegistry) as OptionKey[];
export const isOptionKey = (k: string): k is OptionKey => Object.prototype.hasOwnProperty.call(optionRegistry, k);
