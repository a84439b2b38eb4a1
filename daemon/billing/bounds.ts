// Ingress bounds for every number that reaches the quota arithmetic, and the sanitisers that enforce them. Money
// math must never go negative, wrap, or turn a charge into a credit (new-api's worst advisory was an overflow that
// did exactly that): every token count, `n`, ratio and price is clamped here before it is multiplied, the products
// are exact (decimal.ts, BigInt) and the result saturates at MAX_QUOTA.
import { PRICE_MAX_USD, RATIO_MAX } from '../contract/ratio-tables.js';

export { PRICE_MAX_USD, RATIO_MAX };

/** Most tokens one usage field (or max_tokens) may count: new-api's request limit for max_tokens, 2^30. */
export const MAX_TOKENS = 2 ** 30;
/** Most choices per request (OpenAI's own limit for `n`). */
export const MAX_N = 128;
/** Most per-call units one request may bill (n × size × quality factors of an image call stay far below it). */
export const MAX_UNITS = 1024;
/** QuotaPerUnit is an option; it is clamped to [1, MAX_QUOTA_PER_UNIT] (default 500000 = $1). */
export const MAX_QUOTA_PER_UNIT = 1_000_000_000;
export const DEFAULT_QUOTA_PER_UNIT = 500_000;
/** No single quota figure exceeds this; results saturate here instead of losing integer precision. */
export const MAX_QUOTA = Number.MAX_SAFE_INTEGER;

const finite = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** A token count: not a finite number or negative → 0; fractions floor; above MAX_TOKENS → MAX_TOKENS. */
export function clampTokens(x: unknown): number {
  const n = finite(x);
  if (n === null || n <= 0) return 0;
  return Math.min(Math.floor(n), MAX_TOKENS);
}

/** `n` of a request: absent, not finite or below 1 → 1; fractions floor; above MAX_N → MAX_N. */
export function clampN(x: unknown): number {
  const n = finite(x);
  if (n === null || n < 1) return 1;
  return Math.min(Math.floor(n), MAX_N);
}

/** A ratio read at billing time: not finite or negative → null (caller treats it as unset); capped at RATIO_MAX. */
export function cleanRatio(x: unknown): number | null {
  const n = finite(x);
  if (n === null || n < 0) return null;
  return Math.min(n, RATIO_MAX);
}

/** A per-call price in USD: like cleanRatio, capped at PRICE_MAX_USD. */
export function cleanPrice(x: unknown): number | null {
  const n = finite(x);
  if (n === null || n < 0) return null;
  return Math.min(n, PRICE_MAX_USD);
}

/** Per-call units (may be fractional, e.g. 0.45 for a 512² image): not finite or negative → 0; capped. */
export function clampUnits(x: unknown): number {
  const n = finite(x);
  if (n === null || n <= 0) return 0;
  return Math.min(n, MAX_UNITS);
}

/** QuotaPerUnit: not finite or below 1 → the default 500000; capped at MAX_QUOTA_PER_UNIT. */
export function clampQuotaPerUnit(x: unknown): number {
  const n = finite(x);
  if (n === null || n < 1) return DEFAULT_QUOTA_PER_UNIT;
  return Math.min(n, MAX_QUOTA_PER_UNIT);
}

/** A quota amount that came from elsewhere (a balance, a reservation): not finite or negative → 0; integer; capped. */
export function clampQuota(x: unknown): number {
  const n = finite(x);
  if (n === null || n <= 0) return 0;
  return Math.min(Math.floor(n), MAX_QUOTA);
}
