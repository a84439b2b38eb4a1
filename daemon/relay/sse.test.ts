import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SseLineTooLong, SseParser, formatSse } from './sse.js';
import type { SseEvent } from '../providers/types.js';

const fixture = (name: string) => readFileSync(new URL(`../providers/openai/__fixtures__/${name}`, import.meta.url));

/** Feeds bytes cut at the given offsets. */
function parse(bytes: Uint8Array, cuts: number[]): SseEvent[] {
  const p = new SseParser();
  const out: SseEvent[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(...p.push(bytes.subarray(at, cut)));
    at = cut;
  }
  return [...out, ...p.end()];
}

describe('SSE parser', () => {
  it('decodes UTF-8 split across chunks, drops a leading byte-order mark and turns bad bytes into U+FFFD', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('data: 你好 😀\n\ndata: a'), Buffer.from([0xff]), Buffer.from('b\n\n')]);
    const expected = [{ data: '你好 😀' }, { data: 'a\ufffdb' }];
    for (let i = 1; i < bytes.length; i++) expect(parse(bytes, [i]), `cut at ${i}`).toEqual(expected);
    expect(parse(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1))).toEqual(expected);
  });

  it('gives the same events however the bytes are cut: at every single position, and byte by byte', () => {
    for (const name of ['chat-stream-usage.sse', 'chat-stream-tools.sse', 'responses-stream.sse']) {
      const bytes = fixture(name);
      const whole = parse(bytes, []);
      expect(whole.length).toBeGreaterThan(4);
      for (let i = 1; i < bytes.length; i++) expect(parse(bytes, [i]), `${name} cut at ${i}`).toEqual(whole);
      expect(parse(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1))).toEqual(whole);
    }
  });

  it('keeps multi-byte characters whole when a chunk ends inside one', () => {
    const bytes = fixture('chat-stream-usage.sse');
    const emoji = bytes.indexOf(Buffer.from('👋'));
    const events = parse(bytes, [emoji + 1, emoji + 2, emoji + 3]);
    expect(events.map((e) => e.data).join('')).toContain('va ? 👋');
  });

  it('reads LF, CRLF and CR line ends, multi-line data, event names, and drops comments', () => {
    const text = 'event: a\r\ndata: one\r\ndata: two\r\n\r\n: a comment\n\ndata:no-space\rdata: x\r\rid: 3\ndata: last';
    expect(parse(Buffer.from(text), [])).toEqual([
      { event: 'a', data: 'one\ntwo' },
      { data: 'no-space\nx' },
      { data: 'last' },
    ]);
  });

  it('handles a CR at the end of a chunk followed by LF in the next one as one line end', () => {
    expect(parse(Buffer.from('data: a\r\n\r\ndata: b\r\n\r\n'), [8, 17])).toEqual([{ data: 'a' }, { data: 'b' }]);
  });

  it('refuses a line longer than the limit', () => {
    const p = new SseParser(100);
    expect(() => p.push(Buffer.from(`data: ${'x'.repeat(200)}`))).toThrow(SseLineTooLong);
  });

  it('writes events back exactly as read', () => {
    const bytes = fixture('chat-stream-usage.sse');
    expect(parse(bytes, []).map(formatSse).join('')).toBe(bytes.toString('utf8'));
    expect(formatSse({ event: 'e', data: 'a\nb' })).toBe('event: e\ndata: a\ndata: b\n\n');
  });
});
