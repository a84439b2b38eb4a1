// Streams through the composed adapters, fed recorded upstream streams cut at awkward byte boundaries (inside
// UTF-8 sequences, between "\r" and "\n"), checked the way a client would rebuild the answer.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../providers/registry.js';
import { defaultRelaySettings } from '../../providers/settings.js';
import type { SseEvent, StreamTransform, UpstreamCall } from '../../providers/types.js';
import { SseParser, formatSse } from '../sse.js';

const bytes = (path: string) => readFileSync(new URL(path, import.meta.url));
const OPENAI = '../../providers/openai/__fixtures__/';
const CLAUDE = '../../providers/anthropic/__fixtures__/';
const OWN = './__fixtures__/';

const call = (type: number, model: string): UpstreamCall => ({
  channel: { type, baseUrl: '', key: 'KEY', other: '', organization: '' }, model, stream: true, paramOverride: null,
  clientModel: model, clientHeaders: {}, promptTokens: 42, created: 1_700_000_000, settings: defaultRelaySettings(),
});

function run(path: string, t: StreamTransform, step: number): SseEvent[] {
  const b = bytes(path);
  const p = new SseParser();
  const out: SseEvent[] = [];
  for (let i = 0; i < b.length; i += step) for (const ev of p.push(b.subarray(i, i + step))) out.push(...t.push(ev));
  for (const ev of p.end()) out.push(...t.push(ev));
  return out;
}

/** What the client parses back out of the wire text we would write. */
function reparse(events: SseEvent[]): SseEvent[] {
  const p = new SseParser();
  return [...p.push(Buffer.from(events.map(formatSse).join(''))), ...p.end()];
}

/** Rebuilds a Claude message from its events, enforcing the protocol: one block open at a time, deltas into it. */
function claudeMessage(events: SseEvent[]) {
  let msg: any = null;
  let open: number | null = null;
  let stopped = false;
  const json: Record<number, string> = {};
  for (const ev of reparse(events)) {
    const e = JSON.parse(ev.data);
    expect(ev.event).toBe(e.type);
    if (e.type === 'message_start') msg = { ...e.message, content: [] };
    else if (e.type === 'content_block_start') {
      expect(open).toBeNull();
      expect(e.index).toBe(msg.content.length);
      open = e.index;
      msg.content.push({ ...e.content_block });
    } else if (e.type === 'content_block_delta') {
      expect(e.index).toBe(open);
      const b = msg.content[e.index];
      if (e.delta.type === 'text_delta') b.text += e.delta.text;
      else if (e.delta.type === 'thinking_delta') b.thinking += e.delta.thinking;
      else if (e.delta.type === 'input_json_delta') json[e.index] = (json[e.index] ?? '') + e.delta.partial_json;
    } else if (e.type === 'content_block_stop') {
      expect(e.index).toBe(open);
      if (json[e.index] !== undefined) msg.content[e.index].input = JSON.parse(json[e.index]);
      open = null;
    } else if (e.type === 'message_delta') Object.assign(msg, e.delta, { usage: { ...msg.usage, ...e.usage } });
    else if (e.type === 'message_stop') stopped = true;
  }
  expect(open).toBeNull();
  return { msg, stopped };
}

/** Rebuilds an OpenAI chat answer from its chunks (tool calls by index, as the SDKs do). */
function openaiAnswer(events: SseEvent[]) {
  const out = { content: '', reasoning: '', signatures: [] as string[], calls: [] as { id: string; name: string; arguments: string }[], finish: null as string | null, usage: null as any, done: false };
  for (const ev of reparse(events)) {
    if (ev.data === '[DONE]') {
      out.done = true;
      continue;
    }
    const c = JSON.parse(ev.data);
    expect(c.object).toBe('chat.completion.chunk');
    if (c.usage) out.usage = c.usage;
    const ch = c.choices[0];
    if (!ch) continue;
    out.content += ch.delta.content ?? '';
    out.reasoning += ch.delta.reasoning_content ?? '';
    for (const b of ch.delta.thinking_blocks ?? []) if (b.signature) out.signatures.push(b.signature);
    for (const t of ch.delta.tool_calls ?? []) {
      out.calls[t.index] ??= { id: '', name: '', arguments: '' };
      out.calls[t.index].id += t.id ?? '';
      out.calls[t.index].name += t.function?.name ?? '';
      out.calls[t.index].arguments += t.function?.arguments ?? '';
    }
    if (ch.finish_reason) out.finish = ch.finish_reason;
  }
  return out;
}

