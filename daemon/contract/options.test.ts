import { describe, expect, it } from 'vitest';
import { agentOptionKeys, isOptionKey, optionAllowed, optionItem, optionKeys, optionKeysIn, optionRegistry, optionSections, type OptionKey } from './options.js';

// spec 2 §3, key by key ("client settings and secrets", SMTP and SSL named as new-api names them).
const SPEC_KEYS = `ServerAddress MjServerAddress WorkerUrl WorkerValidKey SystemName Logo CustomerQr Notice FlowNotice HomePageContent
About AgentPageContent JoinPageContent TitleSeo DescriptSeo Keywords H1Seo Footer TopUpLink ChatLink ChatLink2
PasswordLoginEnabled PasswordRegisterEnabled EmailVerificationEnabled RegisterEnabled GitHubOAuthEnabled GitHubClientId
GitHubClientSecret LinuxDOOAuthEnabled LinuxDOClientId LinuxDOClientSecret WeChatAuthEnabled WeChatServerAddress WeChatServerToken
WeChatAccountQRCodeImageURL TelegramOAuthEnabled TelegramBotName TelegramBotToken TurnstileCheckEnabled TurnstileSiteKey
TurnstileSecretKey EmailDomainRestrictionEnabled EmailAliasRestrictionEnabled EmailDomainWhitelist SMTPServer SMTPPort SMTPAccount
SMTPFrom SMTPToken SMTPSSLEnabled PayAddress EpayId EpayKey CustomCallbackAddress Price MinTopUp Amounts TopupGroupRatio
QuotaPerUnit RetryTimes DisplayInCurrencyEnabled DisplayTokenStatEnabled DefaultCollapseSidebar DemoSiteEnabled DrawingEnabled
MjNotifyEnabled MjAccountFilterEnabled MjForwardUrlEnabled MjModeClearEnabled MjActionCheckSuccessEnabled CheckSensitiveEnabled
CheckSensitiveOnPromptEnabled SensitiveWords LogConsumeEnabled DataExportEnabled DataExportInterval DataExportDefaultTime
ChannelDisableThreshold QuotaRemindThreshold AutomaticDisableChannelEnabled AutomaticEnableChannelEnabled AutomaticDisableKeywords
QuotaForNewUser PreConsumedQuota QuotaForInviter QuotaForInvitee ModelPrice ModelRatio CompletionRatio CacheRatio GroupRatio
GroupRatioZh UserUsableGroups WorkInfoEnabled ApplyJoinEnabled OrdersInvoiceEnabled AgentInfoEnabled HelpInfoEnabled LogFoldEnabled
ApiAddressEnabled ServiceStatusEnabled CommonQuestionEnabled ApiAddress ApiLoad ApiSk CommonQuestion ModelRequestRateLimitEnabled
ModelRequestRateLimitCount ModelRequestRateLimitSuccessCount ModelRequestRateLimitDurationMinutes gemini.safety_settings
gemini.version_settings gemini.supported_imagine_models gemini.thinking_adapter_enabled gemini.thinking_adapter_budget_tokens_percentage
claude.model_headers_settings claude.default_max_tokens claude.thinking_adapter_enabled claude.thinking_adapter_budget_tokens_percentage
global.pass_through_request_enabled general_setting.ping_interval_enabled general_setting.ping_interval_seconds`.split(/\s+/);

// spec 2 §6 "Super admin only", as keys (less TopUpLink: an agent's own top-up link is white-label, design agents.md §5).
const ADMIN_ONLY = `MjServerAddress WorkerUrl WorkerValidKey EpayId EpayKey CustomCallbackAddress WeChatAuthEnabled WeChatServerAddress
WeChatServerToken WeChatAccountQRCodeImageURL TelegramOAuthEnabled TelegramBotName TelegramBotToken TurnstileCheckEnabled
TurnstileSiteKey TurnstileSecretKey QuotaPerUnit RetryTimes DisplayTokenStatEnabled DemoSiteEnabled CompletionRatio
CacheRatio TopupGroupRatio`.split(/\s+/);

// design agents.md §5, "The agent keys": the only keys an agent keeps a copy of; every other key is the super admin's.
const WHITE_LABEL = `Notice SystemName Logo CustomerQr HomePageContent About Footer TitleSeo DescriptSeo Keywords H1Seo ChatLink ChatLink2
TopUpLink WorkInfoEnabled ApplyJoinEnabled OrdersInvoiceEnabled AgentInfoEnabled HelpInfoEnabled LogFoldEnabled ApiAddressEnabled
ServiceStatusEnabled CommonQuestionEnabled ApiAddress ApiLoad ApiSk CommonQuestion DefaultCollapseSidebar`.split(/\s+/);

const SECRETS = ['WorkerValidKey', 'EpayKey', 'SMTPToken', 'GitHubClientSecret', 'LinuxDOClientSecret', 'WeChatServerToken', 'TelegramBotToken', 'TurnstileSecretKey'];

