import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { optionRegistry, type OptionKey } from '../../contract/options.js';
import { defaultRelaySettings, parseRelaySettings } from '../settings.js';
import type { RelaySettings, UpstreamCall } from '../types.js';
import { generateAdapter, apiVersion } from './generate.js';
import { batchEmbedAdapter, embedAdapter } from './embeddings.js';
import { geminiError } from './errors.js';
import { readGeminiUsage, geminiOutput } from './usage.js';
import { clampBudget, effortForThinking, thinkingForEffort, thinkingSuffix } from './thinking.js';

const settings = (over: Partial<Record<OptionKey, string>>): RelaySettings => parseRelaySettings((k) => over[k] ?? optionRegistry[k].default);
function call(o: Partial<UpstreamCall> = {}): UpstreamCall {
  return {
    channel: { type: 24, baseUrl: '', key: 'AIza-KEY', other: '', organization: '' }, model: 'gemini-2.5-flash', stream: false, paramOverride: null,
    clientModel: 'gemini-2.5-flash', clientHeaders: {}, promptTokens: 10, created: 1_700_000_000, settings: defaultRelaySettings(), ...o,
  };
}
const json = (value: Record<string, unknown>, raw?: string) => ({ kind: 'json' as const, value, ...(raw ? { raw } : {}) });
const sent = (r: { body: unknown }) => JSON.parse(r.body as string);

describe('generateContent request', () => {
  it('calls {base}/v1beta/models/{model}:generateContent with x-goog-api-key, or :streamGenerateContent?alt=sse', () => {
    const r = generateAdapter.request(json({ contents: [] }), call());
    expect(r.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent');
    expect(r.headers).toEqual({ 'x-goog-api-key': 'AIza-KEY', 'content-type': 'application/json', accept: 'application/json' });
    const s = generateAdapter.request(json({ contents: [] }), call({ stream: true, channel: { ...call().channel, baseUrl: 'http://10.0.0.2:8080/' } }));
    expect(s.url).toBe('http://10.0.0.2:8080/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(s.headers.accept).toBe('text/event-stream');
  });

  it('takes the version of the model from gemini.version_settings, else the channel\'s, else the default; never a path', () => {
    const s = settings({ 'gemini.version_settings': '{"default":"v1alpha","gemini-old":"v1","evil":"../x"}' });
    expect(apiVersion(call({ settings: s }), 'gemini-old')).toBe('v1');
    expect(apiVersion(call({ settings: s }), 'gemini-2.5-flash')).toBe('v1alpha');
    expect(apiVersion(call({ settings: s, channel: { ...call().channel, other: 'v1beta2' } }), 'gemini-2.5-flash')).toBe('v1beta2');
    expect(apiVersion(call({ settings: s, channel: { ...call().channel, other: 'v1/../../x' } }), 'evil')).toBe('v1alpha');
    expect(apiVersion(call(), 'gemini-1.0-pro')).toBe('v1'); // the registry default lists it
  });

  it('keeps unknown fields, drops `model`, applies param_override; pass-through sends the exact text', () => {
    const body = sent(generateAdapter.request(json({ model: 'x', contents: [{ parts: [{ text: 'hi' }] }], cachedContent: 'cachedContents/1' }), call({ paramOverride: { labels: { a: 'b' } } })));
    expect(body).toEqual({ contents: [{ parts: [{ text: 'hi' }] }], cachedContent: 'cachedContents/1', labels: { a: 'b' } });
    const raw = '{"contents":[],"generationConfig":{"temperature":1.0}}';
    expect(generateAdapter.request(json({ contents: [] }, raw), call({ settings: settings({ 'global.pass_through_request_enabled': 'true' }) })).body).toBe(raw);
  });

  it('applies the thinking adapter: suffix stripped from the URL, thinkingConfig unless the client set one', () => {
    const on = settings({ 'gemini.thinking_adapter_enabled': 'true' });
    const r = generateAdapter.request(json({ generationConfig: { maxOutputTokens: 1000 } }), call({ model: 'gemini-2.5-flash-thinking', settings: on }));
    expect(r.url).toContain('/models/gemini-2.5-flash:generateContent');
    expect(sent(r).generationConfig).toEqual({ maxOutputTokens: 1000, thinkingConfig: { thinkingBudget: 600, includeThoughts: true } });
    const own = generateAdapter.request(json({ generationConfig: { thinkingConfig: { thinkingBudget: 5 } } }), call({ model: 'gemini-2.5-flash-thinking', settings: on }));
    expect(sent(own).generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 5 } });
    const off = generateAdapter.request(json({}), call({ model: 'gemini-2.5-flash-thinking' }));
    expect(off.url).toContain('/models/gemini-2.5-flash-thinking:generateContent');
    expect(sent(off)).toEqual({});
  });

  it('reads usage and output of a whole answer', () => {
    const answer = JSON.parse(readFileSync(new URL('./__fixtures__/generate-response.json', import.meta.url), 'utf8'));
    const a = generateAdapter.answer!(answer, call());
    expect(a.usage).toEqual({ promptTokens: 1310, completionTokens: 110, cachedTokens: 1024, reasoningTokens: 64 });
    expect(a.output).toEqual(geminiOutput(answer));
    expect(a.output?.toolCalls).toHaveLength(2);
  });
});

