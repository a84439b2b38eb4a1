// The relay settings adapters read (spec 2 §3 Model keys), parsed from the raw option strings once per option
// snapshot (relay/relay-settings.ts memoises it). A malformed value never breaks a call: bad JSON gives the
// default, entries of the wrong shape are skipped (the option API already refuses text that is not JSON).
import { optionRegistry, type OptionKey } from '../contract/options.js';
import type { ClaudeSettings, RelaySettings } from './types.js';
import { isObj } from './shape.js';
import { parseGeminiSettings } from './gemini/settings.js';

/** The option keys read here (the memo reloads when any option changes). */
export type SettingsGetter = (key: OptionKey) => string;

const CLAUDE_DEFAULT_MAX_TOKENS = 8192;

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

/** `{"model": {"header": ["v1", "v2"] | "v1,v2"}}` → normalised lists (new-api keeps lists per header). */
function modelHeaders(text: string): ClaudeSettings['modelHeaders'] {
  const out = new Map<string, Record<string, string[]>>();
  for (const [model, headers] of Object.entries(parseObject(text) ?? {})) {
    if (!isObj(headers)) continue;
    const h: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
      if (values.length) h[name.toLowerCase()] = values;
    }
    out.set(model, h);
  }
  return out;
}

function maxTokensTable(text: string): ClaudeSettings['defaultMaxTokens'] {
  const out = new Map<string, number>();
  for (const [model, v] of Object.entries(parseObject(text) ?? {})) {
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) out.set(model, v);
  }
  if (!out.has('default')) out.set('default', CLAUDE_DEFAULT_MAX_TOKENS);
  return out;
}

export function parseRelaySettings(get: SettingsGetter): RelaySettings {
  const share = Number(get('claude.thinking_adapter_budget_tokens_percentage'));
  return {
    passThrough: get('global.pass_through_request_enabled') === 'true',
    claude: {
      modelHeaders: modelHeaders(get('claude.model_headers_settings')),
      defaultMaxTokens: maxTokensTable(get('claude.default_max_tokens')),
      thinkingAdapter: get('claude.thinking_adapter_enabled') === 'true',
      thinkingBudgetShare: Number.isFinite(share) && share > 0 && share <= 1 ? share : 0.8,
    },
    gemini: parseGeminiSettings(get),
  };
}

/** Settings with every option at its registry default (unit tests, tools without an option store). */
export const defaultRelaySettings = (): RelaySettings => parseRelaySettings((key) => optionRegistry[key].default);
