import { describe, expect, it } from 'vitest';
import { PRICE_MAX_USD, RATIO_MAX } from './bounds.js';
import {
  CACHE_CREATION_RATIO, DEFAULT_CACHE_RATIO, DEFAULT_COMPLETION_RATIO, DEFAULT_GROUP_RATIO, DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO,
  UNKNOWN_MODEL_RATIO, audioCompletionRatio, audioRatio, familyCompletionRatio, loggedModelName, lookupNames,
} from './default-ratios.js';

describe('built-in model ratios (reference §4.10)', () => {
  it.each([
    ['gpt-3.5-turbo', 0.25], ['gpt-3.5-turbo-16k', 1.5], ['gpt-4', 15], ['gpt-4-32k', 30], ['gpt-4-turbo', 5],
    ['gpt-4o', 1.25], ['gpt-4o-2024-05-13', 2.5], ['chatgpt-4o-latest', 2.5], ['gpt-4o-mini', 0.075], ['gpt-4.5-preview', 37.5],
    ['o1', 7.5], ['o1-mini', 0.55], ['o3-mini', 0.55], ['gpt-4o-realtime-preview', 2.5], ['gpt-4o-mini-realtime-preview', 0.3],
    ['text-embedding-3-small', 0.01], ['text-embedding-3-large', 0.065], ['text-embedding-ada-002', 0.05],
    ['text-moderation-latest', 0.1], ['text-moderation-stable', 0.1], ['whisper-1', 15], ['tts-1', 7.5], ['tts-1-hd', 15],
    ['claude-3-haiku-20240307', 0.125], ['claude-3-5-haiku-20241022', 0.5], ['claude-3-sonnet-20240229', 1.5],
    ['claude-3-5-sonnet-20241022', 1.5], ['claude-3-7-sonnet-20250219', 1.5], ['claude-3-opus-20240229', 7.5], ['claude-2.1', 4],
    ['gemini-1.5-pro-latest', 1.25], ['gemini-1.5-flash-latest', 0.075], ['gemini-2.0-flash', 0.05],
    ['gemini-2.5-pro-preview-03-25', 0.625], ['deepseek-chat', 0.135], ['deepseek-reasoner', 0.275], ['glm-4-flash', 0],
    ['grok-3-beta', 1.5], ['grok-3-mini-beta', 0.15], ['gpt-4-gizmo-*', 15], ['gpt-4o-gizmo-*', 2.5],
  ])('%s → %s', (model, ratio) => expect(DEFAULT_MODEL_RATIO[model]).toBe(ratio));

  it('RMB-priced models use 1 USD = 7.3 RMB: ERNIE-4.0-8K ¥0.12/1K → 0.12 × 500 / 7.3 ≈ 8.2192', () =>
    expect(DEFAULT_MODEL_RATIO['ERNIE-4.0-8K']).toBeCloseTo(8.2191780822, 9));
  it('unknown models fall back to 37.5 only where allowed (prices.ts)', () => expect(UNKNOWN_MODEL_RATIO).toBe(37.5));
});

describe('built-in prices, cache and completion defaults', () => {
  it.each([
    ['suno_music', 0.1], ['suno_lyrics', 0.01], ['dall-e-3', 0.04], ['imagen-3.0-generate-002', 0.03], ['gpt-4-gizmo-*', 0.1],
    ['mj_imagine', 0.1], ['mj_pan', 0.1], ['mj_describe', 0.05], ['mj_upscale', 0.05], ['mj_upload', 0.05], ['swap_face', 0.05],
    ['mj_inpaint', 0], ['mj_custom_zoom', 0],
  ])('price %s → $%s', (model, usd) => expect(DEFAULT_MODEL_PRICE[model]).toBe(usd));
  it.each([
    ['gpt-4o', 0.5], ['gpt-4o-mini', 0.5], ['o1', 0.5], ['o3-mini', 0.5], ['gpt-4.5-preview', 0.5], ['gpt-4', 0.5],
    ['deepseek-chat', 0.25], ['claude-3-5-sonnet-20241022', 0.1], ['claude-3-haiku-20240307', 0.1],
  ])('cache ratio %s → %s', (model, r) => expect(DEFAULT_CACHE_RATIO[model]).toBe(r));
  it('cache writes cost 1.25', () => expect(CACHE_CREATION_RATIO).toBe(1.25));
  it('completion ratio option defaults', () =>
    expect(DEFAULT_COMPLETION_RATIO).toEqual({ 'gpt-4-gizmo-*': 2, 'gpt-4o-gizmo-*': 3, 'gpt-4-all': 2 }));
  it('group ratio default', () => expect(DEFAULT_GROUP_RATIO).toEqual({ default: 1, vip: 1, svip: 1 }));
  it('every built-in value is inside the bounds validation enforces', () => {
    for (const t of [DEFAULT_MODEL_RATIO, DEFAULT_COMPLETION_RATIO, DEFAULT_CACHE_RATIO, DEFAULT_GROUP_RATIO]) {
      for (const v of Object.values(t)) expect(Number.isFinite(v) && v >= 0 && v <= RATIO_MAX).toBe(true);
    }
    for (const v of Object.values(DEFAULT_MODEL_PRICE)) expect(Number.isFinite(v) && v >= 0 && v <= PRICE_MAX_USD).toBe(true);
  });
});

