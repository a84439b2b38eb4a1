// Exact decimal arithmetic for quota. new-api multiplies with a decimal library (shopspring/decimal built from each
// float's shortest representation) and rounds once at the end; plain JS floats would round 1.15 × 10 to 11 instead
// of 12. A value here is m / 10^e with m a BigInt, so products and sums cannot overflow or drift; only the final
// rounding (half away from zero) and the saturation to a safe integer touch precision.
import { MAX_QUOTA } from './bounds.js';

export interface Dec {
  readonly m: bigint;
  /** number of decimal places: the value is m / 10^e, e ≥ 0 */
  readonly e: number;
}

export const ZERO: Dec = { m: 0n, e: 0 };
const pow10 = (k: number): bigint => 10n ** BigInt(k);

// Ratios and prices repeat on every call: their decimals are parsed once (Dec values are immutable).
const parsed = new Map<number, Dec>();

/** The exact decimal of a number's shortest round-trip text (what String(x) prints). Not finite → 0. */
export function dec(x: number): Dec {
  let d = parsed.get(x);
  if (d === undefined) {
    d = parse(x);
    if (parsed.size >= 4096) parsed.clear();
    parsed.set(x, d);
  }
  return d;
}

function parse(x: number): Dec {
  if (!Number.isFinite(x)) return ZERO;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!match) return ZERO;
  const [, sign, int, frac = '', exp = '0'] = match;
  let m = BigInt(int + frac);
  let e = frac.length - Number(exp);
  if (e < 0) {
    m *= pow10(-e);
    e = 0;
  }
  return { m: sign === '-' ? -m : m, e };
}

/** An integer (token count) as a decimal, exactly. */
export const int = (n: number): Dec => ({ m: BigInt(Math.trunc(Number.isFinite(n) ? n : 0)), e: 0 });

export const mul = (a: Dec, b: Dec): Dec => ({ m: a.m * b.m, e: a.e + b.e });

export function add(a: Dec, b: Dec): Dec {
  if (a.e === b.e) return { m: a.m + b.m, e: a.e };
  return a.e > b.e ? { m: a.m + b.m * pow10(a.e - b.e), e: a.e } : { m: a.m * pow10(b.e - a.e) + b.m, e: b.e };
}

export const sum = (...xs: Dec[]): Dec => xs.reduce(add, ZERO);
export const mulAll = (...xs: Dec[]): Dec => xs.reduce(mul, { m: 1n, e: 0 });
export const isZero = (a: Dec): boolean => a.m === 0n;

/** Nearest integer, halves away from zero (shopspring's Round(0)). */
export function round(a: Dec): bigint {
  if (a.e === 0) return a.m;
  const d = pow10(a.e);
  const neg = a.m < 0n;
  const abs = neg ? -a.m : a.m;
  const q = abs / d;
  const r = abs % d;
  const rounded = 2n * r >= d ? q + 1n : q;
  return neg ? -rounded : rounded;
}

/** A BigInt quota as a JS number in [0, MAX_QUOTA]: negatives become 0, anything larger saturates. */
export function toQuota(b: bigint): number {
  if (b <= 0n) return 0;
  return b >= BigInt(MAX_QUOTA) ? MAX_QUOTA : Number(b);
}

/** The decimal as a JS number (for prices derived from ratios, e.g. 0.0025 × model ratio). */
export function toNumber(a: Dec): number {
  if (a.e === 0) return Number(a.m);
  const neg = a.m < 0n;
  const s = (neg ? -a.m : a.m).toString().padStart(a.e + 1, '0');
  return Number(`${neg ? '-' : ''}${s.slice(0, s.length - a.e)}.${s.slice(s.length - a.e)}`);
}