describe('option registry', () => {
  it('holds every key of spec 2 §3', () => {
    expect(SPEC_KEYS.filter((k) => !isOptionKey(k))).toEqual([]);
  });

  it('keys ending in Enabled/enabled are booleans (spec 2 §1), and booleans default to "true" or "false"', () => {
    for (const k of optionKeys) {
      if (/[Ee]nabled$/.test(k)) expect(optionRegistry[k].type, k).toBe('boolean');
      if (optionRegistry[k].type === 'boolean') expect(['true', 'false'], k).toContain(optionRegistry[k].default);
    }
  });

  it('the defaults of spec 2 §9 and reference §9.2', () => {
    const d = (k: OptionKey) => optionRegistry[k].default;
    expect([d('Price'), d('MinTopUp'), d('QuotaRemindThreshold'), d('SMTPPort')]).toEqual(['7.3', '1', '500000', '587']);
    expect([d('ModelRequestRateLimitCount'), d('ModelRequestRateLimitSuccessCount'), d('ModelRequestRateLimitDurationMinutes')]).toEqual(['0', '1000', '1']);
    expect([d('general_setting.ping_interval_seconds'), d('claude.thinking_adapter_budget_tokens_percentage'), d('gemini.thinking_adapter_budget_tokens_percentage')]).toEqual(['60', '0.8', '0.6']);
    expect(JSON.parse(d('claude.default_max_tokens'))).toEqual({ default: 8192 });
    expect([d('DataExportDefaultTime'), d('QuotaPerUnit'), d('SensitiveWords'), d('CheckSensitiveEnabled')]).toEqual(['hour', '500000', 'test_sensitive', 'true']);
    expect(optionRegistry.QuotaRemindThreshold.presets).toEqual([100000, 500000, 1000000, 5000000]);
  });

  it('secrets are exactly the credentials, and lists never show them', () => {
    expect(optionKeys.filter((k) => optionRegistry[k].secret).sort()).toEqual([...SECRETS].sort());
    expect(optionItem('EpayKey', 'k-123')).toEqual({ key: 'EpayKey', value: '', secret_set: true });
    expect(optionItem('EpayKey', '')).toEqual({ key: 'EpayKey', value: '', secret_set: false });
    expect(optionItem('EpayId', '42')).toEqual({ key: 'EpayId', value: '42' });
  });

  it('the super-admin-only keys of spec 2 §6, and the rate limit and models tabs, are admin scope', () => {
    for (const k of ADMIN_ONLY) expect(optionRegistry[k as OptionKey].scope, k).toBe('admin');
    for (const k of [...optionKeysIn('ratelimit'), ...optionKeysIn('models')]) expect(optionRegistry[k].scope, k).toBe('admin');
  });

  it('agent scope is exactly the white-label keys of design agents.md §5, and none of them takes part in a cross-option rule', () => {
    expect([...agentOptionKeys].sort()).toEqual([...WHITE_LABEL].sort());
    for (const k of optionKeys) {
      const d = optionRegistry[k];
      const named = [...(d.requires ?? []), ...(d.excludes ?? []), ...(d.clearsNamesIn ?? []), ...(d.forcedOnBy ? [d.forcedOnBy.key] : [])];
      // An agent's save skips the rules (it writes only its own copy), so no rule may read or write a white-label key.
      for (const n of named) expect(WHITE_LABEL, `${k} names ${n}`).not.toContain(n);
      if (WHITE_LABEL.includes(k)) expect(named.length + (d.warnOff ? 1 : 0) + (d.secret ? 1 : 0), k).toBe(0);
    }
  });

  it('roles: super admin everything, agent the agent scope, users nothing', () => {
    expect(optionAllowed(100, 'EpayKey')).toBe(true);
    expect(optionAllowed(10, 'EpayKey')).toBe(false);
    expect(optionAllowed(10, 'Notice')).toBe(true);
    expect(optionAllowed(1, 'Notice')).toBe(false);
  });

  it('every key sits in a tab and section; sections keep their display order', () => {
    expect(optionSections('system')).toEqual(['general', 'payment', 'login', 'email_whitelist', 'smtp', 'github', 'linuxdo', 'wechat', 'telegram', 'turnstile']);
    expect(optionSections('operation')).toEqual(['general', 'drawing', 'sensitive', 'log', 'dashboard', 'monitoring', 'quota', 'ratio']);
    expect(optionSections('ratelimit')).toEqual(['model_request']);
    expect(optionSections('models')).toEqual(['gemini', 'claude', 'global']);
    const placed = (['operation', 'system', 'other', 'menus', 'ratelimit', 'models'] as const).flatMap((t) => optionKeysIn(t));
    expect(placed.sort()).toEqual([...optionKeys].sort());
    expect(optionKeysIn('system', 'smtp')).toEqual(['SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled']);
  });

  it('rules name existing keys of the right type', () => {
    for (const k of optionKeys) {
      const d = optionRegistry[k];
      for (const r of [...(d.requires ?? []), ...(d.excludes ?? []), ...(d.clearsNamesIn ?? [])]) expect(isOptionKey(r), `${k} → ${r}`).toBe(true);
      for (const r of d.excludes ?? []) expect(optionRegistry[r as OptionKey].type).toBe('boolean');
      for (const r of d.clearsNamesIn ?? []) expect(optionRegistry[r as OptionKey].shape).toBe('ratios');
      if (d.forcedOnBy) expect(isOptionKey(d.forcedOnBy.key)).toBe(true);
      if (d.type === 'list') expect(d.separator, k).toBeDefined();
    }
  });
});
