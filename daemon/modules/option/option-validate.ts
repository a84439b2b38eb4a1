// Validates and normalises one option value against its registry definition (pure).
import { isOptionKey, optionRegistry, type OptionKey } from '../../contract/options.js';
import type { MessageKey, MessageParams } from '../../i18n/messages.js';

export type Checked = { ok: true; key: OptionKey; value: string } | { ok: false; error: MessageKey; params: MessageParams };

export function checkOption(key: string, raw: unknown): Checked {
  if (!isOptionKey(key)) return { ok: false, error: 'option.unknown_key', params: { key } };
  const def = optionRegistry[key];
  const value = typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : JSON.stringify(raw ?? '');
  const err = (error: MessageKey, params: MessageParams = {}): Checked => ({ ok: false, error, params: { key, ...params } });
  switch (def.type) {
    case 'boolean':
      return value === 'true' || value === 'false' ? { ok: true, key, value } : err('option.not_boolean');
    case 'number': {
      const n = Number(value.trim());
      if (value.trim() === '' || !Number.isFinite(n)) return err('option.not_number');
      if ('integer' in def && def.integer && !Number.isInteger(n)) return err('option.not_integer');
      if ('min' in def && def.min !== undefined && n < def.min) return err('option.too_small', { min: def.min });
      if ('max' in def && def.max !== undefined && n > def.max) return err('option.too_large', { max: def.max });
      return { ok: true, key, value: String(n) };
    }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return err('option.not_json');
      }
      if ('ratioMax' in def && def.ratioMax !== undefined) {
        // Ratio and price tables (reference §9.3: no negative group ratio); new-api saved first and checked after.
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return err('option.ratio_not_object');
        for (const [name, v] of Object.entries(parsed)) {
          if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return err('option.ratio_invalid', { name });
          if (v > def.ratioMax) return err('option.ratio_too_large', { name, max: def.ratioMax });
        }
      }
      return { ok: true, key, value };
    }
    default: {
      let v = value;
      if ('stripTrailingSlash' in def && def.stripTrailingSlash) v = v.replace(/\/+$/, '');
      if ('httpsUrl' in def && def.httpsUrl && v !== '' && !/^https:\/\/[^\s/]+/.test(v)) return err('option.https_only');
      return { ok: true, key, value: v };
    }
  }
}
