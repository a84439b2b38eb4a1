import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SseParser } from '../../relay/sse.js';
import type { SseEvent, StreamTransform } from '../types.js';
import { KeyScan, PENDING_LIMIT, chatStream, scanKey } from './stream.js';
import { responsesStream } from './responses-stream.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

/** Runs a fixture through the parser (cut every `step` bytes) and the transform; returns what the client gets. */
function run(name: string, t: StreamTransform, step = 7): SseEvent[] {
  const bytes = fixture(name);
  const p = new SseParser();
  const out: SseEvent[] = [];
  for (let i = 0; i < bytes.length; i += step) for (const ev of p.push(bytes.subarray(i, i + step))) out.push(...t.push(ev));
  for (const ev of p.end()) out.push(...t.push(ev));
  return out;
}

describe('OpenAI chat stream', () => {
  it('reads usage and text, and holds the usage-only chunk back from a client that did not ask for it', () => {
    for (const step of [1, 3, 7, 64, 10_000]) {
      const t = chatStream({ includeUsage: false }, 'chat.completion.chunk');
      const out = run('chat-stream-usage.sse', t, step);
      expect(t.complete).toBe(true);
      expect(t.failed).toBe(false);
      expect(t.usage).toEqual({ promptTokens: 19, completionTokens: 8 });
      expect(t.output.text).toBe('Bonjour — ça va ? 👋');
      expect(out).toHaveLength(5); // role, three pieces, finish; no usage chunk, no [DONE] yet
      expect(out.some((e) => e.data.includes('"usage":{'))).toBe(false);
      expect(t.end({ promptTokens: 19, completionTokens: 8 })).toEqual([{ data: '[DONE]' }]);
    }
  });

  it('passes the usage chunk to a client that asked, and does not add another', () => {
    const t = chatStream({ includeUsage: true }, 'chat.completion.chunk');
    const out = run('chat-stream-usage.sse', t);
    expect(out.at(-1)!.data).toContain('"prompt_tokens":19');
    expect(t.end({ promptTokens: 1, completionTokens: 1 })).toEqual([{ data: '[DONE]' }]);
  });

  it('synthesises the usage chunk when the upstream sent none and the client asked', () => {
    const t = chatStream({ includeUsage: true }, 'chat.completion.chunk');
    run('chat-stream-tools.sse', t);
    const [usage, done] = t.end({ promptTokens: 5, completionTokens: 30 });
    expect(JSON.parse(usage.data)).toMatchObject({ id: 'chatcmpl-AbC123', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 5, completion_tokens: 30, total_tokens: 35 } });
    expect(done).toEqual({ data: '[DONE]' });
  });

  it('assembles streamed tool calls by index (CRLF stream with a comment line)', () => {
    const t = chatStream({ includeUsage: false }, 'chat.completion.chunk');
    run('chat-stream-tools.sse', t, 5);
    expect(t.complete).toBe(true);
    expect(t.usage).toBeNull();
    expect(t.output.toolCalls).toEqual([{ name: 'get_weather', arguments: '{"city":"Paris"}' }, { name: 'get_time', arguments: '{}' }]);
  });

  it('reads reasoning and DeepSeek\'s cache hits from a usage that rides on the finish chunk', () => {
    const t = chatStream({ includeUsage: false }, 'chat.completion.chunk');
    const out = run('chat-stream-deepseek.sse', t);
    expect(out).toHaveLength(3); // the finish chunk carries choices: passed on with its usage
    expect(t.usage).toEqual({ promptTokens: 40, completionTokens: 12, cachedTokens: 32, reasoningTokens: 9 });
    expect(t.output).toMatchObject({ text: '42', reasoning: 'Let me think.' });
  });

  it('knows a cut stream is not complete, and ends it with an error chunk, never [DONE]', () => {
    const t = chatStream({ includeUsage: true }, 'chat.completion.chunk');
    run('chat-stream-cut.sse', t);
    expect(t.complete).toBe(false);
    expect(t.output.text).toBe('Bonjour — ça');
    const tail = t.interrupted('broke off', 'stream_interrupted');
    expect(tail).toHaveLength(1);
    expect(JSON.parse(tail[0].data)).toEqual({ error: { message: 'broke off', type: 'upstream_error', param: null, code: 'stream_interrupted' } });
    expect(tail.some((e) => e.data.includes('[DONE]'))).toBe(false);
  });

  it('drops malformed chunks and passes an in-band error on as a failure', () => {
    const t = chatStream({ includeUsage: false }, 'chat.completion.chunk');
    expect(t.push({ data: '{not json' })).toEqual([]);
    const err = { data: '{"error":{"message":"overloaded","type":"server_error"}}' };
    expect(t.push(err)).toEqual([err]);
    expect(t.failed).toBe(true);
  });
});

