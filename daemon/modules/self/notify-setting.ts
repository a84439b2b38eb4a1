// The quota warning settings inside users.setting (a JSON object that also holds other keys, which are kept):
// reading them, checking a change (spec 1 §5: https-only webhook, threshold ≥ 0), and the owner's view without
// the webhook secret. Pure: no I/O.
import {
  NOTIFY_EMAIL_MAX, NOTIFY_TYPES, WEBHOOK_SECRET_MAX, WEBHOOK_URL_MAX, type NotifySettingsRequest, type NotifySettingsView,
  type NotifyType, settingObject,
} from '../../contract/self.js';
import { isPrivateAddress, outboundUrlProblem } from '../../app/outbound.js';
import type { Lang } from '../../i18n/lang.js';
import type { SelfMessageKey } from './self.messages.js';

export interface NotifySettings {
  notifyType: NotifyType;
  /** null: never saved; the site's QuotaRemindThreshold applies. */
  threshold: number | null;
  webhookUrl: string;
  webhookSecret: string;
  notificationEmail: string;
  /** Language the settings were saved in; warnings are written in it. */
  language: Lang;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: SelfMessageKey; params?: Record<string, string | number> };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function notifySettingsOf(raw: string): NotifySettings {
  const o = settingObject(raw);
  const t = Number(o.quota_warning_threshold);
  return {
    notifyType: o.notify_type === 'webhook' ? 'webhook' : 'email',
    threshold: o.quota_warning_threshold !== undefined && o.quota_warning_threshold !== null && Number.isFinite(t) ? t : null,
    webhookUrl: str(o.webhook_url),
    webhookSecret: str(o.webhook_secret),
    notificationEmail: str(o.notification_email),
    language: o.language === 'en' ? 'en' : 'zh',
  };
}

export function notifyView(raw: string): NotifySettingsView {
  const s = notifySettingsOf(raw);
  return {
    notify_type: s.notifyType, quota_warning_threshold: s.threshold, webhook_url: s.webhookUrl, webhook_secret: '',
    webhook_secret_set: s.webhookSecret !== '', notification_email: s.notificationEmail,
  };
}

/** users.setting as its owner may see it: every key, but the webhook secret replaced by whether one is set. */
export function publicSetting(raw: string): string {
  const o = settingObject(raw);
  if (!('webhook_secret' in o)) return raw;
  const { webhook_secret: secret, ...rest } = o;
  return JSON.stringify({ ...rest, webhook_secret: '', webhook_secret_set: str(secret) !== '' });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks a webhook target a user gives. https only, no user info, never an address on this machine, a private
 * network or link-local (the server would call it). `allowPrivate` (config notify.webhook_allow_private, off by
 * default) lifts the https and private-network rules for a gateway whose receivers live on its own network.
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): SelfMessageKey | null {
  if (!raw) return 'self.webhook_required';
  if (raw.length > WEBHOOK_URL_MAX) return 'self.webhook_too_long';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'self.webhook_https';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'self.webhook_https';
  if (outboundUrlProblem(raw)) return 'self.webhook_blocked';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host)) return 'self.webhook_blocked';
  return null;
}

/**
 * Applies a change to the stored setting and answers the new JSON. Fields of the other notification type are
 * kept as they were, so switching back and forth loses nothing; keys this module does not own are kept too.
 */
export function applyNotifySettings(
  raw: string,
  req: NotifySettingsRequest,
  opts: { allowPrivateWebhook: boolean; language: Lang },
): Checked<string> {
  if (!(NOTIFY_TYPES as readonly string[]).includes(req.notify_type)) return { ok: false, error: 'self.notify_type_invalid' };
  const threshold = req.quota_warning_threshold;
  if (typeof threshold !== 'number' || !Number.isSafeInteger(threshold) || threshold < 0) return { ok: false, error: 'self.threshold_invalid' };
  const next: Record<string, unknown> = { ...settingObject(raw), notify_type: req.notify_type, quota_warning_threshold: threshold, language: opts.language };
  if (req.notify_type === 'webhook') {
    const url = (req.webhook_url ?? '').trim();
    const problem = webhookUrlProblem(url, opts.allowPrivateWebhook);
    if (problem) return { ok: false, error: problem, params: { max: WEBHOOK_URL_MAX } };
    next.webhook_url = url;
    const secret: unknown = req.webhook_secret;
    if (secret !== undefined && secret !== null && typeof secret !== 'string') return { ok: false, error: 'self.secret_invalid' };
    if (secret === null) next.webhook_secret = '';
    else if (req.webhook_secret) {
      if (req.webhook_secret.length > WEBHOOK_SECRET_MAX) return { ok: false, error: 'self.secret_too_long', params: { max: WEBHOOK_SECRET_MAX } };
      next.webhook_secret = req.webhook_secret;
    }
  } else {
    const email = (req.notification_email ?? '').trim();
    if (email && (email.length > NOTIFY_EMAIL_MAX || !EMAIL.test(email))) return { ok: false, error: 'self.email_invalid' };
    next.notification_email = email;
  }
  return { ok: true, value: JSON.stringify(next) };
}
