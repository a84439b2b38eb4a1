// Test data shaped like the daemon's answers.
import type { PublicStatus } from '@contract/status';
import type { LoginUser, SelfUser } from '@contract/user';

export function publicStatus(overrides: Partial<PublicStatus> = {}): PublicStatus {
  return {
    version: 'test', start_time: 0, setup: true,
    system_name: 'Test Gateway', logo: '', footer_html: '', customer_qr: '', server_address: '',
    price: 7.3, min_topup: 1, quota_per_unit: 500000, display_in_currency: true, amounts: '', top_up_link: '',
    enable_online_topup: false, enable_drawing: false, enable_task: false, enable_data_export: false,
    data_export_default_time: 'hour', default_collapse_sidebar: false, mj_notify_enabled: false,
    log_fold_enabled: false, demo_site_enabled: false, self_use_mode_enabled: false,
    chat_link: '', chat_link2: '', title_seo: '', description_seo: '', keywords_seo: '', h1_seo: '',
    group_ration: '', group_ration_zh: '', work_info_enabled: false, apply_join_enabled: false,
    orders_invoice_enabled: false, agent_info_enabled: false, help_info_enabled: false,
    api_address_enabled: false, service_status_enabled: false, common_question_enabled: false,
    email_verification: false, turnstile_check: false, turnstile_site_key: '',
    password_login_enabled: true, password_register_enabled: true, register_enabled: true,
    github_oauth: false, github_client_id: '', linuxdo_oauth: false, linuxdo_client_id: '',
    github_authorize_url: 'https://github.com/login/oauth/authorize', linuxdo_authorize_url: 'https://connect.linux.do/oauth2/authorize',
    wechat_login: false, wechat_qrcode: '', telegram_oauth: false, telegram_bot_name: '',
    ...overrides,
  };
}

export function loginUser(overrides: Partial<LoginUser> = {}): LoginUser {
  return { id: 7, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default', ...overrides };
}

export function selfUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    ...loginUser(),
    email: 'alice@example.com', github_id: '', wechat_id: '', telegram_id: '', linux_do_id: '',
    quota: 1250000, used_quota: 250000, request_count: 31, aff_code: 'AbCd', aff_count: 0, aff_quota: 0,
    aff_history_quota: 0, inviter_id: 0, setting: '', created_at: 0, last_login_time: 0,
    ...overrides,
  };
}
