// User shapes on the wire (spec 1 §3). Responses are built from these explicit field lists only.
export interface LoginRequest {
  username: string;
  password: string;
}

/** What login returns and the console keeps in local storage (reference §2.1). */
export interface LoginUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
}

/** GET /api/user/self: the signed-in user's own view. No password, no access token. */
export interface SelfUser extends LoginUser {
  email: string;
  github_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  setting: string;
  created_at: number;
  last_login_time: number;
}

export const SELF_USER_FIELDS = [
  'id', 'username', 'display_name', 'role', 'status', 'group', 'email', 'github_id', 'wechat_id', 'telegram_id',
  'linux_do_id', 'quota', 'used_quota', 'request_count', 'aff_code', 'aff_count', 'aff_quota', 'aff_history_quota',
  'inviter_id', 'setting', 'created_at', 'last_login_time',
] as const satisfies readonly (keyof SelfUser)[];

export const LOGIN_USER_FIELDS = ['id', 'username', 'display_name', 'role', 'status', 'group'] as const satisfies readonly (keyof LoginUser)[];

export const PASSWORD_MIN = 8;
/** Usernames are at most 12 characters (spec 3 §9). */
export const USERNAME_MAX = 12;
export const PASSWORD_MAX = 20;
/** The well-known first-boot credentials of older gateways; signing in with them shows a warning (spec 1 §2). */
export const DEFAULT_ROOT_USERNAME = 'root';
export const DEFAULT_ROOT_PASSWORD = '123456';
/** localStorage keys the console uses. */
export const STORAGE_KEYS = {
  user: 'user',
  aff: 'aff',
  theme: 'theme-mode',
  language: 'i18nextLng',
  status: 'status',
  footer: 'footer_html',
  noticeRead: 'notice_read',
} as const;
