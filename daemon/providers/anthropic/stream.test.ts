import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SseParser } from '../../relay/sse.js';
import type { SseEvent, StreamTransform } from '../types.js';
import { messagesStream } from './stream.js';
import { messageOutput, readClaudeUsage } from './usage.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

/** Runs a fixture through the parser (cut every `step` bytes) and the transform; returns what the client gets. */
function run(name: string, t: StreamTransform, step: number): SseEvent[] {
  const bytes = fixture(name);
  const p = new SseParser();
  const out: SseEvent[] = [];
  for (let i = 0; i < bytes.length; i += step) for (const ev of p.push(bytes.subarray(i, i + step))) out.push(...t.push(ev));
  for (const ev of p.end()) out.push(...t.push(ev));
  return out;
}

describe('Claude Messages stream', () => {
  it('passes every event on unchanged and bills input + cache reads from message_start, output from message_delta', () => {
    for (const step of [1, 2, 5, 64, 100_000]) {
      const t = messagesStream();
      const out = run('messages-stream.sse', t, step);
      expect(out.map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'ping', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
      expect(t.complete).toBe(true);
      expect(t.failed).toBe(false);
      expect(t.usage).toEqual({ promptTokens: 25 + 2048, completionTokens: 15, cachedTokens: 2048 });
      expect(t.output.text).toBe('Bonjour — ça va ? 👋');
      expect(t.end({ promptTokens: 1, completionTokens: 1 })).toEqual([]);
    }
  });

  it('keeps parallel tool calls apart and reads the counts message_delta repeats', () => {
    const t = messagesStream();
    const out = run('messages-stream-tools.sse', t, 3);
    expect(out).toHaveLength(19); // every event, nothing held back
    expect(t.output).toEqual({
      text: 'Checking both.', reasoning: 'Two cities: call the tool twice.',
      toolCalls: [{ name: 'get_weather', arguments: '{"city": "Paris"}' }, { name: 'get_weather', arguments: '{"city": "Tokyo"}' }],
    });
    expect(t.usage).toEqual({ promptTokens: 572, completionTokens: 89, cacheWriteTokens: 100 });
  });

  it('passes an in-band error on as a failure', () => {
    const t = messagesStream();
    const out = run('messages-stream-error.sse', t, 7);
    expect(out.at(-1)!.event).toBe('error');
    expect(t.failed).toBe(true);
    expect(t.complete).toBe(false);
  });

  it('knows a cut stream is not complete, and ends it with an Anthropic error event', () => {
    const t = messagesStream();
    run('messages-stream-cut.sse', t, 11);
    expect(t.complete).toBe(false);
    expect(t.output.text).toBe('Bonjour');
    expect(t.usage).toEqual({ promptTokens: 2073, cachedTokens: 2048 }); // message_start's output placeholder is not billed
    const [e] = t.interrupted('broke off', 'stream_interrupted');
    expect(e.event).toBe('error');
    expect(JSON.parse(e.data)).toEqual({ type: 'error', error: { type: 'api_error', message: 'broke off' } });
  });
});

describe('Claude usage', () => {
  it('adds cache reads and writes to the prompt total, keeping both as parts', () => {
    const body = JSON.parse(fixture('messages-response.json').toString('utf8'));
    expect(readClaudeUsage(body.usage)).toEqual({ promptTokens: 21 + 188 + 1024, completionTokens: 93, cachedTokens: 1024, cacheWriteTokens: 188 });
    expect(messageOutput(body)).toEqual({
      text: 'Let me check the weather in Paris.', reasoning: 'The user wants the weather; I should call the tool.',
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' }],
    });
  });

  it.each<[string, unknown, unknown]>([
    ['a cache write given only as its 5m/1h split', { input_tokens: 3, output_tokens: 4, cache_creation: { ephemeral_5m_input_tokens: 10, ephemeral_1h_input_tokens: 20 } }, { promptTokens: 33, completionTokens: 4, cacheWriteTokens: 30 }],
    ['no counts', { service_tier: 'standard' }, null],
    ['negative counts ignored', { input_tokens: -4, output_tokens: 2 }, { promptTokens: 0, completionTokens: 2 }],
  ])('reads %s', (_n, u, expected) => expect(readClaudeUsage(u)).toEqual(expected));
});