describe('OpenAI chat stream: deferred reading of plain chunks', () => {
  const chunk = (delta: object, extra: object = {}) => ({ data: JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 7, model: 'm', choices: [{ index: 0, delta, finish_reason: null }], ...extra }) });

  it('tells keys that are absent, null or "" from keys with text and keys with other values, whatever the spacing', () => {
    expect(scanKey('{"a":1}', '"usage"')).toBe(KeyScan.Empty);
    expect(scanKey('{"usage":null,"x":1}', '"usage"')).toBe(KeyScan.Empty);
    expect(scanKey('{"usage" :\n null}', '"usage"')).toBe(KeyScan.Empty);
    expect(scanKey('{"finish_reason":""}', '"finish_reason"')).toBe(KeyScan.Empty);
    expect(scanKey('{"usage":{"prompt_tokens":1}}', '"usage"')).toBe(KeyScan.Other);
    expect(scanKey('{"usage" : {"prompt_tokens":1}}', '"usage"')).toBe(KeyScan.Other);
    expect(scanKey('{"choices":[{"finish_reason":null},{"finish_reason":"stop"}]}', '"finish_reason"')).toBe(KeyScan.Text);
    expect(scanKey('{"choices":[{"finish_reason":"stop"},{"finish_reason":7}]}', '"finish_reason"')).toBe(KeyScan.Other);
    expect(scanKey('{"finish_reason":"null-ish"}', '"finish_reason"')).toBe(KeyScan.Text);
    // the text "usage": {…} inside a content string is escaped, so it is not a key
    expect(scanKey(JSON.stringify({ content: '"usage": {"prompt_tokens": 5}' }), '"usage"')).toBe(KeyScan.Empty);
    // a string value "usage" followed by a comma is not a key either
    expect(scanKey('{"name":"usage","v":2}', '"usage"')).toBe(KeyScan.Empty);
  });

  it('passes plain chunks on unchanged and reads their text only when asked, in order with parsed ones', () => {
    const t = chatStream({ includeUsage: false }, 'chat.completion.chunk');
    const evs = [
      chunk({ role: 'assistant', content: 'Hel' }, { usage: null }),
      chunk({ content: 'lo' }, { usage: null }),
      { data: JSON.stringify({ id: 'c2', object: 'chat.completion.chunk', created: 8, model: 'm2', choices: [{ index: 0, delta: { content: '!' }, finish_reason: 'stop' }], usage: null }) },
      chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '{"a"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
    ];
    for (const ev of evs) expect(t.push(ev)).toEqual([ev]);
    expect(t.complete).toBe(true); // seen on the finish chunk at once
    expect(t.output).toEqual({ text: 'Hello!', reasoning: '', toolCalls: [{ name: 'f', arguments: '{"a":1}' }] });
    const more = chunk({ content: ' more' });
    t.push(more);
    expect(t.output.text).toBe('Hello! more');
  });

  it('takes the synthesised usage chunk\'s id and model from the latest chunk, parsed or not', () => {
    const t = chatStream({ includeUsage: true }, 'chat.completion.chunk');
    t.push({ data: JSON.stringify({ id: 'first', object: 'chat.completion.chunk', created: 1, model: 'a', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }) });
    t.push({ data: JSON.stringify({ id: 'last', object: 'chat.completion.chunk', created: 2, model: 'b', choices: [{ index: 0, delta: { content: 'x' } }] }) });
    const [usage] = t.end({ promptTokens: 1, completionTokens: 2 });
    expect(JSON.parse(usage.data)).toMatchObject({ id: 'last', created: 2, model: 'b' });
  });

  it('keeps at most PENDING_LIMIT characters unread: a long stream is read as it goes', () => {
    const t = chatStream({ includeUsage: false }, 'chat.completion.chunk') as StreamTransform & { pending: unknown[] };
    const piece = 'x'.repeat(1000);
    let sent = 0;
    for (let i = 0; i < 300; i++) {
      const ev = chunk({ content: piece });
      sent += ev.data.length;
      t.push(ev);
    }
    expect(sent).toBeGreaterThan(3 * PENDING_LIMIT);
    expect(t.pending.length * 1000).toBeLessThanOrEqual(PENDING_LIMIT + 1000);
    expect(t.output.text).toBe(piece.repeat(300));
  });

  it('still drops a chunk that is not a JSON object, and still sees an in-band error with spaces around its colon', () => {
    const t = chatStream({ includeUsage: false }, 'chat.completion.chunk');
    expect(t.push({ data: '{"id":"c1","choices":[' })).toEqual([]);
    const err = { data: '{"error" : {"message":"overloaded"}}' };
    expect(t.push(err)).toEqual([err]);
    expect(t.failed).toBe(true);
  });
});

describe('OpenAI Responses stream', () => {
  it('reads text deltas and the final usage; complete at response.completed; no [DONE]', () => {
    const t = responsesStream();
    const out = run('responses-stream.sse', t, 11);
    expect(out.map((e) => e.event)).toEqual([
      'response.created', 'response.in_progress', 'response.output_item.added', 'response.output_text.delta',
      'response.output_text.delta', 'response.output_text.done', 'response.completed',
    ]);
    expect(t.complete).toBe(true);
    expect(t.usage).toEqual({ promptTokens: 37, completionTokens: 11, cachedTokens: 5 });
    expect(t.output.text).toBe('Hi there!');
    expect(t.end({ promptTokens: 0, completionTokens: 0 })).toEqual([]);
    const [e] = t.interrupted('cut', 'stream_interrupted');
    expect(e.event).toBe('error');
    expect(JSON.parse(e.data)).toMatchObject({ type: 'error', code: 'stream_interrupted', error: { message: 'cut' } });
  });
});
