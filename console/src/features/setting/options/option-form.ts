// The pure rules shared by every settings form (spec 2 §4, §5): which keys a role may edit, how a stored value is
// shown, what a changed field must satisfy, and which PUTs a section's save sends. Everything is driven by the
// option registry in the contract; the forms only choose which keys each section shows.
import { isOptionKey, maxLengthOf, optionRegistry, type OptionDef, type OptionItem, type OptionKey } from '@contract/options';
import { roleAtLeast } from '@contract/roles';

/** One row of GET /api/option/all|agent and of a PUT's answer. */
export type OptionRow = OptionItem;

/** The stored values the server sent, by key. A key the server did not send is not editable here. */
export type OptionValues = Partial<Record<OptionKey, string>>;

/** A section's fields as the inputs hold them (always text; booleans are not part of a section's draft). */
export type Draft = Partial<Record<OptionKey, string>>;

export type Entry = readonly [key: OptionKey, value: string];

/** An i18n key of the optionForm texts with its parameters. */
export interface Problem {
  message: string;
  params?: Record<string, unknown>;
}

export const defOf = (key: OptionKey): OptionDef => optionRegistry[key];

export function toValues(rows: readonly OptionRow[]): OptionValues {
  const out: OptionValues = {};
  for (const r of rows) if (r && isOptionKey(r.key)) out[r.key] = typeof r.value === 'string' ? r.value : String(r.value ?? '');
  return out;
}

/** Secrets the server says are stored (their value itself never comes: lists send "" and `secret_set`). */
export function storedSecrets(rows: readonly OptionRow[]): Set<OptionKey> {
  const out = new Set<OptionKey>();
  for (const r of rows) if (r && isOptionKey(r.key) && r.secret_set) out.add(r.key);
  return out;
}

/** Keys the role may edit (agents: the registry's agent scope, spec 2 §6) and the server sent. */
export function editableKeys(keys: readonly OptionKey[], role: number, values: OptionValues): OptionKey[] {
  const admin = roleAtLeast(role, 'admin');
  return keys.filter((k) => values[k] !== undefined && (admin || defOf(k).scope === 'agent'));
}

export const isBoolean = (key: OptionKey): boolean => defOf(key).type === 'boolean';
export const isSecret = (key: OptionKey): boolean => defOf(key).secret === true;

/** How a stored value appears in its input: JSON objects and arrays pretty-printed, everything else as stored. */
export function toDraftText(key: OptionKey, stored: string): string {
  if (defOf(key).type !== 'json') return stored;
  try {
    const parsed: unknown = JSON.parse(stored);
    return parsed !== null && typeof parsed === 'object' ? JSON.stringify(parsed, null, 2) : stored;
  } catch {
    return stored;
  }
}

export function draftOf(keys: readonly OptionKey[], values: OptionValues): Draft {
  const out: Draft = {};
  for (const k of keys) out[k] = toDraftText(k, values[k] ?? '');
  return out;
}

/** The value sent for an edited field: trailing slashes dropped where the registry says so, numbers canonical. */
export function normalise(key: OptionKey, text: string): string {
  const def = defOf(key);
  if (def.type === 'number') return String(Number(text.trim()));
  if (def.type === 'string' && def.stripTrailingSlash) return text.trim().replace(/\/+$/, '');
  if (def.type === 'list') return [...new Set(text.split(def.separator ?? '\n').map((i) => i.trim()).filter(Boolean))].join(def.separator ?? '\n');
  return text;
}

/** Checks one edited field against its registry definition; null when it may be sent. */
export function checkField(key: OptionKey, text: string): Problem | null {
  const def = defOf(key);
  const max = maxLengthOf(def);
  if (text.length > max) return { message: 'optionForm.tooLong', params: { max } };
  if (def.type === 'json') {
    try {
      JSON.parse(text);
      return null;
    } catch {
      return { message: 'optionForm.notJson' };
    }
  }
  if (def.type === 'number') {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(n)) return { message: 'optionForm.notNumber' };
    if (def.integer && !Number.isInteger(n)) return { message: 'optionForm.notInteger' };
    if (def.min !== undefined && n < def.min) return { message: 'optionForm.tooSmall', params: { min: def.min } };
    if (def.max !== undefined && n > def.max) return { message: 'optionForm.tooLarge', params: { max: def.max } };
    return null;
  }
  if (def.type === 'string' && def.httpsUrl && text.trim() !== '' && !/^https:\/\/[^\s/]+/.test(text.trim())) {
    return { message: 'optionForm.httpsOnly' };
  }
  if (def.type === 'string' && def.url && text.trim() !== '' && !/^https?:\/\/[^\s/]+/.test(text.trim())) {
    return { message: 'optionForm.notUrl' };
  }
  if (def.type === 'string' && def.choices && !def.choices.includes(text)) return { message: 'optionForm.notChoice' };
  return null;
}

/**
 * The PUTs a section's save sends: only edited fields (spec 2 §4). A secret arrives masked (as ""); leaving it as it
 * came, or emptying it, keeps the stored secret instead of overwriting it (saving "" would clear it).
 */
export function changedEntries(keys: readonly OptionKey[], values: OptionValues, draft: Draft): Entry[] {
  const out: Entry[] = [];
  for (const key of keys) {
    if (isBoolean(key)) continue;
    const stored = values[key] ?? '';
    const text = draft[key];
    if (text === undefined || text === toDraftText(key, stored)) continue;
    if (isSecret(key) && text.trim() === '') continue;
    const value = checkField(key, text) ? text : normalise(key, text);
    if (value === stored) continue;
    out.push([key, value]);
  }
  return out;
}

export type SavePlan =
  | { kind: 'nothing' }
  | { kind: 'invalid'; key: OptionKey; problem: Problem }
  | { kind: 'save'; entries: Entry[] };

/** Changed fields, each checked before anything is sent; "nothing" when the user changed nothing. */
export function planSave(keys: readonly OptionKey[], values: OptionValues, draft: Draft): SavePlan {
  const entries = changedEntries(keys, values, draft);
  for (const [key] of entries) {
    const problem = checkField(key, draft[key] ?? '');
    if (problem) return { kind: 'invalid', key, problem };
  }
  return entries.length === 0 ? { kind: 'nothing' } : { kind: 'save', entries };
}

/**
 * Keys a value needs before it may be saved (registry `requires`: turning a switch on, or setting a non-empty text,
 * needs these keys non-empty). `pending` holds the other entries saved with it; a secret counts when stored.
 */
export function missingRequirements(
  key: OptionKey, value: string, values: OptionValues, secrets: ReadonlySet<OptionKey>, pending: Draft = {},
): OptionKey[] {
  const def = defOf(key);
  const on = def.type === 'boolean' ? value === 'true' : value.trim() !== '';
  if (!on || !def.requires) return [];
  return def.requires.filter((k): k is OptionKey => {
    if (!isOptionKey(k)) return false;
    if ((pending[k] ?? values[k] ?? '').trim() !== '') return false;
    // A form never clears a stored secret, so one the server reports stored stays.
    return !(isSecret(k) && secrets.has(k));
  });
}

/** A switch locked on by another key's value (registry `forcedOnBy`, e.g. SMTP SSL on port 465). */
export function forcedOn(key: OptionKey, values: OptionValues, draft: Draft = {}): boolean {
  const rule = defOf(key).forcedOnBy;
  if (!rule || !isOptionKey(rule.key)) return false;
  return (draft[rule.key] ?? values[rule.key] ?? '').trim() === rule.value;
}
