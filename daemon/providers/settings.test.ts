import { describe, expect, it } from 'vitest';
import { optionRegistry, type OptionKey } from '../contract/options.js';
import { defaultRelaySettings, parseRelaySettings } from './settings.js';

const parse = (over: Partial<Record<OptionKey, string>>) => parseRelaySettings((k) => over[k] ?? optionRegistry[k].default);

describe('relay settings from the options', () => {
  it('has the reference defaults', () => {
    const s = defaultRelaySettings();
    expect(s.passThrough).toBe(false);
    expect(s.claude.thinkingAdapter).toBe(true);
    expect(s.claude.thinkingBudgetShare).toBe(0.8);
    expect([...s.claude.defaultMaxTokens]).toEqual([['default', 8192]]);
    expect(s.claude.modelHeaders.size).toBe(0);
  });

  it('reads per-model headers as lists (a string is one value), lower-casing names and skipping junk', () => {
    const s = parse({ 'claude.model_headers_settings': JSON.stringify({ m1: { 'Anthropic-Beta': ['a', 'b'], 'X-One': 'v', 'x-bad': 5 }, m2: 'not an object' }) });
    expect(s.claude.modelHeaders.get('m1')).toEqual({ 'anthropic-beta': ['a', 'b'], 'x-one': ['v'] });
    expect(s.claude.modelHeaders.has('m2')).toBe(false);
  });

  it('keeps positive whole max_tokens, adds the default when missing, and survives bad JSON', () => {
    expect([...parse({ 'claude.default_max_tokens': '{"m":1000,"bad":-1,"frac":1.5}' }).claude.defaultMaxTokens]).toEqual([['m', 1000], ['default', 8192]]);
    expect([...parse({ 'claude.default_max_tokens': '{oops' }).claude.defaultMaxTokens]).toEqual([['default', 8192]]);
    expect(parse({ 'claude.model_headers_settings': '[1,2]' }).claude.modelHeaders.size).toBe(0);
  });

  it('reads the switches and the budget percentage (out of range → the default)', () => {
    const s = parse({ 'global.pass_through_request_enabled': 'true', 'claude.thinking_adapter_enabled': 'false', 'claude.thinking_adapter_budget_tokens_percentage': '0.5' });
    expect(s).toMatchObject({ passThrough: true, claude: { thinkingAdapter: false, thinkingBudgetShare: 0.5 } });
    expect(parse({ 'claude.thinking_adapter_budget_tokens_percentage': '7' }).claude.thinkingBudgetShare).toBe(0.8);
  });
});
