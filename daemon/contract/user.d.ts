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
export declare const SELF_USER_FIELDS: readonly ["id", "username", "display_name", "role", "status", "group", "email", "github_id", "wechat_id", "telegram_id", "linux_do_id", "quota", "used_quota", "request_count", "aff_code", "aff_count", "aff_quota", "aff_history_quota", "inviter_id", "setting", "created_at", "last_login_time"];
export declare const LOGIN_USER_FIELDS: readonly ["id", "username", "display_name", "role", "status", "group"];
export declare const PASSWORD_MIN = 8;
/** Usernames are at most 12 characters (spec 3 §9). */
export declare const USERNAME_MAX = 12;
export declare const PASSWORD_MAX = 20;
/** The well-known first-boot credentials of older gateways; signing in with them shows a warning (spec 1 §2). */
export declare const DEFAULT_ROOT_USERNAME = "root";
export declare const DEFAULT_ROOT_PASSWORD = "123456";
/** localStorage keys the console uses. */
export declare const STORAGE_KEYS: {
    readonly user: "user";
    readonly aff: "aff";
    readonly theme: "theme-mode";
    readonly language: "i18nextLng";
    readonly status: "status";
    readonly footer: "footer_html";
    readonly noticeRead: "notice_read";
};
