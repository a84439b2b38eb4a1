// A user's own prices and groups (design agents.md §2): `models_ratio` (model → ratio, replacing ModelRatio for
// that user's calls) and `allow_groups` (groups added to what the site lets everyone use), both edited only by
// administrators. Parsed once when a user is read into a cache, so a relay call pays a null check for a user
// without them; the relay, token editing, the self-service group list and the pricing page share these rules.
import { parseRatioTable, type RatioTable } from '../../billing/prices.js';

/** models_ratio as a ratio table; null when it lists nothing (the site's ratios only). */
export function parseModelsRatio(text: string): RatioTable | null {
  if (!text.trim()) return null;
  const table = parseRatioTable(text);
  return table.size ? table : null;
}

/** allow_groups (a comma list) as a set of names; null when empty. */
export function parseAllowGroups(text: string): ReadonlySet<string> | null {
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  return names.length ? new Set(names) : null;
}

export interface GroupLabels {
  /** Description of the user's own group when UserUsableGroups does not describe it. */
  own: string;
  /** Description of an allow_groups group that UserUsableGroups does not describe. */
  allowed: string;
}

/**
 * The groups a user may choose for a token and route calls in, as name → description, own group first: their own
 * group, the site's UserUsableGroups (`listed`, name → description), then their allow_groups. Whether GroupRatio
 * still prices each one is the caller's check (the relay answers "group deprecated" for one it does not).
 */
export function usableGroups(
  own: string, listed: Readonly<Record<string, unknown>>, allow: ReadonlySet<string> | null, labels: GroupLabels,
): Map<string, string> {
  const describe = (name: string, fallback: string) => (Object.hasOwn(listed, name) ? String(listed[name]) : fallback);
  const out = new Map<string, string>([[own, describe(own, labels.own)]]);
  for (const name of Object.keys(listed)) if (!out.has(name)) out.set(name, String(listed[name]));
  if (allow) for (const name of allow) if (!out.has(name)) out.set(name, labels.allowed);
  return out;
}

/** May a user put `group` on a token, or call in it? (The same sets as usableGroups, without building the map.) */
export const mayUseGroup = (group: string, own: string, listed: ReadonlySet<string>, allow: ReadonlySet<string> | null): boolean =>
  group === own || listed.has(group) || (allow !== null && allow.has(group));