describe('name rules', () => {
  it.each([
    ['gpt-4o', ['gpt-4o']],
    ['gpt-4-gizmo-g-abc', ['gpt-4-gizmo-g-abc', 'gpt-4-gizmo-*']],
    ['gpt-4o-gizmo-g-abc', ['gpt-4o-gizmo-g-abc', 'gpt-4o-gizmo-*']],
    ['gpt-4-gizmo-*', ['gpt-4-gizmo-*']],
    ['gpt-4o-2024-08-06', ['gpt-4o-2024-08-06']], // no date-suffix fallback
  ])('lookupNames(%s)', (model, names) => expect(lookupNames(model)).toEqual(names));
  it('logs a wildcard model with its real name', () => {
    expect(loggedModelName('gpt-4-gizmo-g-abc')).toBe('gpt-4-gizmo-* (gpt-4-gizmo-g-abc)');
    expect(loggedModelName('gpt-4o')).toBe('gpt-4o');
  });
});

describe('family completion ratios (reference §4.2 point 3)', () => {
  it.each([
    ['gpt-4o', 4], ['gpt-4o-mini', 4], ['gpt-4o-2024-05-13', 3], ['gpt-4-turbo', 3], ['gpt-4-turbo-2024-04-09', 3],
    ['gpt-4-1106-preview', 3], ['gpt-4.5-preview', 2], ['gpt-4', 2], ['gpt-4-32k', 2], ['gpt-4-all', 1], ['gpt-4-gizmo-g-x', 1],
    ['o1', 4], ['o1-mini', 4], ['o3-mini-high', 4], ['chatgpt-4o-latest', 3],
    ['claude-3-opus-20240229', 5], ['claude-3-7-sonnet-20250219', 5], ['claude-2.1', 3], ['claude-instant-1', 3],
    ['gpt-3.5-turbo', 3], ['gpt-3.5-turbo-0125', 3], ['gpt-3.5-turbo-1106', 2], ['gpt-3.5-turbo-16k', 4 / 3],
    ['mistral-large-latest', 3], ['gemini-1.5-pro-latest', 4], ['gemini-2.0-flash', 4], ['gemini-2.5-pro-preview-03-25', 8],
    ['command-r', 3], ['command-r-plus', 5], ['command-r-08-2024', 4], ['command-light', 4],
    ['deepseek-chat', 4], ['DeepSeek-Reasoner', 4], ['deepseek-coder', 1],
    ['ERNIE-Speed-8K', 2], ['ERNIE-Lite-8K-0308', 2], ['ERNIE-4.0-8K', 1],
    ['llama3-8b-8192', 2], ['llama2-70b-4096', 1.25], ['some-unknown-model', 1],
  ])('%s → %s', (model, r) => expect(familyCompletionRatio(model)).toBeCloseTo(r, 12));
});

describe('audio ratios (reference §4.4)', () => {
  it.each([
    ['gpt-4o-realtime-preview-2024-12-17', 8], ['gpt-4o-mini-realtime-preview', 10 / 0.6], ['gpt-4o-realtime-preview', 20],
    ['gpt-4o-audio-preview-2024-12-17', 16], ['gpt-4o-mini-audio-preview', 10 / 0.15], ['gpt-4o-audio-preview', 40], ['gpt-4o', 20],
  ])('audioRatio(%s) = %s', (model, r) => expect(audioRatio(model)).toBeCloseTo(r, 12));
  it('audio output costs 2 × audio input', () => expect(audioCompletionRatio('gpt-4o-audio-preview')).toBe(2));
});
