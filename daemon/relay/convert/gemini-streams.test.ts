// Gemini bridges end to end through the composed adapters: recorded upstream streams cut at awkward byte
// boundaries (inside UTF-8 sequences, between "\r" and "\n"), rebuilt the way a client would; whole answers and
// embeddings rendered with the billed usage.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../providers/registry.js';
import { defaultRelaySettings } from '../../providers/settings.js';
import type { InboundBody, SseEvent, StreamTransform, UpstreamCall } from '../../providers/types.js';
import { SseParser, formatSse } from '../sse.js';

const bytes = (path: string) => readFileSync(new URL(path, import.meta.url));
const GEMINI = '../../providers/gemini/__fixtures__/';
const OPENAI = '../../providers/openai/__fixtures__/';
const OWN = './__fixtures__/';

const call = (type: number, model: string, clientBody?: InboundBody): UpstreamCall => ({
  channel: { type, baseUrl: '', key: 'KEY', other: '', organization: '' }, model, stream: true, paramOverride: null,
  clientModel: model, clientHeaders: {}, promptTokens: 42, created: 1_700_000_000, settings: defaultRelaySettings(), clientBody,
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

/** Rebuilds an OpenAI chat answer from its chunks (tool calls by index, as the SDKs do). */
function openaiAnswer(events: SseEvent[]) {
  const out = { role: '', content: '', reasoning: '', calls: [] as { id: string; name: string; arguments: string; signature?: string }[], finish: null as string | null, usage: null as any, done: false, errors: [] as any[] };
  for (const ev of reparse(events)) {
    if (ev.data === '[DONE]') {
      out.done = true;
      continue;
    }
    const c = JSON.parse(ev.data);
    if (c.error) {
      out.errors.push(c.error);
      continue;
    }
    expect(c.object).toBe('chat.completion.chunk');
    if (c.usage) out.usage = c.usage;
    const ch = c.choices[0];
    if (!ch) continue;
    out.role += ch.delta.role ?? '';
    out.content += ch.delta.content ?? '';
    out.reasoning += ch.delta.reasoning_content ?? '';
    for (const t of ch.delta.tool_calls ?? []) {
      out.calls[t.index] ??= { id: '', name: '', arguments: '' };
      out.calls[t.index].id += t.id ?? '';
      out.calls[t.index].name += t.function?.name ?? '';
      out.calls[t.index].arguments += t.function?.arguments ?? '';
      if (t.extra_content) out.calls[t.index].signature = t.extra_content.google.thought_signature;
    }
    if (ch.finish_reason) out.finish = ch.finish_reason;
  }
  return out;
}

/** Rebuilds a Gemini answer from its chunks, as @google/genai shows it: text, thoughts, calls, last finish and usage. */
function geminiAnswer(events: SseEvent[]) {
  const out = { text: '', thoughts: '', calls: [] as any[], finish: undefined as string | undefined, usage: undefined as any, errors: [] as any[] };
  for (const ev of reparse(events)) {
    const c = JSON.parse(ev.data);
    if (c.error) {
      out.errors.push(c.error);
      continue;
    }
    for (const p of c.candidates?.[0]?.content?.parts ?? []) {
      if (p.functionCall) out.calls.push(p.functionCall);
      else if (p.thought) out.thoughts += p.text;
      else out.text += p.text ?? '';
    }
    if (c.candidates?.[0]?.finishReason) out.finish = c.candidates[0].finishReason;
    if (c.usageMetadata) out.usage = c.usageMetadata;
  }
  return out;
}

describe('Gemini upstream stream → OpenAI chat client', () => {
  const adapter = adapterFor(24, 'openai.chat')!;

  it('turns thoughts, text and parallel calls (with the signature) into chunks; finish tool_calls; bills the Gemini usage', () => {
    for (const step of [1, 2, 3, 8, 61, 100_000]) {
      const t = adapter.stream!(call(24, 'gemini-2.5-flash'), { includeUsage: true });
      const events = run(GEMINI + 'generate-stream-tools.sse', t, step);
      expect(t.complete).toBe(true);
      expect(t.usage).toEqual({ promptTokens: 1310, completionTokens: 110, cachedTokens: 1024, reasoningTokens: 64 });
      const a = openaiAnswer([...events, ...t.end({ promptTokens: 1310, completionTokens: 110, cachedTokens: 1024, reasoningTokens: 64 })]);
      expect(a).toMatchObject({ role: 'assistant', content: 'Checking both.', reasoning: '**Planning**\n\nTwo cities: call the tool twice.', finish: 'tool_calls', done: true });
      expect(a.calls.map(({ id, ...c }) => c)).toEqual([
        { name: 'get_weather', arguments: '{"city":"Paris"}', signature: 'CiQBVKhc7gSIG' },
        { name: 'get_weather', arguments: '{"city":"Tokyo"}' },
      ]);
      expect(a.calls[0].id).toMatch(/^call_\w+$/);
      expect(a.calls[0].id).not.toBe(a.calls[1].id);
      expect(a.usage).toEqual({ prompt_tokens: 1310, completion_tokens: 110, total_tokens: 1420, prompt_tokens_details: { cached_tokens: 1024 }, completion_tokens_details: { reasoning_tokens: 64 } });
    }
  });

  it('streams text with the finish stop, no usage chunk unless asked, one [DONE]', () => {
    const t = adapter.stream!(call(24, 'gemini-2.0-flash'), { includeUsage: false });
    const events = [...run(GEMINI + 'generate-stream.sse', t, 5), ...t.end({ promptTokens: 9, completionTokens: 7 })];
    expect(openaiAnswer(events)).toMatchObject({ content: 'Bonjour — ça va ? 👋', finish: 'stop', usage: null, done: true });
    expect(events.filter((e) => e.data === '[DONE]')).toHaveLength(1);
  });

  it('ends a blocked prompt as content_filter, an upstream error as an error chunk, a cut stream with an error chunk and no [DONE]', () => {
    const blocked = adapter.stream!(call(24, 'g'), { includeUsage: false });
    const b = openaiAnswer([...run(GEMINI + 'generate-stream-blocked.sse', blocked, 7), ...blocked.end({ promptTokens: 12, completionTokens: 0 })]);
    expect(b).toMatchObject({ content: '', finish: 'content_filter', done: true });
    const failed = adapter.stream!(call(24, 'g'), { includeUsage: false });
    const f = openaiAnswer(run(GEMINI + 'generate-stream-error.sse', failed, 11));
    expect(failed.failed).toBe(true);
    expect(f.errors).toEqual([{ message: 'The model is overloaded. Please try again later.', type: 'UNAVAILABLE', param: null, code: 503 }]);
    const cut = adapter.stream!(call(24, 'g'), { includeUsage: true });
    const c = openaiAnswer([...run(GEMINI + 'generate-stream-cut.sse', cut, 6), ...cut.interrupted('broke off', 'stream_interrupted')]);
    expect(cut.complete).toBe(false);
    expect(c).toMatchObject({ content: 'Bonjour — ça', done: false, errors: [{ message: 'broke off', type: 'upstream_error', param: null, code: 'stream_interrupted' }] });
  });

  it('renders a whole answer with the billed usage', () => {
    const answer = JSON.parse(bytes(GEMINI + 'generate-response.json').toString('utf8'));
    const a = adapter.answer!(answer, call(24, 'gemini-2.5-flash'));
    expect(a.usage).toEqual({ promptTokens: 1310, completionTokens: 110, cachedTokens: 1024, reasoningTokens: 64 });
    const body = a.render!({ promptTokens: 1310, completionTokens: 110, cachedTokens: 1024, reasoningTokens: 64 }) as any;
    expect(body).toMatchObject({ id: 'chatcmpl-Xq3aaL2bM_mzmtkP5sK1qAU', object: 'chat.completion', created: 1_700_000_000, model: 'gemini-2.5-flash' });
    expect(body.choices[0]).toMatchObject({ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: 'Let me check both cities.', reasoning_content: '**Planning the lookup**\n\nThe user wants the weather for two cities.' } });
    expect(body.choices[0].message.tool_calls.map((c: any) => [c.function, c.extra_content])).toEqual([
      [{ name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' }, { google: { thought_signature: 'CiQBVKhc7gSIGq' } }],
      [{ name: 'get_weather', arguments: '{"city":"Tokyo","unit":"celsius"}' }, undefined],
    ]);
    expect(body.usage).toEqual({ prompt_tokens: 1310, completion_tokens: 110, total_tokens: 1420, prompt_tokens_details: { cached_tokens: 1024 }, completion_tokens_details: { reasoning_tokens: 64 } });
  });

  it.each<[string, string]>([['MAX_TOKENS', 'length'], ['SAFETY', 'content_filter'], ['RECITATION', 'content_filter'], ['OTHER', 'content_filter'], ['STOP', 'stop']])(
    'maps finishReason %s to %s', (reason, expected) => {
      const body = adapterFor(24, 'openai.chat')!.answer!({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason: reason }] }, call(24, 'g')).render!({ promptTokens: 1, completionTokens: 1 }) as any;
      expect(body.choices[0].finish_reason).toBe(expected);
    },
  );
});

describe('OpenAI upstream stream → Gemini client', () => {
  const adapter = adapterFor(1, 'gemini.generate')!;

  it('sends text as it comes and parallel calls whole once finished; finishReason and billed usage last', () => {
    for (const step of [1, 2, 7, 64, 100_000]) {
      const t = adapter.stream!(call(1, 'gpt-4o-mini'), { includeUsage: false });
      const events = run(OPENAI + 'chat-stream-tools.sse', t, step);
      expect(t.complete).toBe(true);
      const a = geminiAnswer([...events, ...t.end({ promptTokens: 60, completionTokens: 20, cachedTokens: 10 })]);
      expect(a.calls).toEqual([{ id: 'call_Xy', name: 'get_weather', args: { city: 'Paris' } }, { id: 'call_Zw', name: 'get_time', args: {} }]);
      expect(a.finish).toBe('STOP');
      expect(a.usage).toEqual({ promptTokenCount: 60, candidatesTokenCount: 20, totalTokenCount: 80, cachedContentTokenCount: 10 });
    }
  });

  it('keeps calls apart when an upstream gives them all index 0, and turns reasoning into thought parts', () => {
    const t = adapter.stream!(call(8, 'm'), { includeUsage: false });
    const a = geminiAnswer([...run(OWN + 'chat-stream-same-index.sse', t, 5), ...t.end({ promptTokens: 50, completionTokens: 20 })]);
    expect(a.text).toBe('Sure.');
    expect(a.calls).toEqual([{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }, { id: 'call_2', name: 'get_time', args: { tz: 'Asia/Tokyo' } }]);
    const r = adapter.stream!(call(43, 'deepseek-reasoner'), { includeUsage: false });
    const d = geminiAnswer([...run(OPENAI + 'chat-stream-deepseek.sse', r, 3), ...r.end({ promptTokens: 40, completionTokens: 12, reasoningTokens: 9 })]);
    expect(d).toMatchObject({ thoughts: 'Let me think.', text: '42', finish: 'STOP' });
    expect(d.usage).toEqual({ promptTokenCount: 40, candidatesTokenCount: 3, thoughtsTokenCount: 9, totalTokenCount: 52 });
  });

  it('waits for the usage after the finish chunk, and ends a broken stream with Google\'s error chunk', () => {
    const t = adapter.stream!(call(1, 'gpt-4o-mini'), { includeUsage: false });
    const events = run(OPENAI + 'chat-stream-usage.sse', t, 13);
    expect(events.some((e) => JSON.parse(e.data).usageMetadata)).toBe(false);
    expect(t.usage).toEqual({ promptTokens: 19, completionTokens: 8 });
    expect(geminiAnswer([...events, ...t.end({ promptTokens: 19, completionTokens: 8 })])).toMatchObject({ text: 'Bonjour — ça va ? 👋', usage: { promptTokenCount: 19, candidatesTokenCount: 8 } });
    const cut = adapter.stream!(call(1, 'gpt-4o-mini'), { includeUsage: false });
    run(OPENAI + 'chat-stream-cut.sse', cut, 6);
    expect(cut.complete).toBe(false);
    expect(JSON.parse(cut.interrupted('broke off', 'stream_interrupted')[0].data)).toEqual({ error: { code: 502, message: 'broke off', status: 'UNAVAILABLE' } });
    const failed = adapter.stream!(call(1, 'm'), { includeUsage: false });
    expect(failed.push({ data: '{"error":{"message":"overloaded","type":"server_error"}}' }).map((e) => JSON.parse(e.data))).toEqual([{ error: { code: 500, message: 'overloaded', status: 'INTERNAL' } }]);
    expect(failed.failed).toBe(true);
  });

  it('renders a whole answer: reasoning as a thought part, calls with their ids, finish and usage', () => {
    const json = JSON.parse(bytes(OPENAI + 'chat-response.json').toString('utf8'));
    const body = adapter.answer!(json, call(1, 'gpt-4o')).render!({ promptTokens: 1117, completionTokens: 46, cachedTokens: 1024 }) as any;
    expect(body).toMatchObject({
      candidates: [{ content: { role: 'model', parts: [{ text: 'The image shows a wooden boardwalk.' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 1117, candidatesTokenCount: 46, totalTokenCount: 1163, cachedContentTokenCount: 1024 },
      modelVersion: 'gpt-4o-2024-08-06', responseId: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
    });
    const tools = adapter.answer!({ choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content: null, reasoning_content: 'hmm', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] } }] }, call(1, 'm'))
      .render!({ promptTokens: 1, completionTokens: 1 }) as any;
    expect(tools.candidates[0]).toEqual({ content: { role: 'model', parts: [{ text: 'hmm', thought: true }, { functionCall: { id: 'c1', name: 'f', args: { a: 1 } } }] }, finishReason: 'MAX_TOKENS', index: 0 });
  });
});

describe('embeddings across the formats', () => {
  it('answers an OpenAI client from batchEmbedContents, as floats or as base64 float32s', () => {
    const adapter = adapterFor(24, 'openai.embeddings')!;
    const req = adapter.request({ kind: 'json', value: { model: 'e', input: 'hi', dimensions: 8 } }, call(24, 'text-embedding-004'));
    expect(req.url).toMatch(/models\/text-embedding-004:batchEmbedContents$/);
    expect(JSON.parse(req.body as string)).toEqual({ requests: [{ model: 'models/text-embedding-004', content: { parts: [{ text: 'hi' }] }, outputDimensionality: 8 }] });
    const upstream = { embeddings: [{ values: [0.5, -1.25] }] };
    const floats = adapter.answer!(upstream, call(24, 'e', { kind: 'json', value: { input: 'hi' } })).render!({ promptTokens: 3, completionTokens: 0 });
    expect(floats).toEqual({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.5, -1.25] }], model: 'e', usage: { prompt_tokens: 3, total_tokens: 3 } });
    const b64 = adapter.answer!(upstream, call(24, 'e', { kind: 'json', value: { input: 'hi', encoding_format: 'base64' } })).render!({ promptTokens: 3, completionTokens: 0 }) as any;
    const decoded = Buffer.from(b64.data[0].embedding, 'base64');
    expect([decoded.readFloatLE(0), decoded.readFloatLE(4)]).toEqual([0.5, -1.25]);
  });

  it('answers a Gemini client from OpenAI embeddings, one vector or a batch', () => {
    const one = adapterFor(1, 'gemini.embed')!;
    expect(JSON.parse(one.request({ kind: 'json', value: { content: { parts: [{ text: 'a' }, { text: 'b' }] }, outputDimensionality: 4 } }, call(1, 'text-embedding-3-small')).body as string))
      .toEqual({ model: 'text-embedding-3-small', input: 'a\nb', dimensions: 4 });
    const openaiAnswer = { object: 'list', data: [{ index: 1, embedding: [2] }, { index: 0, embedding: [1] }] };
    expect(one.answer!(openaiAnswer, call(1, 'e')).render!({ promptTokens: 1, completionTokens: 0 })).toEqual({ embedding: { values: [1] } });
    const batch = adapterFor(1, 'gemini.batch_embed')!;
    expect(batch.answer!(openaiAnswer, call(1, 'e')).render!({ promptTokens: 1, completionTokens: 0 })).toEqual({ embeddings: [{ values: [1] }, { values: [2] }] });
  });
});
