// Cross-option rules of spec 2 §4/§5 and reference §9.3, driven by the registry's metadata (pure): a feature that
// needs other keys filled in, switches that exclude each other, SMTP SSL forced on port 465, a fixed price that
// clears a model's ratios (and back), and the lock-out warning when password sign-in or registration goes off.
import { optionKeys, optionRegistry, type OptionDef, type OptionKey } from '../../contract/options.js';
import type { MessageKey, MessageParams } from '../../i18n/messages.js';

export type RuleResult =
  | { ok: true; writes: Array<[OptionKey, string]>; warning?: MessageKey }
  | { ok: false; error: MessageKey; params: MessageParams };

type Get = (key: OptionKey) => string;

const def = (k: OptionKey): OptionDef => optionRegistry[k];
/** A boolean that is "true", or a text that is not empty. */
const isOn = (k: OptionKey, value: string): boolean => (def(k).type === 'boolean' ? value === 'true' : value !== '');

const requiredBy = new Map<string, OptionKey[]>();
const forcedBy = new Map<string, OptionKey[]>();
for (const k of optionKeys) {
  for (const r of def(k).requires ?? []) requiredBy.set(r, [...(requiredBy.get(r) ?? []), k]);
  const f = def(k).forcedOnBy;
  if (f) forcedBy.set(f.key, [...(forcedBy.get(f.key) ?? []), k]);
}

const refuse = (error: MessageKey, params: MessageParams): RuleResult => ({ ok: false, error, params });

/**
 * Checks saving `value` (already validated) under `key` against the current values, and lists every write the save
 * makes: the key itself first, then what the rules change with it.
 */
export function applyRules(key: OptionKey, value: string, get: Get): RuleResult {
  const d = def(key);
  const on = isOn(key, value);
  if (on) {
    const missing = (d.requires ?? []).filter((r) => get(r as OptionKey) === '');
    if (missing.length) return refuse('option.requires', { key, need: missing.join(', ') });
    const clash = (d.excludes ?? []).find((x) => get(x as OptionKey) === 'true');
    if (clash) return refuse('option.excludes', { key, other: clash });
  } else {
    const user = (requiredBy.get(key) ?? []).find((k) => isOn(k, get(k)));
    if (user) return refuse('option.required_by', { key, by: user });
  }
  if (d.forcedOnBy && value === 'false' && get(d.forcedOnBy.key as OptionKey) === d.forcedOnBy.value)
    return refuse('option.forced_on', { key, by: d.forcedOnBy.key, value: d.forcedOnBy.value });

  const writes: Array<[OptionKey, string]> = [[key, value]];
  for (const k of forcedBy.get(key) ?? []) if (def(k).forcedOnBy!.value === value && get(k) !== 'true') writes.push([k, 'true']);
  if (d.clearsNamesIn) {
    const names = changedNames(parseTable(get(key)), parseTable(value));
    for (const other of d.clearsNamesIn as OptionKey[]) {
      const table = parseTable(get(other));
      const drop = names.filter((n) => Object.prototype.hasOwnProperty.call(table, n));
      if (!drop.length) continue;
      for (const n of drop) delete table[n];
      writes.push([other, JSON.stringify(table)]);
    }
  }
  const warning: MessageKey | undefined = d.warnOff && value === 'false' ? 'option.password_off_warning' : undefined;
  return { ok: true, writes, ...(warning ? { warning } : {}) };
}

function parseTable(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Names added to a table or given a new value. */
function changedNames(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((n) => !Object.prototype.hasOwnProperty.call(before, n) || before[n] !== after[n]);
}
