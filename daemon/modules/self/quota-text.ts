// Quota for people in server messages: dollars when the site shows currency (QuotaPerUnit quota = $1), else points.
import type { Lang } from '../../i18n/lang.js';
import { translate } from '../../i18n/translate.js';

export interface QuotaDisplay {
  perUnit: number;
  inCurrency: boolean;
}

export function quotaText(quota: number, d: QuotaDisplay, lang: Lang): string {
  if (d.inCurrency && d.perUnit > 0) return `$${(quota / d.perUnit).toFixed(2)}`;
  return translate(lang, 'notify.quota_points', { quota });
}
