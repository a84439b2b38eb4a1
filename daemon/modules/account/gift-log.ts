// Texts of the system logs written for registration gifts (reference §7.1), in new-api's wording: quota as
// "＄0.500000 额度" when the site shows currency, else "250000 点额度". Stored in Chinese, the console's default.
import { translate } from '../../i18n/translate.js';
import type { OptionKey } from '../../contract/options.js';

interface OptionReader {
  bool(key: OptionKey): boolean;
  number(key: OptionKey): number;
}

export function logQuota(o: OptionReader, quota: number): string {
  const perUnit = o.number('QuotaPerUnit');
  if (o.bool('DisplayInCurrencyEnabled') && perUnit > 0) return translate('zh', 'register.quota_currency', { amount: (quota / perUnit).toFixed(6) });
  return translate('zh', 'register.quota_points', { quota });
}

export const giftLogText = (o: OptionReader, key: 'register.log_new_user' | 'register.log_invitee' | 'register.log_inviter', quota: number): string =>
  translate('zh', key, { quota: logQuota(o, quota) });
