import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchCopyText, buildChatLink, copyText, formatTime, statusLabelKey, STATUS_COLORS } from './token-display';

describe('token display helpers', () => {
  it('colours and labels every status', () => {
    expect([1, 2, 3, 4].map((s) => STATUS_COLORS[s])).toEqual(['green', 'red', 'orange', 'gray']);
    expect(statusLabelKey(3)).toBe('token.status.3');
    expect(statusLabelKey(9)).toBe('token.status.unknown');
  });
  it('formats unix seconds as local date and time to the minute', () => {
    const s = new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatTime(s)).toBe('2030-01-02 03:04');
  });
  it('fills {key} and {address} in the chat link', () => {
    expect(buildChatLink('https://chat.example.com/#/?key={key}&url={address}', 'abc', 'https://gw.example.com')).toBe(
      'https://chat.example.com/#/?key=sk-abc&url=https%3A%2F%2Fgw.example.com',
    );
    expect(buildChatLink('https://c.example/{key}/{key}', 'sk-abc', 'x')).toBe('https://c.example/sk-abc/sk-abc');
  });
  it('gives a link without placeholders the Next-Web settings fragment', () => {
    const url = buildChatLink('https://chat.example.com/', 'abc', 'https://gw.example.com');
    expect(url.startsWith('https://chat.example.com/#/?settings=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.split('settings=')[1]))).toEqual({ key: 'sk-abc', url: 'https://gw.example.com' });
  });
  it('copies selected tokens one per line', () => {
    expect(batchCopyText([{ name: 'a', key: 'sk-1' }, { name: 'b', key: '2' }])).toBe('a    sk-1\nb    sk-2');
  });
});

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('is true when the clipboard takes the text, false when it refuses or is missing', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyText('x')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('x');
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    expect(await copyText('x')).toBe(false);
    vi.stubGlobal('navigator', {});
    expect(await copyText('x')).toBe(false);
  });
});
