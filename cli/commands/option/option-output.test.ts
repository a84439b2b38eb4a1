import { describe, expect, it } from 'vitest';
import { listLines, oneLine, shownValue } from './option-output.js';

describe('option output', () => {
  it('one line per value: breaks shown, long values cut', () => {
    expect(oneLine('a\nb\r\nc')).toBe('a⏎b⏎c');
    expect(oneLine('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(oneLine('short', 10)).toBe('short');
  });
  it('secrets are never shown', () => {
    expect(shownValue({ key: 'EpayKey', value: '', secret_set: true }, 'en')).toBe('(secret, set)');
    expect(shownValue({ key: 'EpayKey', value: '', secret_set: false }, 'zh')).toBe('（密钥，未设置）');
  });
  it('keys in one column', () =>
    expect(listLines([{ key: 'A', value: '1' }, { key: 'Longer', value: '' }, { key: 'Key', value: 'v\nw' }], 'en')).toEqual(['A       1', 'Longer', 'Key     v⏎w']));
});
