// Validates and normalises one option value against its registry definition (pure). Cross-option rules (a feature
// that needs its client id, SMTP SSL on port 465, …) are in option-rules.ts.
import { isOptionKey, maxLengthOf, optionRegistry, type OptionDef, type OptionKey } from '../../contract/options.js';
import type { MessageKey, MessageParams } from '../../i18n/messages.js';

export type Checked = { ok: true; key: OptionKey; value: string } | { ok: false; error: MessageKey; params: MessageParams };
type Result = { ok: true; value: string } | { ok: false; error: MessageKey; params?: MessageParams };

const fail = (error: MessageKey, params?: MessageParams): Result => ({ ok: false, error, params });
const pass = (value: string): Result => ({ ok: true, value });

export function checkOption(key: string, raw: unknown): Checked {
  if (!isOptionKey(key)) return { ok: false, error: 'option.unknown_key', params: { key } };
  const def: OptionDef = optionRegistry[key];
  const value = typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : JSON.stringify(raw ?? '');
  if (value.length > maxLengthOf(def)) return { ok: false, error: 'option.too_long', params: { key, max: maxLengthOf(def) } };
  const r = byType(def, value);
  return r.ok ? { ok: true, key, value: r.value } : { ok: false, error: r.error, params: { key, ...r.params } };
}

function byType(def: OptionDef, value: string): Result {
  switch (def.type) {
    case 'boolean':
      return value === 'true' || value === 'false' ? pass(value) : fail('option.not_boolean');
    case 'number':
      return checkNumber(def, value);
    case 'json':
      return checkJson(def, value);
    case 'list':
      return checkList(def, value);
    default:
      return checkString(def, value);
  }
}

function checkNumber(def: OptionDef, value: string): Result {
  const text = value.trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) return fail('option.not_number');
  if (def.integer && !Number.isInteger(n)) return fail('option.not_integer');
  if (def.min !== undefined && n < def.min) return fail('option.too_small', { min: def.min });
  if (def.max !== undefined && n > def.max) return fail('option.too_large', { max: def.max });
  return pass(String(n));
}

function checkString(def: OptionDef, value: string): Result {
  let v = value;
  if (def.url || def.httpsUrl || def.stripTrailingSlash) v = v.trim();
  if (def.stripTrailingSlash) v = v.replace(/\/+$/, '');
  if (def.choices && !def.choices.includes(v)) return fail('option.choice_invalid', { choices: def.choices.join(', ') });
  if (v !== '' && def.httpsUrl && !isUrl(v, ['https:'])) return fail('option.https_only');
  if (v !== '' && def.url && !isUrl(v, ['http:', 'https:'])) return fail('option.url_invalid');
  return pass(v);
}

function isUrl(text: string, protocols: string[]): boolean {
  if (/\s/.test(text)) return false;
  try {
    const u = new URL(text);
    return protocols.includes(u.protocol) && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Items trimmed, empty ones and repeats (ignoring case) dropped, joined with the registry's separator. */
function checkList(def: OptionDef, value: string): Result {
  const sep = def.separator ?? '\n';
  // A comma list also accepts one item per line (pasted from a file).
  const parts = value.split(sep === ',' ? /[,\r\n]+/ : /\r?\n/);
  const seen = new Set<string>();
  const items: string[] = [];
  for (const p of parts) {
    const item = p.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    if (item.length > 500) return fail('option.list_item_too_long', { max: 500 });
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return pass(items.join(sep));
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function checkJson(def: OptionDef, value: string): Result {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return fail('option.not_json');
  }
  switch (def.shape) {
    case 'ratios': {
      // Ratio and price tables (reference §9.3: no negative group ratio); new-api saved first and checked after.
      if (!isObject(parsed)) return fail('option.ratio_not_object');
      const max = def.ratioMax ?? Number.MAX_VALUE;
      for (const [name, v] of Object.entries(parsed)) {
        if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return fail('option.ratio_invalid', { name });
        if (v > max) return fail('option.ratio_too_large', { name, max });
      }
      break;
    }
    case 'string-map': {
      if (!isObject(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) return fail('option.string_map_invalid');
      if (def.valueChoices) {
        const choices = def.valueChoices;
        const bad = Object.entries(parsed).find(([, v]) => !choices.includes(v as string));
        if (bad) return fail('option.value_choice_invalid', { name: bad[0], choices: choices.join(', ') });
      }
      break;
    }
    case 'string-list':
      if (!Array.isArray(parsed) || parsed.some((v) => typeof v !== 'string')) return fail('option.string_list_invalid');
      break;
    case 'int-map':
      if (!isObject(parsed) || Object.values(parsed).some((v) => typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0))
        return fail('option.int_map_invalid');
      break;
    case 'header-map': {
      const headerList = (h: unknown) => typeof h === 'string' || (Array.isArray(h) && h.every((x) => typeof x === 'string'));
      if (!isObject(parsed) || !Object.values(parsed).every((m) => isObject(m) && Object.values(m).every(headerList)))
        return fail('option.header_map_invalid');
      break;
    }
  }
  return pass(value);
}
