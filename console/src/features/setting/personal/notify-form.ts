// The notification settings form (spec 1 §5, §9): its state from the stored setting, checks with the server's
// rules (https-only webhook, threshold ≥ 0, an e-mail address when one is typed), and the request it sends.
import {
  NOTIFY_EMAIL_MAX, QUOTA_WARNING_FORM_DEFAULT, WEBHOOK_SECRET_MAX, WEBHOOK_URL_MAX, settingObject, type NotifySettingsRequest, type NotifyType,
} from '@contract/self';

export interface NotifyForm {
  notify_type: NotifyType;
  quota_warning_threshold: number;
  notification_email: string;
  webhook_url: string;
  /** Typed new secret; '' keeps the stored one. */
  webhook_secret: string;
  /** A secret is stored on the server (it is never sent back). */
  secret_set: boolean;
  /** Remove the stored secret on save. */
  clear_secret: boolean;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The form from GET /api/user/self's `setting` string. */
export function notifyFormOf(setting: string): NotifyForm {
  const o = settingObject(setting);
  const threshold = Number(o.quota_warning_threshold);
  return {
    notify_type: o.notify_type === 'webhook' ? 'webhook' : 'email',
    quota_warning_threshold: o.quota_warning_threshold !== undefined && Number.isFinite(threshold) ? threshold : QUOTA_WARNING_FORM_DEFAULT,
    notification_email: str(o.notification_email),
    webhook_url: str(o.webhook_url),
    webhook_secret: '',
    secret_set: o.webhook_secret_set === true,
    clear_secret: false,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An i18n key (under personal.notify) for the first problem, or null. */
export function notifyFormProblem(f: NotifyForm): string | null {
  if (!Number.isSafeInteger(f.quota_warning_threshold) || f.quota_warning_threshold < 0) return 'personal.notify.thresholdInvalid';
  if (f.notify_type === 'webhook') {
    const url = f.webhook_url.trim();
    if (!url) return 'personal.notify.webhookRequired';
    if (url.length > WEBHOOK_URL_MAX) return 'personal.notify.webhookTooLong';
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return 'personal.notify.webhookHttps';
    }
    if (parsed.protocol !== 'https:') return 'personal.notify.webhookHttps';
    if (f.webhook_secret.length > WEBHOOK_SECRET_MAX) return 'personal.notify.secretTooLong';
  } else {
    const email = f.notification_email.trim();
    if (email && (email.length > NOTIFY_EMAIL_MAX || !EMAIL.test(email))) return 'personal.notify.emailInvalid';
  }
  return null;
}

export function notifyRequest(f: NotifyForm): NotifySettingsRequest {
  const base = { notify_type: f.notify_type, quota_warning_threshold: f.quota_warning_threshold };
  if (f.notify_type === 'email') return { ...base, notification_email: f.notification_email.trim() };
  return { ...base, webhook_url: f.webhook_url.trim(), webhook_secret: f.clear_secret ? null : f.webhook_secret };
}
