// The signed-in user's own account (spec 1 "Personal settings", §5, §7, §9; reference §4.8, §7.2, §7.4):
// profile and password, deactivation, access token, invite code and transfer, usable models and groups, and the
// quota warning settings kept in the user's `setting` JSON.

/** PUT /api/user/self: the display name, and/or a new password together with the current one. */
export interface SelfUpdateRequest {
  display_name?: string;
  /** The current password; required with `password`. */
  original_password?: string;
  password?: string;
}

/** Display names are at most 20 characters (reference §7.1). */
export const DISPLAY_NAME_MAX = 20;

/** POST /api/user/aff_transfer: quota units moved from the invite balance to the usable one. */
export interface AffTransferRequest {
  quota: number;
}

/** GET /api/user/self/groups: the groups a user may put on a token, with their ratio and description. */
export type UsableGroups = Record<string, { ratio: number; desc: string }>;

export const NOTIFY_TYPES = ['email', 'webhook'] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

/** PUT /api/user/setting (spec 1 §7). `webhook_secret`: omitted or '' keeps the stored one, null removes it. */
export interface NotifySettingsRequest {
  notify_type: string;
  quota_warning_threshold: number;
  webhook_url?: string;
  webhook_secret?: string | null;
  notification_email?: string;
}

/**
 * The quota warning settings as the owner sees them (also inside GET /api/user/self's `setting` string). The
 * secret itself is never sent back: `webhook_secret` is always '' and `webhook_secret_set` says whether one is kept.
 */
export interface NotifySettingsView {
  notify_type: NotifyType;
  /** null: never saved, the site's QuotaRemindThreshold applies. */
  quota_warning_threshold: number | null;
  webhook_url: string;
  webhook_secret: '';
  webhook_secret_set: boolean;
  notification_email: string;
}

/** Presets of the threshold field (spec 1 §9), in quota units. */
export const QUOTA_WARNING_PRESETS = [100000, 500000, 1000000, 5000000] as const;
/** What the form starts with when the user never saved a threshold (spec 1 §9). */
export const QUOTA_WARNING_FORM_DEFAULT = 100000;
/** One quota warning per user per this many seconds at most (spec 1 §9: two hours). */
export const QUOTA_WARNING_INTERVAL_SECONDS = 7200;
export const NOTIFY_EMAIL_MAX = 254;
export const WEBHOOK_URL_MAX = 1024;
export const WEBHOOK_SECRET_MAX = 256;

/** The JSON a quota warning webhook receives (spec 1 §9): `content` keeps its {{value}} placeholders, filled in order from `values`. */
export interface NotifyWebhookBody {
  type: string;
  title: string;
  content: string;
  values: string[];
  timestamp: number;
}

/** `type` of a quota warning (new-api's name). */
export const QUOTA_WARNING_TYPE = 'quota_exceed';

/** A user's `setting` column (or its public copy) as an object; {} when empty or not a JSON object. */
export function settingObject(raw: string): Record<string, unknown> {
  if (!raw.trim()) return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
