import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SseParser } from '../../relay/sse.js';
import type { SseEvent, StreamTransform } from '../types.js';
import { generateStream } from './stream.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

/** Runs a recorded stream through the parser (cut every `step` bytes: inside UTF-8 sequences, between \r and \n). */
function run(name: string, t: StreamTransform, step: number): SseEvent[] {
  const bytes = fixture(name);
  const p = new SseParser();
  const out: SseEvent[] = [];
  for (let i = 0; i < bytes.length; i += step) for (const ev of p.push(bytes.subarray(i, i + step))) out.push(...t.push(ev));
  for (const ev of p.end()) out.push(...t.push(ev));
  return out;
}

describe('Gemini stream (streamGenerateContent?alt=sse)', () => {
  it('passes every chunk on unchanged; complete at the finishReason; usage from the last usageMetadata', () => {
    const original = fixture('generate-stream.sse').toString('utf8').split('\r\n\r\n').filter(Boolean).map((l) => l.slice('data: '.length));
    for (const step of [1, 2, 3, 7, 64, 100_000]) {
      const t = generateStream();
      const out = run('generate-stream.sse', t, step);
      expect(out.map((e) => e.data)).toEqual(original);
      expect(t.complete).toBe(true);
      expect(t.failed).toBe(false);
      expect(t.usage).toEqual({ promptTokens: 9, completionTokens: 7 });
      expect(t.output.text).toBe('Bonjour — ça va ? 👋');
      expect(t.end({ promptTokens: 9, completionTokens: 7 })).toEqual([]);
    }
  });

  it('bills thoughts as output, keeps cached content as a part of the input, and follows parallel calls', () => {
    const t = generateStream();
    run('generate-stream-tools.sse', t, 5);
    expect(t.usage).toEqual({ promptTokens: 1310, completionTokens: 110, cachedTokens: 1024, reasoningTokens: 64 });
    expect(t.output).toEqual({
      text: 'Checking both.', reasoning: '**Planning**\n\nTwo cities: call the tool twice.',
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }, { name: 'get_weather', arguments: '{"city":"Tokyo"}' }],
    });
  });

  it('knows a cut stream is not complete (output unknown, input known), and ends it with Google\'s error chunk', () => {
    const t = generateStream();
    run('generate-stream-cut.sse', t, 4);
    expect(t.complete).toBe(false);
    expect(t.usage).toEqual({ promptTokens: 9 });
    expect(t.output.text).toBe('Bonjour — ça');
    expect(t.interrupted('broke off', 'stream_interrupted').map((e) => JSON.parse(e.data))).toEqual([{ error: { code: 502, message: 'broke off', status: 'UNAVAILABLE' } }]);
    expect(JSON.parse(t.interrupted('silent', 'stream_timeout')[0].data)).toEqual({ error: { code: 504, message: 'silent', status: 'DEADLINE_EXCEEDED' } });
  });

  it('passes an in-band error on as a failure, and ends at a blocked prompt', () => {
    const t = generateStream();
    const out = run('generate-stream-error.sse', t, 9);
    expect(t.failed).toBe(true);
    expect(JSON.parse(out.at(-1)!.data).error.status).toBe('UNAVAILABLE');
    const blocked = generateStream();
    run('generate-stream-blocked.sse', blocked, 3);
    expect(blocked.complete).toBe(true);
    expect(blocked.usage).toEqual({ promptTokens: 12 });
  });

  it('drops a chunk that is not JSON', () => {
    const t = generateStream();
    expect(t.push({ data: 'not json' })).toEqual([]);
  });
});

describe('Gemini stream with several candidates', () => {
  it('is complete only when every candidate it streamed has finished', () => {
    const t = generateStream();
    const chunk = (candidates: object[]) => ({ data: JSON.stringify({ candidates }) });
    t.push(chunk([{ index: 0, content: { parts: [{ text: 'a' }] } }, { index: 1, content: { parts: [{ text: 'b' }] } }]));
    t.push(chunk([{ index: 0, content: { parts: [{ text: '' }] }, finishReason: 'STOP' }]));
    expect(t.complete).toBe(false);
    t.push(chunk([{ index: 1, content: { parts: [{ text: '' }] }, finishReason: 'MAX_TOKENS' }]));
    expect(t.complete).toBe(true);
    expect(t.output.text).toBe('ab');
  });
});