describe('Gemini usage', () => {
  it.each<[string, unknown, unknown]>([
    ['tool-use prompt tokens as input', { promptTokenCount: 10, toolUsePromptTokenCount: 5, candidatesTokenCount: 3, totalTokenCount: 18 }, { promptTokens: 15, completionTokens: 3 }],
    ['output from the total when the counts are missing', { promptTokenCount: 10, totalTokenCount: 14 }, { promptTokens: 10, completionTokens: 4 }],
    ['only the prompt so far', { promptTokenCount: 10, totalTokenCount: 10 }, { promptTokens: 10 }],
    ['thoughts without candidates', { promptTokenCount: 2, thoughtsTokenCount: 9 }, { promptTokens: 2, completionTokens: 9, reasoningTokens: 9 }],
    ['nothing', { trafficType: 'ON_DEMAND' }, null],
    ['junk', 'usage', null],
    ['negative counts ignored', { promptTokenCount: -4, candidatesTokenCount: 2 }, { promptTokens: 0, completionTokens: 2 }],
  ])('reads %s', (_n, u, expected) => expect(readGeminiUsage(u)).toEqual(expected));
});

describe('thinking', () => {
  const on = settings({ 'gemini.thinking_adapter_enabled': 'true' }).gemini;

  it.each<[string, number, number]>([
    ['gemini-2.5-pro', 10, 128], ['gemini-2.5-pro', 50_000, 32768], ['gemini-2.5-flash-lite', 100, 512], ['gemini-2.5-flash-lite', 30_000, 24576],
    ['gemini-2.5-flash', -5, 0], ['gemini-2.5-flash', 99_999, 24576], ['gemini-2.5-pro-preview-03-25', 99_999, 24576],
  ])('clamps %s budget %d to %d', (model, budget, expected) => expect(clampBudget(model, budget)).toBe(expected));

  it('reads the suffixes', () => {
    expect(thinkingSuffix('gemini-2.5-flash-thinking-999999', on)).toEqual({ model: 'gemini-2.5-flash', config: { thinkingBudget: 24576, includeThoughts: true } });
    expect(thinkingSuffix('gemini-2.5-flash-thinking', on, { effort: 'high' })).toEqual({ model: 'gemini-2.5-flash', config: { thinkingBudget: 19660, includeThoughts: true } });
    expect(thinkingSuffix('gemini-2.5-flash-thinking', on)).toEqual({ model: 'gemini-2.5-flash', config: { includeThoughts: true } });
    expect(thinkingSuffix('gemini-2.5-pro-preview-05-06-thinking', on, { maxOutputTokens: 1000 })).toEqual({ model: 'gemini-2.5-pro-preview-05-06', config: { includeThoughts: true } });
    expect(thinkingSuffix('gemini-2.5-flash-nothinking', on)).toEqual({ model: 'gemini-2.5-flash', config: { thinkingBudget: 0 } });
    expect(thinkingSuffix('gemini-2.5-pro-nothinking', on)).toEqual({ model: 'gemini-2.5-pro', config: undefined });
    expect(thinkingSuffix('gemini-2.5-flash', on)).toBeNull();
    expect(thinkingSuffix('gemini-2.5-flash-thinking', defaultRelaySettings().gemini)).toBeNull();
  });

  it('maps reasoning_effort to a budget or a level, and back', () => {
    expect(thinkingForEffort('gemini-2.5-flash', 'medium')).toEqual({ thinkingBudget: 12288, includeThoughts: true });
    expect(thinkingForEffort('gemini-2.5-pro', 'minimal')).toEqual({ thinkingBudget: 1638, includeThoughts: true });
    expect(thinkingForEffort('gemini-2.5-flash', 'none')).toEqual({ thinkingBudget: 0 });
    expect(thinkingForEffort('gemini-2.5-pro', 'none')).toEqual({ thinkingBudget: 128 });
    expect(thinkingForEffort('gemini-3-pro-preview', 'high')).toEqual({ thinkingLevel: 'high', includeThoughts: true });
    expect(thinkingForEffort('gemini-2.5-flash', 'extreme')).toBeUndefined();
    expect([0, -1, 500, 5000, 20000].map((b) => effortForThinking({ thinkingBudget: b }))).toEqual([undefined, undefined, 'low', 'medium', 'high']);
    expect(effortForThinking({ thinkingLevel: 'LOW' })).toBe('low');
  });
});

describe('embeddings', () => {
  it('puts the upstream model where Google checks it', () => {
    const r = batchEmbedAdapter.request(json({ requests: [{ model: 'models/alias', content: { parts: [{ text: 'a' }] } }] }), call({ model: 'text-embedding-004' }));
    expect(r.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/text-embedding-004:batchEmbedContents');
    expect(sent(r).requests[0].model).toBe('models/text-embedding-004');
    const one = embedAdapter.request(json({ model: 'models/alias', content: { parts: [{ text: 'a' }] } }), call({ model: 'text-embedding-004' }));
    expect(one.url).toMatch(/:embedContent$/);
    expect(sent(one).model).toBe('models/text-embedding-004');
    expect(embedAdapter.answer!({ embedding: { values: [1] } }, call()).usage).toBeNull();
  });
});

describe('Gemini errors', () => {
  it('reads Google\'s error body, also wrapped in an array', () => {
    const body = { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } };
    expect(geminiError(429, body, '')).toEqual({ status: 429, message: 'Resource has been exhausted', type: 'RESOURCE_EXHAUSTED', code: '429' });
    expect(geminiError(400, [body], '')).toMatchObject({ message: 'Resource has been exhausted', type: 'RESOURCE_EXHAUSTED' });
  });
});
