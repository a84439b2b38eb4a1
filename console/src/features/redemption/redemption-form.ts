// The redemption drawer's state, its checks (spec 3 §5, §9) and request bodies, kept pure for tests. The quota is
// typed in dollars when the site shows currency (× quota_per_unit on the way out), else in quota points.
import {
  REDEMPTION_BATCH_MAX, REDEMPTION_DEFAULT_COUNT, REDEMPTION_DEFAULT_QUOTA, REDEMPTION_NAME_MAX, REDEMPTION_NAME_MIN,
  type RedemptionCreateRequest, type RedemptionUpdateRequest, type RedemptionView,
} from '@contract/redemption';
import { DEFAULT_QUOTA_PER_UNIT } from '@contract/roles';

/** What the quota field is typed in. */
export interface QuotaUnit {
  currency: boolean;
  perUnit: number;
}

export interface RedemptionForm {
  name: string;
  /** Dollars when `unit.currency`, else quota points. */
  amount: number;
  /** Create only. */
  count: number;
}

export function quotaUnit(status: { display_in_currency?: boolean; quota_per_unit?: number } | null | undefined): QuotaUnit {
  const perUnit = status?.quota_per_unit && status.quota_per_unit > 0 ? status.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  return { currency: !!status?.display_in_currency, perUnit };
}

/** The field's value for a quota: dollars rounded to 6 places, or the points themselves. */
export const amountOf = (quota: number, unit: QuotaUnit): number =>
  unit.currency ? Math.round((quota / unit.perUnit) * 1e6) / 1e6 : quota;

/** The quota for the field's value. */
export const quotaOf = (amount: number, unit: QuotaUnit): number => Math.round(unit.currency ? amount * unit.perUnit : amount);

/** A dollar preset in the field's unit. */
export const presetAmount = (usd: number, unit: QuotaUnit): number => (unit.currency ? usd : usd * unit.perUnit);

export const emptyRedemptionForm = (unit: QuotaUnit): RedemptionForm => ({
  name: '', amount: amountOf(REDEMPTION_DEFAULT_QUOTA, unit), count: REDEMPTION_DEFAULT_COUNT,
});

export const formFromRedemption = (r: RedemptionView, unit: QuotaUnit): RedemptionForm => ({
  name: r.name, amount: amountOf(r.quota, unit), count: 1,
});

/** The i18n key of the first problem, or null. */
export function validateRedemptionForm(form: RedemptionForm, unit: QuotaUnit, creating: boolean): string | null {
  const length = [...form.name.trim()].length;
  if (length < REDEMPTION_NAME_MIN || length > REDEMPTION_NAME_MAX) return 'redemption.form.nameLength';
  const quota = quotaOf(form.amount, unit);
  if (!Number.isFinite(form.amount) || !Number.isSafeInteger(quota) || quota < 1) return 'redemption.form.quotaInvalid';
  if (creating && (!Number.isInteger(form.count) || form.count < 1 || form.count > REDEMPTION_BATCH_MAX)) return 'redemption.form.countInvalid';
  return null;
}

export const createRequest = (form: RedemptionForm, unit: QuotaUnit): RedemptionCreateRequest => ({
  name: form.name.trim(), quota: quotaOf(form.amount, unit), count: form.count,
});

export const updateRequest = (id: number, form: RedemptionForm, unit: QuotaUnit): RedemptionUpdateRequest => ({
  id, name: form.name.trim(), quota: quotaOf(form.amount, unit),
});
