import { describe, expect, it } from 'vitest';
import { cliText, cliTexts } from './i18n.js';

describe('CLI texts', () => {
  it('every text has Chinese and English with the same parameters', () => {
    const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
    for (const [key, t] of Object.entries(cliTexts)) {
      expect(params(t.zh), key).toEqual(params(t.en));
      expect(/[\u4e00-\u9fff]/.test(t.zh), `${key} zh has Chinese`).toBe(true);
    }
  });
  it('fills parameters', () => {
    expect(cliText('en', 'error.missing_flags', { flags: '--a, --b' })).toBe('missing --a, --b (no terminal to ask)');
  });
});
