// GET /api/status: the public status (spec 1 §3 "Public status", reference §9.4). Never holds a secret.
export interface PublicStatus {
  version: string;
  start_time: number;
  setup: boolean;
  // branding
  system_name: string;
  logo: string;
  footer_html: string;
  customer_qr: string;
  server_address: string;
  // pricing and display
  price: number;
  min_topup: number;
  quota_per_unit: number;
  display_in_currency: boolean;
  amounts: string;
  top_up_link: string;
  enable_online_topup: boolean;
  // feature flags
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  log_fold_enabled: boolean;
  demo_site_enabled: boolean;
  self_use_mode_enabled: boolean;
  // chat links
  chat_link: string;
  chat_link2: string;
  // SEO
  title_seo: string;
  description_seo: string;
  keywords_seo: string;
  h1_seo: string;
  // group ratios
  group_ration: string;
  group_ration_zh: string;
  // menu flags
  work_info_enabled: boolean;
  apply_join_enabled: boolean;
  orders_invoice_enabled: boolean;
  agent_info_enabled: boolean;
  help_info_enabled: boolean;
  /** Menus tab toggles of the API address, service status and common questions entries (spec 2 §2). */
  api_address_enabled: boolean;
  service_status_enabled: boolean;
  common_question_enabled: boolean;
  // email and human check
  email_verification: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  // login methods
  password_login_enabled: boolean;
  password_register_enabled: boolean;
  register_enabled: boolean;
  github_oauth: boolean;
  github_client_id: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  /** Where the console sends the browser to sign in with GitHub / LinuxDO (config `oauth.*.authorize_url`). */
  github_authorize_url: string;
  linuxdo_authorize_url: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
}
