// Money of an online top-up, exactly (design agents.md §2): a user's price per 1 US dollar of quota is its
// exclusive_price when > 0, else Price × TopupGroupRatio[group] (0 or missing → 1); the money to pay is
// amount × price rounded half-up to whole cents. Money is held as integer micros (millionths of the currency).
import { dec, int, mul, round, toQuota, type Dec } from '../../billing/decimal.js';

export const MICROS = 1_000_000n;
const MICROS_PER_CENT = 10_000n;
const ONE: Dec = { m: 1n, e: 0 };

export interface PriceInputs {
  /** users.exclusive_price (0 = none). */
  exclusivePrice: number;
  /** The Price option. */
  price: number;
  /** The TopupGroupRatio option, parsed. */
  groupRatios: Readonly<Record<string, unknown>>;
  group: string;
}

/** Money per 1 dollar of quota for this user, exact. */
export function topUpPrice(i: PriceInputs): Dec {
  if (Number.isFinite(i.exclusivePrice) && i.exclusivePrice > 0) return dec(i.exclusivePrice);
  const r = Number(Object.hasOwn(i.groupRatios, i.group) ? i.groupRatios[i.group] : NaN);
  return mul(dec(i.price), Number.isFinite(r) && r > 0 ? dec(r) : ONE);
}

/** The TopupGroupRatio option's JSON text as an object ({} when it is not one: every group then counts as 1). */
export function groupRatiosOf(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** amount × price, half-up to cents, in micros (a multiple of 10 000). */
export function moneyMicros(amount: number, price: Dec): bigint {
  return round(mul(mul(int(amount), price), { m: 100n, e: 0 })) * MICROS_PER_CENT;
}

/** Micros as the wire's money: 2 decimals, half-up ("7.30"). */
export function formatMoney(micros: bigint | number): string {
  const m = BigInt(micros);
  const neg = m < 0n;
  const abs = neg ? -m : m;
  const cents = (abs + MICROS_PER_CENT / 2n) / MICROS_PER_CENT;
  return `${neg && cents > 0n ? '-' : ''}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** A provider's money text ("7.3", "7.30", "7") as micros; null when it is not a plain non-negative decimal. */
export function parseMoney(text: string): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]) * MICROS + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** Quota credited for `amount` dollars: amount × QuotaPerUnit (an integer; saturates at the quota bound). */
export const quotaForAmount = (amount: number, quotaPerUnit: number): number => toQuota(round(mul(int(amount), dec(quotaPerUnit))));
