// Exact money at the invoice wire boundary, on top of the top-up's money helpers (modules/topup/topup-money.ts):
// the database keeps integer micros (millionths of the site's currency), the wire a decimal number with at most
// 2 decimals. Parsing goes through the decimal text, never through float arithmetic: '1000.10' is 1_000_100_000.
import { MICROS, formatMoney, parseMoney as parseMicros } from '../topup/topup-money.js';

export const MICROS_PER_UNIT = Number(MICROS);
const MICROS_PER_CENT = 10_000;
/** Whole units kept below 10^9, so micros stay far inside Number.MAX_SAFE_INTEGER (9.007e15). */
const MAX_MICROS = 1_000_000_000 * MICROS_PER_UNIT - 1;

export type ParsedMoney = { ok: true; micros: number } | { ok: false };

/**
 * A non-negative decimal amount with at most 2 decimals ('1000', '1000.1', '1000.10', 1000.1) as micros. Refused:
 * signs, exponents, more than 2 decimals, empty text, 10^9 or more, non-finite numbers.
 */
export function parseMoney(input: string | number): ParsedMoney {
  // String(n) is the shortest text that reads back as n: 1000.1 -> '1000.1', 0.1 + 0.2 -> '0.30000000000000004'.
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  if (!/^\d+(?:\.\d{1,2})?$/.test(text)) return { ok: false };
  const micros = parseMicros(text.replace(/^0+(?=\d)/, ''));
  if (micros === null || micros > BigInt(MAX_MICROS)) return { ok: false };
  return { ok: true, micros: Number(micros) };
}

/** Micros as the wire's decimal, rounded half-up to cents: 1_000_105_000 -> 1000.11. */
export const microsToMoney = (micros: number): number => Number(formatMoney(micros));

/** Micros rounded down to cents: what may still be asked for never shows more than there is. */
const floorCents = (micros: number): number => Math.floor(micros / MICROS_PER_CENT) * MICROS_PER_CENT;

/** Micros as the wire's decimal, rounded down to cents. */
export const microsToMoneyFloor = (micros: number): number => Number(formatMoney(floorCents(micros)));

/** Micros rounded down to cents as text with 2 decimals, for messages: 1_000_109_999 -> '1000.10'. */
export const formatMicros = (micros: number): string => formatMoney(floorCents(micros));
