import { describe, expect, it } from 'vitest';
import { CHANNEL_OTHER_DEFAULTS, CHANNEL_TYPES, channelType, effectiveBaseUrl, isChannelType } from './channel-types.js';

describe('channel type table', () => {
  it('every type has an id, an English and a Chinese name; ids are unique', () => {
    expect(CHANNEL_TYPES.length).toBeGreaterThanOrEqual(37);
    for (const t of CHANNEL_TYPES) {
      expect(Number.isInteger(t.id) && t.id > 0, String(t.id)).toBe(true);
      expect(t.name.trim(), String(t.id)).not.toBe('');
      expect(t.name_zh.trim(), String(t.id)).not.toBe('');
    }
    expect(new Set(CHANNEL_TYPES.map((t) => t.id)).size).toBe(CHANNEL_TYPES.length);
  });

  it('uses new-api numbering (reference §6.4), not one-api', () => {
    expect([1, 2, 3, 4, 8, 14, 18, 24, 43, 48].map((id) => channelType(id)?.name)).toEqual([
      'OpenAI', 'Midjourney Proxy', 'Azure OpenAI', 'Ollama', 'Custom channel', 'Anthropic Claude', 'iFlytek Spark',
      'Google Gemini', 'DeepSeek', 'xAI',
    ]);
    for (const unused of [0, 28, 29, 30, 32, 58]) expect(isChannelType(unused)).toBe(false);
  });

  it('default base URLs are http(s) without a trailing slash', () => {
    for (const t of CHANNEL_TYPES) if (t.base_url) expect(t.base_url, String(t.id)).toMatch(/^https?:\/\/[^/].*[^/]$/);
    expect(effectiveBaseUrl(43, '')).toBe('https://api.deepseek.com');
    expect(effectiveBaseUrl(43, 'http://proxy')).toBe('http://proxy');
    expect(CHANNEL_OTHER_DEFAULTS[18]).toBe('v2.1');
  });
});
