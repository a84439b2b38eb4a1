import { describe, expect, it } from 'vitest';
import { optionRegistry, type OptionKey } from '../../contract/options.js';
import { parseRelaySettings } from '../settings.js';

const gemini = (over: Partial<Record<OptionKey, string>> = {}) => parseRelaySettings((k) => over[k] ?? optionRegistry[k].default).gemini;

describe('Gemini settings', () => {
  it('reads the registry defaults', () => {
    const s = gemini();
    expect(Object.fromEntries(s.safety)).toEqual({ default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' });
    expect(Object.fromEntries(s.versions)).toEqual({ default: 'v1beta', 'gemini-1.0-pro': 'v1' });
    expect([...s.imagineModels]).toEqual(['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp']);
    expect(s.thinkingAdapter).toBe(false);
    expect(s.thinkingBudgetShare).toBe(0.6);
  });

  it('never breaks on malformed values: bad JSON, wrong shapes and out-of-range shares give the defaults\' meaning', () => {
    const s = gemini({
      'gemini.safety_settings': '{"default": 3, "HARM_CATEGORY_HARASSMENT": " BLOCK_NONE "}',
      'gemini.version_settings': 'not json',
      'gemini.supported_imagine_models': '{"a":1}',
      'gemini.thinking_adapter_enabled': 'yes',
      'gemini.thinking_adapter_budget_tokens_percentage': '7',
    });
    expect(Object.fromEntries(s.safety)).toEqual({ HARM_CATEGORY_HARASSMENT: 'BLOCK_NONE' });
    expect(s.versions.size).toBe(0);
    expect(s.imagineModels.size).toBe(0);
    expect(s.thinkingAdapter).toBe(false);
    expect(s.thinkingBudgetShare).toBe(0.6);
  });
});