describe('Claude upstream stream → OpenAI chat client', () => {
  const adapter = adapterFor(14, 'openai.chat')!;

  it('converts thinking (with its signature), text and parallel tool calls by index; bills the Claude usage', () => {
    for (const step of [1, 3, 8, 61, 100_000]) {
      const t = adapter.stream!(call(14, 'claude-sonnet-4-20250514'), { includeUsage: true });
      const events = run(CLAUDE + 'messages-stream-tools.sse', t, step);
      expect(t.complete).toBe(true);
      expect(t.usage).toEqual({ promptTokens: 572, completionTokens: 89, cacheWriteTokens: 100 });
      const a = openaiAnswer([...events, ...t.end({ promptTokens: 572, completionTokens: 89, cacheWriteTokens: 100 })]);
      expect(a).toMatchObject({ content: 'Checking both.', reasoning: 'Two cities: call the tool twice.', signatures: ['EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds'], finish: 'tool_calls', done: true });
      expect(a.calls).toEqual([
        { id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', arguments: '{"city": "Paris"}' },
        { id: 'toolu_02Ab9z', name: 'get_weather', arguments: '{"city": "Tokyo"}' },
      ]);
      expect(a.usage).toEqual({ prompt_tokens: 572, completion_tokens: 89, total_tokens: 661, prompt_tokens_details: { cached_tokens: 0, cached_creation_tokens: 100 } });
    }
  });

  it('sends no usage chunk to a client that did not ask, and never a second [DONE]', () => {
    const t = adapter.stream!(call(14, 'c'), { includeUsage: false });
    const events = [...run(CLAUDE + 'messages-stream.sse', t, 5), ...t.end({ promptTokens: 2073, completionTokens: 15, cachedTokens: 2048 })];
    const a = openaiAnswer(events);
    expect(a).toMatchObject({ content: 'Bonjour — ça va ? 👋', finish: 'stop', usage: null, done: true });
    expect(events.filter((e) => e.data === '[DONE]')).toHaveLength(1);
  });

  it('passes an upstream error on as an OpenAI error chunk, and a cut stream ends in an error chunk, never [DONE]', () => {
    const t = adapter.stream!(call(14, 'c'), { includeUsage: false });
    const events = run(CLAUDE + 'messages-stream-error.sse', t, 4);
    expect(t.failed).toBe(true);
    expect(JSON.parse(events.at(-1)!.data)).toEqual({ error: { message: 'Overloaded', type: 'overloaded_error', param: null, code: null } });
    const cut = adapter.stream!(call(14, 'c'), { includeUsage: true });
    run(CLAUDE + 'messages-stream-cut.sse', cut, 9);
    expect(cut.complete).toBe(false);
    const tail = cut.interrupted('broke off', 'stream_interrupted');
    expect(tail.map((e) => JSON.parse(e.data))).toEqual([{ error: { message: 'broke off', type: 'upstream_error', param: null, code: 'stream_interrupted' } }]);
  });
});

describe('OpenAI upstream stream → Claude client', () => {
  const adapter = adapterFor(1, 'claude.messages')!;

  it('builds a valid Claude stream with parallel tool_use blocks and the billed usage in message_delta', () => {
    for (const step of [1, 2, 7, 64, 100_000]) {
      const t = adapter.stream!(call(1, 'gpt-4o-mini'), { includeUsage: false });
      const events = run(OPENAI + 'chat-stream-tools.sse', t, step);
      expect(t.complete).toBe(true);
      const { msg, stopped } = claudeMessage([...events, ...t.end({ promptTokens: 60, completionTokens: 20, cachedTokens: 10 })]);
      expect(stopped).toBe(true);
      expect(msg).toMatchObject({ id: 'msg_chatcmpl-AbC123', type: 'message', role: 'assistant', model: 'gpt-4o-mini-2024-07-18', stop_reason: 'tool_use' });
      expect(msg.content).toEqual([
        { type: 'tool_use', id: 'call_Xy', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call_Zw', name: 'get_time', input: {} },
      ]);
      expect(msg.usage).toEqual({ input_tokens: 50, output_tokens: 20, cache_read_input_tokens: 10, cache_creation_input_tokens: 0 });
    }
  });

  it('announces the counted prompt in message_start, and turns reasoning into a thinking block before the text', () => {
    const t = adapter.stream!(call(43, 'deepseek-reasoner'), { includeUsage: false });
    const events = run(OPENAI + 'chat-stream-deepseek.sse', t, 3);
    expect(JSON.parse(events[0].data).message.usage).toEqual({ input_tokens: 42, output_tokens: 0 });
    expect(t.usage).toEqual({ promptTokens: 40, completionTokens: 12, cachedTokens: 32, reasoningTokens: 9 });
    const { msg } = claudeMessage([...events, ...t.end({ promptTokens: 40, completionTokens: 12, cachedTokens: 32 })]);
    expect(msg.content).toEqual([{ type: 'thinking', thinking: 'Let me think.', signature: '' }, { type: 'text', text: '42' }]);
    expect(msg.stop_reason).toBe('end_turn');
    expect(msg.usage).toMatchObject({ input_tokens: 8, cache_read_input_tokens: 32, output_tokens: 12 });
  });

  it('keeps parallel calls apart when an upstream gives them all index 0', () => {
    const t = adapter.stream!(call(8, 'gemini-2.0-flash'), { includeUsage: false });
    const events = run(OWN + 'chat-stream-same-index.sse', t, 5);
    const { msg } = claudeMessage([...events, ...t.end({ promptTokens: 50, completionTokens: 20 })]);
    expect(msg.content).toEqual([
      { type: 'text', text: 'Sure.' },
      { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'call_2', name: 'get_time', input: { tz: 'Asia/Tokyo' } },
    ]);
  });

  it('waits for the usage chunk after the finish chunk, and ends a broken stream with an error event', () => {
    const t = adapter.stream!(call(1, 'gpt-4o-mini'), { includeUsage: false });
    const events = run(OPENAI + 'chat-stream-usage.sse', t, 13);
    expect(events.some((e) => e.event === 'message_delta' || e.event === 'message_stop')).toBe(false);
    expect(t.usage).toEqual({ promptTokens: 19, completionTokens: 8 });
    const { msg } = claudeMessage([...events, ...t.end({ promptTokens: 19, completionTokens: 8 })]);
    expect(msg.content).toEqual([{ type: 'text', text: 'Bonjour — ça va ? 👋' }]);
    expect(msg.usage).toMatchObject({ input_tokens: 19, output_tokens: 8 });

    const cut = adapter.stream!(call(1, 'gpt-4o-mini'), { includeUsage: false });
    run(OPENAI + 'chat-stream-cut.sse', cut, 6);
    expect(cut.complete).toBe(false);
    const [err] = cut.interrupted('broke off', 'stream_interrupted');
    expect(err.event).toBe('error');
    expect(JSON.parse(err.data)).toEqual({ type: 'error', error: { type: 'api_error', message: 'broke off' } });
  });

  it('converts an in-band OpenAI error chunk into a Claude error event', () => {
    const t = adapter.stream!(call(1, 'm'), { includeUsage: false });
    const out = t.push({ data: '{"error":{"message":"overloaded","type":"server_error"}}' });
    expect(t.failed).toBe(true);
    expect(out).toEqual([{ event: 'error', data: JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'overloaded' } }) }]);
  });
});

