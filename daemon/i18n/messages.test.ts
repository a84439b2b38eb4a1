import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { translate } from './translate.js';

describe('messages', () => {
  it('every message has Chinese and English text with the same parameters', () => {
    for (const [key, m] of Object.entries(messages)) {
      const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
      expect(m.zh.length, key).toBeGreaterThan(0);
      expect(m.en.length, key).toBeGreaterThan(0);
      expect(params(m.zh), key).toEqual(params(m.en));
      expect(/[\u4e00-\u9fff]/.test(m.zh), `${key} zh has Chinese`).toBe(true);
    }
  });
  it('fills parameters', () => {
    expect(translate('en', 'generic.not_found', { method: 'GET', path: '/api/x' })).toBe('Invalid URL (GET /api/x)');
    expect(translate('zh', 'setup.username_too_long', { max: 12 })).toContain('12');
  });
});
