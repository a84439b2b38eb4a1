// Agents' commissions on a paid top-up (design agents.md §2), pure and exact. The buyer paid M micros for X dollars
// of quota, so its price is q0 = M / X; walking up the chain, each agent's price is clamped to the one below it
// (q_i = min(q_{i-1}, price(A_i))), and A_i earns X × (q_{i-1} − q_i) rounded down to micros. Because the clamped
// prices only go down, the shares telescope: their sum is at most M − X × q_n, never more than M, so the site's part
// M − Σ shares is never negative, and every share is ≥ 0 even when an agent's own price is above its buyer's.
import { dec, mul, int, type Dec } from '../../billing/decimal.js';
import { MICROS } from '../topup/topup-money.js';

export interface CommissionSplit {
  /** One share per agent of the chain, in chain order (A₁ first), in micros; each ≥ 0. */
  shares: bigint[];
  /** What the site keeps: M − Σ shares, ≥ 0. */
  siteMicros: bigint;
}

const pow10 = (k: number): bigint => 10n ** BigInt(k);

/** The two decimals' mantissas at a common scale (values compare and subtract exactly). */
function align(a: Dec, b: Dec): [bigint, bigint, number] {
  if (a.e === b.e) return [a.m, b.m, a.e];
  return a.e > b.e ? [a.m, b.m * pow10(a.e - b.e), a.e] : [a.m * pow10(b.e - a.e), b.m, b.e];
}

/** ⌊a⌋ of a decimal that is ≥ 0. */
const floorNonNeg = (a: Dec): bigint => (a.e === 0 ? a.m : a.m / pow10(a.e));

/**
 * Splits `moneyMicros` (what the order charged) for `dollars` of quota between the agents of the chain, whose
 * effective top-up prices (money per 1 dollar of quota, see topUpPrice) are given buyer-side first.
 */
export function splitCommission(moneyMicros: bigint, dollars: number, chainPrices: readonly Dec[]): CommissionSplit {
  const m = moneyMicros > 0n ? moneyMicros : 0n;
  const x = Number.isSafeInteger(dollars) && dollars > 0 ? dollars : 0;
  // Work in totals: T_i = X × q_i in micros. T_0 = M exactly, so no division by X is ever needed.
  let prev: Dec = { m, e: 0 };
  const shares: bigint[] = [];
  for (const price of chainPrices) {
    const atPrice = x === 0 || price.m <= 0n ? { m: 0n, e: 0 } : mul(mul(int(x), price), { m: MICROS, e: 0 });
    const [p, c, e] = align(prev, atPrice);
    const next: Dec = c < p ? { m: c, e } : { m: p, e };
    shares.push(floorNonNeg({ m: p - next.m, e }));
    prev = next;
  }
  const total = shares.reduce((s, v) => s + v, 0n);
  return { shares, siteMicros: m - total };
}

/**
 * Money as integer quota units: ⌊micros × QuotaPerUnit / 10⁶⌋ (QuotaPerUnit taken as its exact decimal). Rounded
 * down so that quota credited as withdrawable never reads as more money than was earned.
 */
export function microsToQuota(micros: bigint, quotaPerUnit: number): bigint {
  const q = dec(quotaPerUnit);
  if (micros <= 0n || q.m <= 0n) return 0n;
  return (micros * q.m) / (MICROS * pow10(q.e));
}

/** Quota units back to money, half-up to whole micros (for showing a settlement's quota as money). */
export function quotaToMicros(quota: bigint, quotaPerUnit: number): bigint {
  const q = dec(quotaPerUnit);
  if (quota <= 0n || q.m <= 0n) return 0n;
  const num = quota * MICROS * pow10(q.e);
  return (2n * num + q.m) / (2n * q.m);
}
