// How quota reads to people, the same in the console and the CLI (spec 1 §9): in the display currency when the site
// shows currency (quota / QuotaPerUnit dollars), else as points with number compaction ('k' from 10 thousand, 'M'
// from 1 million, 'B' from 1 billion). A real charge never reads "$0.00": amounts under a cent keep three significant
// digits ($0.000226). Pure; imports nothing.

export interface QuotaDisplay {
  display_in_currency: boolean;
  quota_per_unit: number;
}

/** 500000 quota = 1 US dollar unless the site says otherwise (spec 2 §9). */
const DEFAULT_PER_UNIT = 500000;

/** 12345 → "12.3k", 2500000 → "2.5M", 3e9 → "3B"; below 10 000 the number itself. */
export function compactNumber(n: number): string {
  const abs = Math.abs(n);
  const one = (x: number, suffix: string) => `${n < 0 ? '-' : ''}${trimZeros((abs / x).toFixed(1))}${suffix}`;
  if (abs >= 1e9) return one(1e9, 'B');
  if (abs >= 1e6) return one(1e6, 'M');
  if (abs >= 1e4) return one(1e3, 'k');
  return String(n);
}

/** Dollars with two decimals, or three significant digits under a cent: 1.5 → "1.50", 0.000226 → "0.000226". */
export function formatDollars(amount: number): string {
  const abs = Math.abs(amount);
  if (abs === 0 || abs >= 0.01) return amount.toFixed(2);
  // three significant digits, written out (toPrecision would switch to 1.23e-7)
  const decimals = Math.min(12, 2 - Math.floor(Math.log10(abs)));
  return trimZeros(amount.toFixed(decimals));
}

/** Quota as the site shows it: "$1.50" / "$0.000226", or "12.3k" points. */
export function formatQuota(quota: number, display: QuotaDisplay | null): string {
  if (!display?.display_in_currency) return compactNumber(quota);
  const text = formatDollars(quota / perUnitOf(display));
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Quota per one unit of display currency, the site's or the default. */
export const perUnitOf = (display: QuotaDisplay | null): number =>
  display && display.quota_per_unit > 0 ? display.quota_per_unit : DEFAULT_PER_UNIT;

/** A dollar amount typed by a person as whole quota (rounded to the nearest unit). */
export const quotaFromDollars = (dollars: number, display: QuotaDisplay | null): number => Math.round(dollars * perUnitOf(display));

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
