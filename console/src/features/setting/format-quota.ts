// Quota display (spec 2 §9: 500000 quota = 1 US dollar by default): dollars when the site shows currency.
import { DEFAULT_QUOTA_PER_UNIT } from '@contract/roles';
import type { PublicStatus } from '@contract/status';

type DisplayStatus = Pick<PublicStatus, 'quota_per_unit' | 'display_in_currency'> | null;

export function formatQuota(quota: number, status: DisplayStatus): string {
  if (!status?.display_in_currency) return String(quota);
  const perUnit = status.quota_per_unit > 0 ? status.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  return `$${(quota / perUnit).toFixed(2)}`;
}
