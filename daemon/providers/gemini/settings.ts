// The Gemini section of the relay settings (spec 2 §3 Model keys, reference §6.2), parsed from the raw option
// strings. As for Claude's section, a malformed value never breaks a call: bad JSON gives the registry default's
// meaning, entries of the wrong shape are skipped.
import type { GeminiSettings } from '../types.js';
import { isObj } from '../shape.js';

type Get = (key: 'gemini.safety_settings' | 'gemini.version_settings' | 'gemini.supported_imagine_models' | 'gemini.thinking_adapter_enabled' | 'gemini.thinking_adapter_budget_tokens_percentage') => string;

export const DEFAULT_GEMINI_VERSION = 'v1beta';
const DEFAULT_BUDGET_SHARE = 0.6;

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `{"key": "value"}` with string values only. */
function stringMap(text: string): Map<string, string> {
  const v = parse(text);
  const out = new Map<string, string>();
  if (isObj(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string' && x.trim()) out.set(k, x.trim());
  return out;
}

export function parseGeminiSettings(get: Get): GeminiSettings {
  const list = parse(get('gemini.supported_imagine_models'));
  const share = Number(get('gemini.thinking_adapter_budget_tokens_percentage'));
  return {
    safety: stringMap(get('gemini.safety_settings')),
    versions: stringMap(get('gemini.version_settings')),
    imagineModels: new Set(Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string' && m !== '') : []),
    thinkingAdapter: get('gemini.thinking_adapter_enabled') === 'true',
    thinkingBudgetShare: Number.isFinite(share) && share > 0 && share <= 1 ? share : DEFAULT_BUDGET_SHARE,
  };
}
