// The pricing page's arithmetic-free display rules (spec 3 "Pricing page", spec 2 §9): the server prices every
// model in quota, exactly as the relay charges it (per 1M tokens of each kind, or per call); this file only turns
// those amounts into the site's money display, per 1M or 1K tokens, and filters the rows.
import { DEFAULT_QUOTA_PER_UNIT } from '@contract/roles';
import { QuotaType, type GroupPrice, type PricingModel } from '@contract/pricing';

/** Price per 1M tokens (divisor 1) or per 1K tokens (divisor 1000), spec 2 §9. */
export type PriceUnit = 'M' | 'K';
export const UNIT_DIVISOR: Readonly<Record<PriceUnit, number>> = { M: 1, K: 1000 };

/** How the site shows money: dollars (quota ÷ quota_per_unit) or raw quota. */
export interface MoneyDisplay {
  display_in_currency: boolean;
  quota_per_unit: number;
}

/**
 * A number in plain decimals (never 1e-7) with `significant` significant digits, trailing zeros dropped, at least
 * `minDecimals` decimals: small charges keep their digits ($0.000226), none becomes 0.00.
 */
export function plainNumber(v: number, significant = 6, minDecimals = 0): string {
  if (!Number.isFinite(v) || v === 0) return minDecimals ? (0).toFixed(minDecimals) : '0';
  const magnitude = Math.floor(Math.log10(Math.abs(v)));
  const decimals = Math.min(20, Math.max(minDecimals, significant - 1 - magnitude));
  let s = v.toFixed(decimals);
  if (s.includes('.')) {
    s = s.replace(/0+$/, '');
    const have = s.length - s.indexOf('.') - 1;
    if (have < minDecimals) s += '0'.repeat(minDecimals - have);
    s = s.replace(/\.$/, '');
  }
  return s;
}

/** A quota amount in the site's money display: "$0.15" / "$0.000226", or the quota itself. */
export function formatAmount(quota: number, d: MoneyDisplay): string {
  if (!d.display_in_currency) return plainNumber(quota);
  const perUnit = d.quota_per_unit > 0 ? d.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  return `$${plainNumber(quota / perUnit, 6, 2)}`;
}

export type PriceCells =
  | { kind: 'unset' }
  | { kind: 'call'; perCall: string }
  | { kind: 'token'; input: string; output: string; cacheRead: string; cacheWrite: string };

/** The price cells of one row, priced in `group` (its GroupPrice from the server), per `unit` tokens. */
export function priceCells(gp: GroupPrice | undefined, unit: PriceUnit, d: MoneyDisplay): PriceCells {
  if (!gp) return { kind: 'unset' };
  if (gp.type === QuotaType.price) return { kind: 'call', perCall: formatAmount(gp.call_quota, d) };
  const per = (q: number) => formatAmount(q / UNIT_DIVISOR[unit], d);
  return { kind: 'token', input: per(gp.input_quota), output: per(gp.output_quota), cacheRead: per(gp.cache_read_quota), cacheWrite: per(gp.cache_write_quota) };
}

/** 'all' in a filter means no filter. */
export const ALL = 'all';

/** The group prices are shown in: the one picked, else the viewer's own. */
export const priceGroup = (picked: string, userGroup: string): string => (picked === ALL ? userGroup : picked);

/** Fuzzy name match: the query's characters appear in the name in order (case ignored); spaces split terms. */
export function fuzzyMatch(name: string, query: string): boolean {
  const hay = name.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      if (hay.includes(term)) return true;
      let at = 0;
      for (const ch of term) {
        at = hay.indexOf(ch, at);
        if (at < 0) return false;
        at++;
      }
      return true;
    });
}

export interface PricingFilter {
  vendor: string;
  tag: string;
  group: string;
  query: string;
}

/** Rows passing every filter; the group filter keeps models some channel serves in that group. */
export function filterModels(models: readonly PricingModel[], f: PricingFilter): PricingModel[] {
  return models.filter(
    (m) =>
      (f.vendor === ALL || m.vendor === f.vendor) &&
      (f.tag === ALL || m.tags.includes(f.tag)) &&
      (f.group === ALL || m.enable_groups.includes(f.group)) &&
      fuzzyMatch(m.model_name, f.query),
  );
}

/** How many rows each vendor tab holds (key ALL: every row). */
export function vendorCounts(models: readonly PricingModel[]): Record<string, number> {
  const out: Record<string, number> = { [ALL]: models.length };
  for (const m of models) out[m.vendor] = (out[m.vendor] ?? 0) + 1;
  return out;
}

/** The text "copy selected" puts on the clipboard: model names joined by commas (the channel form's format). */
export const copySelectedText = (names: readonly string[]): string => names.join(',');

/** A ratio as shown in the ratio columns. */
export const formatRatio = (r: number): string => plainNumber(r, 6);
