// What a quota warning says (reference §4.8, spec 1 §9): title, content with {{value}} placeholders and the values
// that fill them in order. Pure.
import { QUOTA_WARNING_TYPE, type NotifyWebhookBody } from '../../contract/self.js';
import type { Lang } from '../../i18n/lang.js';
import { translate } from '../../i18n/translate.js';
import { quotaText, type QuotaDisplay } from '../self/quota-text.js';

export const VALUE_PLACEHOLDER = '{{value}}';

export interface QuotaWarning {
  title: string;
  content: string;
  values: string[];
}

export function quotaWarning(remaining: number, o: QuotaDisplay & { serverAddress: string; lang: Lang }): QuotaWarning {
  const title = translate(o.lang, 'notify.quota_title');
  const topUp = `${o.serverAddress.replace(/\/+$/, '')}/topup`;
  return { title, content: translate(o.lang, 'notify.quota_content'), values: [title, quotaText(remaining, o, o.lang), topUp, topUp] };
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The content with its placeholders filled, values HTML-escaped (for an e-mail body). */
export function fillHtml(w: QuotaWarning): string {
  let i = 0;
  return w.content.replace(/\{\{value\}\}/g, () => (i < w.values.length ? escapeHtml(w.values[i++]) : VALUE_PLACEHOLDER));
}

export const webhookBody = (w: QuotaWarning, timestamp: number): NotifyWebhookBody => ({
  type: QUOTA_WARNING_TYPE, title: w.title, content: w.content, values: w.values, timestamp,
});
