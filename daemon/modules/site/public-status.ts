// Builds the public status (spec 1 §3) from the option snapshot. Pure: no secret is ever read here (a secret's
// presence only, through isSet; public-status.test.ts checks it).
import type { PublicStatus } from '../../contract/status.js';
import type { OptionKey } from '../../contract/options.js';

export interface StatusInputs {
  get(key: OptionKey): string;
  bool(key: OptionKey): boolean;
  number(key: OptionKey): number;
  /** Whether a value is stored, without reading it (secrets). */
  isSet(key: OptionKey): boolean;
}

export function buildPublicStatus(
  o: StatusInputs,
  meta: { version: string; startTime: number; setup: boolean; footerHtml: string; authorizeUrls: { github: string; linuxdo: string } },
): PublicStatus {
  return {
    version: meta.version,
    start_time: meta.startTime,
    setup: meta.setup,
    system_name: o.get('SystemName'),
    logo: o.get('Logo'),
    footer_html: meta.footerHtml,
    customer_qr: o.get('CustomerQr'),
    server_address: o.get('ServerAddress'),
    price: o.number('Price'),
    min_topup: o.number('MinTopUp'),
    quota_per_unit: o.number('QuotaPerUnit'),
    display_in_currency: o.bool('DisplayInCurrencyEnabled'),
    amounts: o.get('Amounts'),
    top_up_link: o.get('TopUpLink'),
    enable_online_topup: o.get('PayAddress') !== '' && o.get('EpayId') !== '' && o.isSet('EpayKey'),
    enable_drawing: o.bool('DrawingEnabled'),
    enable_task: o.bool('TaskEnabled'),
    enable_data_export: o.bool('DataExportEnabled'),
    data_export_default_time: o.get('DataExportDefaultTime'),
    default_collapse_sidebar: o.bool('DefaultCollapseSidebar'),
    mj_notify_enabled: o.bool('MjNotifyEnabled'),
    log_fold_enabled: o.bool('LogFoldEnabled'),
    demo_site_enabled: o.bool('DemoSiteEnabled'),
    self_use_mode_enabled: o.bool('SelfUseModeEnabled'),
    chat_link: o.get('ChatLink'),
    chat_link2: o.get('ChatLink2'),
    title_seo: o.get('TitleSeo'),
    description_seo: o.get('DescriptSeo'),
    keywords_seo: o.get('Keywords'),
    h1_seo: o.get('H1Seo'),
    group_ration: o.get('GroupRatio'),
    group_ration_zh: o.get('GroupRatioZh'),
    work_info_enabled: o.bool('WorkInfoEnabled'),
    apply_join_enabled: o.bool('ApplyJoinEnabled'),
    orders_invoice_enabled: o.bool('OrdersInvoiceEnabled'),
    agent_info_enabled: o.bool('AgentInfoEnabled'),
    help_info_enabled: o.bool('HelpInfoEnabled'),
    api_address_enabled: o.bool('ApiAddressEnabled'),
    service_status_enabled: o.bool('ServiceStatusEnabled'),
    common_question_enabled: o.bool('CommonQuestionEnabled'),
    email_verification: o.bool('EmailVerificationEnabled'),
    turnstile_check: o.bool('TurnstileCheckEnabled'),
    turnstile_site_key: o.get('TurnstileSiteKey'),
    password_login_enabled: o.bool('PasswordLoginEnabled'),
    password_register_enabled: o.bool('PasswordRegisterEnabled'),
    register_enabled: o.bool('RegisterEnabled'),
    github_oauth: o.bool('GitHubOAuthEnabled'),
    github_client_id: o.get('GitHubClientId'),
    linuxdo_oauth: o.bool('LinuxDOOAuthEnabled'),
    linuxdo_client_id: o.get('LinuxDOClientId'),
    github_authorize_url: meta.authorizeUrls.github,
    linuxdo_authorize_url: meta.authorizeUrls.linuxdo,
    wechat_login: o.bool('WeChatAuthEnabled'),
    wechat_qrcode: o.get('WeChatAccountQRCodeImageURL'),
    telegram_oauth: o.bool('TelegramOAuthEnabled'),
    telegram_bot_name: o.get('TelegramBotName'),
  };
}
