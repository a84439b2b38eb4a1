// Gemini through the relay (reference §1.5, §6.2, §6.3): the official @google/genai client on /v1beta against a
// mock Gemini upstream (native: x-goog-api-key, body, thoughts and cached-content billing checked), the three
// ways a Gemini client sends its key, errors in Google's shape with real statuses (gateway-side ones included),
// the JSON-array stream without alt=sse, embeddings, the gemini.* options (thinking adapter, versions, safety
// settings, imagine models, pass-through), and conversion both ways: the official OpenAI client on a Gemini
// channel, the Gemini client on an OpenAI channel.
import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { chatChunks, reply, startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { geminiReply, googleError, startGeminiUpstream, type GeminiUpstream } from '../helpers/gemini-upstream.js';
import { addChannel, addToken, addUser, listen, logsOf, setPrices, userRow } from '../helpers/relay.js';

const GEMINI_KEY = 'AIza-upstream-SECRET-0123456789';
const OPENAI_KEY = 'sk-openai-upstream-SECRET-0123456789';
const MODELS = ['gemini-test', 'gemini-2.5-flash', 'gemini-img', 'gemini-old', 'text-embedding-004'];
/** Default mock usage: 20 uncached + 100 cached × 0.25 + (40 candidates + 30 thoughts) × 1. */
const DEFAULT_QUOTA = 20 + 25 + 70;

let root: string;
/** The answer's text parts (the SDK's `.text` warns when there are function calls too). */
const textOf = (r: GenerateContentResponse) => (r.candidates?.[0]?.content?.parts ?? []).filter((p) => !p.thought).map((p) => p.text ?? '').join('');

describe('relay: Gemini', () => {
  let t: TestApp;
  let gemini: GeminiUpstream;
  let openaiUp: MockUpstream;
  let uid: number;
  let sk: string;
  let genai: GoogleGenAI;
  let openai: OpenAI;

  const lastLog = async () => (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
  const charged = async (run: () => Promise<unknown>) => {
    const before = (await userRow(t, uid)).quota;
    await run();
    return before - (await userRow(t, uid)).quota;
  };
  const raw = (path: string, init: RequestInit & { key?: string } = {}) =>
    fetch(`${root}${path}`, { method: 'POST', ...init, headers: { 'content-type': 'application/json', ...(init.key ? { 'x-goog-api-key': init.key } : {}), ...init.headers } });

  beforeAll(async () => {
    t = await createTestApp();
    gemini = await startGeminiUpstream({ key: GEMINI_KEY, models: MODELS });
    openaiUp = await startUpstream({ keys: [OPENAI_KEY] });
    root = (await listen(t)).replace(/\/v1$/, '');
    const models = ['gemini-test', 'gemini-test-thinking', 'gemini-2.5-flash', 'gemini-2.5-flash-thinking-512', 'gemini-2.5-flash-nothinking', 'gemini-img', 'gemini-old', 'text-embedding-004', 'gpt-test', 'embed-test'];
    await setPrices(t, { ratio: Object.fromEntries(models.map((m) => [m, 1])), completion: Object.fromEntries(models.map((m) => [m, 1])) });
    await t.services.options.set({ CacheRatio: JSON.stringify({ 'gemini-test': 0.25, 'gpt-test': 0.5 }) });
    await addChannel(t, { name: 'gemini', type: 24, base_url: gemini.url, key: GEMINI_KEY, models: models.filter((m) => !['gpt-test', 'embed-test'].includes(m)).join(',') });
    await addChannel(t, { name: 'openai', type: 1, base_url: openaiUp.url, key: OPENAI_KEY, models: 'gpt-test,embed-test' });
    uid = await addUser(t, 'gemma', { quota: 10_000_000 });
    sk = (await addToken(t, uid)).sk;
    genai = new GoogleGenAI({ apiKey: sk, httpOptions: { baseUrl: root } });
    openai = new OpenAI({ apiKey: sk, baseURL: `${root}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await Promise.all([gemini?.close(), openaiUp?.close()]);
    await t?.close();
  });
  beforeEach(() => {
    gemini.reset();
    openaiUp.reset();
  });

  describe('native /v1beta', () => {
    it('relays generateContent with the channel key, and bills thoughts as output and cached content at its ratio', async () => {
      let r!: GenerateContentResponse;
      const quota = await charged(async () => {
        r = await genai.models.generateContent({ model: 'gemini-test', contents: 'Hello', config: { systemInstruction: 'Be brief.', temperature: 0.5, maxOutputTokens: 200 } });
      });
      expect(r.text).toBe('Hello from Gemini!');
      expect(r.usageMetadata).toMatchObject({ promptTokenCount: 120, candidatesTokenCount: 40, thoughtsTokenCount: 30, cachedContentTokenCount: 100 });
      const [req] = gemini.requests;
      expect(req.path).toBe('/v1beta/models/gemini-test:generateContent');
      expect(req.headers['x-goog-api-key']).toBe(GEMINI_KEY);
      expect(req.headers.authorization).toBeUndefined();
      expect(req.query.get('key')).toBeNull();
      expect(req.json).toEqual({
        contents: [{ parts: [{ text: 'Hello' }], role: 'user' }],
        systemInstruction: { parts: [{ text: 'Be brief.' }], role: 'user' },
        generationConfig: { temperature: 0.5, maxOutputTokens: 200 },
      });
      expect(quota).toBe(DEFAULT_QUOTA);
      const log = await lastLog();
      expect(log).toMatchObject({ model_name: 'gemini-test', prompt_tokens: 120, completion_tokens: 70, quota: DEFAULT_QUOTA, is_stream: false });
      expect(log.other).toMatchObject({ cache_tokens: 100, cache_ratio: 0.25 });
    });

    it('streams with alt=sse: chunks pass through, usage from the last usageMetadata', async () => {
      gemini.answer(geminiReply({ thought: 'Thinking…', pieces: ['Stre', 'amed ', 'héllo 👋'], usage: { promptTokenCount: 30, candidatesTokenCount: 12, thoughtsTokenCount: 8 } }));
      let text = '';
      let thoughts = '';
      let last!: GenerateContentResponse;
      const quota = await charged(async () => {
        for await (const c of await genai.models.generateContentStream({ model: 'gemini-test', contents: 'Hi' })) {
          for (const p of c.candidates?.[0]?.content?.parts ?? []) if (p.thought) thoughts += p.text ?? '';
          text += c.text ?? '';
          last = c;
        }
      });
      expect(text).toBe('Streamed héllo 👋');
      expect(thoughts).toBe('Thinking…');
      expect(last.usageMetadata).toMatchObject({ promptTokenCount: 30, candidatesTokenCount: 12, thoughtsTokenCount: 8 });
      expect(gemini.requests[0].path).toBe('/v1beta/models/gemini-test:streamGenerateContent');
      expect(gemini.requests[0].query.get('alt')).toBe('sse');
      expect(quota).toBe(30 + 20);
      expect(await lastLog()).toMatchObject({ prompt_tokens: 30, completion_tokens: 20, is_stream: true });
    });

    it('streams a JSON array to a client that did not ask for SSE, as Google does', async () => {
      gemini.answer(geminiReply({ pieces: ['One', ' two'], usage: { promptTokenCount: 5, candidatesTokenCount: 2 } }));
      const res = await raw('/v1beta/models/gemini-test:streamGenerateContent', { key: sk, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Count' }] }] }) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const chunks = JSON.parse(await res.text()) as any[];
      expect(chunks.map((c) => c.candidates[0].content.parts.map((p: any) => p.text).join('')).join('')).toBe('One two');
      expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2 } });
      expect(gemini.requests[0].query.get('alt')).toBe('sse'); // upstream always in SSE
      // a stream that breaks off still ends as valid JSON, its last element Google's error
      gemini.answer(geminiReply({ pieces: ['One', ' two', ' three'] }, { cutAfter: 2, intervalMs: 5 }));
      const cut = await raw('/v1beta/models/gemini-test:streamGenerateContent', { key: sk, body: JSON.stringify({ contents: [{ parts: [{ text: 'Count' }] }] }) });
      const elements = JSON.parse(await cut.text()) as any[];
      expect(elements.slice(0, 2).map((c) => c.candidates[0].content.parts[0].text)).toEqual(['One', ' two']);
      expect(elements.at(-1)).toMatchObject({ error: { code: 502, status: 'UNAVAILABLE' } });
    });

    it('takes the key from ?key=, x-goog-api-key or Authorization: Bearer, and never sends it upstream', async () => {
      const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] });
      const viaQuery = await raw(`/v1beta/models/gemini-test:generateContent?key=${sk}`, { body });
      const viaBearer = await raw('/v1beta/models/gemini-test:generateContent', { body, headers: { authorization: `Bearer ${sk}` } });
      const viaHeader = await raw('/v1beta/models/gemini-test:generateContent', { body, key: sk });
      for (const res of [viaQuery, viaBearer, viaHeader]) expect(res.status).toBe(200);
      expect(gemini.requests).toHaveLength(3);
      for (const req of gemini.requests) {
        expect(req.headers['x-goog-api-key']).toBe(GEMINI_KEY);
        expect(JSON.stringify(req.headers)).not.toContain(sk.slice(3));
        expect(req.query.get('key')).toBeNull();
      }
      // POST /v1/models/{model}:generateContent works too (newer new-api)
      expect((await raw('/v1/models/gemini-test:generateContent', { body, key: sk })).status).toBe(200);
    });

    it('relays embedContent and batchEmbedContents, billing the input counted locally', async () => {
      let vectors: number[][] = [];
      const quota = await charged(async () => {
        const r = await genai.models.embedContent({ model: 'text-embedding-004', contents: ['first text', 'second text'] });
        vectors = (r.embeddings ?? []).map((e) => e.values ?? []);
      });
      expect(vectors).toHaveLength(2);
      const req = gemini.requests[0];
      expect(req.path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
      expect(req.json.requests.map((r: any) => r.model)).toEqual(['models/text-embedding-004', 'models/text-embedding-004']);
      expect(quota).toBeGreaterThan(0);
      expect((await lastLog()).completion_tokens).toBe(0);
      const one = await raw('/v1beta/models/text-embedding-004:embedContent', { key: sk, body: JSON.stringify({ content: { parts: [{ text: 'just one' }] } }) });
      expect(await one.json()).toEqual({ embedding: { values: [0.1, 0.2, 0.3] } });
    });

    it('lists models in Google\'s shape, on /v1beta/models and on /v1/models for a Gemini key', async () => {
      const names: string[] = [];
      for await (const m of await genai.models.list()) names.push(m.name ?? '');
      expect(names).toEqual(expect.arrayContaining(['models/gemini-test', 'models/text-embedding-004', 'models/gpt-test']));
      const one = await fetch(`${root}/v1beta/models/gemini-test?key=${sk}`);
      expect(await one.json()).toMatchObject({ name: 'models/gemini-test', supportedGenerationMethods: ['generateContent', 'streamGenerateContent'] });
      const v1 = await fetch(`${root}/v1/models`, { headers: { 'x-goog-api-key': sk } });
      expect((await v1.json()).models).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'models/gemini-test' })]));
      const missing = await fetch(`${root}/v1beta/models/no-such?key=${sk}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    });
  });

  describe('errors in Google\'s shape', () => {
    const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] });

    it('refuses a bad key, a missing key, an unknown model, a short balance, bad JSON and an unknown method with real statuses', async () => {
      const bad = new GoogleGenAI({ apiKey: 'sk-not-a-real-key-000000000000000000000000000000000', httpOptions: { baseUrl: root } });
      const e1 = await bad.models.generateContent({ model: 'gemini-test', contents: 'x' }).catch((e) => e);
      expect(e1).toBeInstanceOf(ApiError);
      expect(e1.status).toBe(401);
      const noKey = await raw('/v1beta/models/gemini-test:generateContent', { body });
      expect(noKey.status).toBe(401);
      const noKeyBody = await noKey.json();
      expect(noKeyBody).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
      expect(noKeyBody.error.message).toMatch(/request id/);

      const e2 = await raw('/v1beta/models/no-such-gemini:generateContent', { body, key: sk });
      expect(e2.status).toBe(503);
      expect(await e2.json()).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });

      const poorId = await addUser(t, 'poor-gemini', { quota: 1 });
      const poor = (await addToken(t, poorId)).sk;
      const e3 = await raw('/v1beta/models/gemini-test:generateContent', { key: poor, body: JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { maxOutputTokens: 5000 } }) });
      expect(e3.status).toBe(403);
      expect(await e3.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });

      const e4 = await raw('/v1beta/models/gemini-test:generateContent', { key: sk, body: '{"contents":' });
      expect(e4.status).toBe(400);
      expect(await e4.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });

      const e5 = await raw('/v1beta/models/gemini-test:countTokensTwice', { key: sk, body });
      expect(e5.status).toBe(404);
      expect(await e5.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });

      const e6 = await raw('/v1beta/models/gemini-test:generateContent', { key: sk, body: JSON.stringify({ contents: [], generationConfig: { maxOutputTokens: -3 } }) });
      expect(e6.status).toBe(400);
      expect(gemini.requests).toHaveLength(0);
    });

    it('passes the upstream\'s own status and Google status on, without charging', async () => {
      gemini.answer((_req, res) => googleError(res, 400, 'FAILED_PRECONDITION', 'User location is not supported for the API use.'));
      const before = (await userRow(t, uid)).quota;
      const e = await genai.models.generateContent({ model: 'gemini-test', contents: 'x' }).catch((err) => err);
      expect(e).toBeInstanceOf(ApiError);
      expect(e.status).toBe(400);
      expect(e.message).toContain('FAILED_PRECONDITION');
      expect(e.message).toContain('User location is not supported');
      expect((await userRow(t, uid)).quota).toBe(before);
    });

    it('ends a stream that breaks off with an error chunk the SDK raises, billing what was delivered', async () => {
      gemini.answer(geminiReply({ pieces: ['never ', 'finished ', 'at all'] }, { cutAfter: 2, intervalMs: 10 }));
      const seen: string[] = [];
      const run = async () => {
        for await (const c of await genai.models.generateContentStream({ model: 'gemini-test', contents: 'x' })) seen.push(c.text ?? '');
      };
      await expect(run()).rejects.toThrow(/UNAVAILABLE|502/);
      expect(seen.join('')).toBe('never finished ');
      let log = await lastLog();
      for (let i = 0; i < 50 && log?.other.stream_end === undefined; i++) {
        await new Promise((r) => setTimeout(r, 50));
        log = await lastLog();
      }
      expect(log.other.stream_end).toBe('upstream_cut');
      expect(log.prompt_tokens).toBe(120);
      expect(log.completion_tokens).toBeGreaterThan(0);
    });
  });

  describe('options', () => {
    const body = (generationConfig: object = {}) => JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Think' }] }], generationConfig });

    it('turns suffixes into thinkingConfig when the thinking adapter is on, and strips them from the URL', async () => {
      // off (the default): the name goes upstream as asked, and this upstream does not know it
      const off = await raw('/v1beta/models/gemini-test-thinking:generateContent', { key: sk, body: body() });
      expect(off.status).toBe(404);
      await t.services.options.set({ 'gemini.thinking_adapter_enabled': 'true', 'gemini.thinking_adapter_budget_tokens_percentage': '0.5' });
      try {
        gemini.reset();
        expect((await raw('/v1beta/models/gemini-test-thinking:generateContent', { key: sk, body: body({ maxOutputTokens: 1000 }) })).status).toBe(200);
        expect((await raw('/v1beta/models/gemini-2.5-flash-thinking-512:generateContent', { key: sk, body: body() })).status).toBe(200);
        expect((await raw('/v1beta/models/gemini-2.5-flash-nothinking:generateContent', { key: sk, body: body() })).status).toBe(200);
        // a client's own thinkingConfig is kept (only the suffix goes)
        expect((await raw('/v1beta/models/gemini-test-thinking:generateContent', { key: sk, body: body({ thinkingConfig: { thinkingBudget: 77 } }) })).status).toBe(200);
        // budgets are capped at 24576
        expect((await raw('/v1beta/models/gemini-test-thinking:generateContent', { key: sk, body: body({ maxOutputTokens: 100_000 }) })).status).toBe(200);
        const [a, b, c, d, e] = gemini.requests;
        expect(a.path).toBe('/v1beta/models/gemini-test:generateContent');
        expect(a.json.generationConfig).toEqual({ maxOutputTokens: 1000, thinkingConfig: { thinkingBudget: 500, includeThoughts: true } });
        expect(b.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
        expect(b.json.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 512, includeThoughts: true } });
        expect(c.json.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
        expect(d.json.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 77 } });
        expect(e.json.generationConfig.thinkingConfig).toEqual({ thinkingBudget: 24576, includeThoughts: true });
        // billed as the model the client asked for
        expect((await logsOf(t, { user_id: uid, type: 2 })).slice(-5).map((l) => l.model_name)).toEqual([
          'gemini-test-thinking', 'gemini-2.5-flash-thinking-512', 'gemini-2.5-flash-nothinking', 'gemini-test-thinking', 'gemini-test-thinking',
        ]);
      } finally {
        await t.services.options.set({ 'gemini.thinking_adapter_enabled': 'false', 'gemini.thinking_adapter_budget_tokens_percentage': '0.6' });
      }
    });

    it('picks the API version per model, and sends the exact body received in pass-through mode', async () => {
      await t.services.options.set({ 'gemini.version_settings': JSON.stringify({ default: 'v1beta', 'gemini-old': 'v1' }) });
      await t.services.options.set({ 'global.pass_through_request_enabled': 'true' });
      try {
        const exact = '{ "contents": [ {"role":"user","parts":[{"text":"exact\\u00e9"}]} ],  "generationConfig": {"temperature": 1.50} }';
        expect((await raw('/v1beta/models/gemini-old:generateContent', { key: sk, body: exact })).status).toBe(200);
        expect(gemini.requests[0].path).toBe('/v1/models/gemini-old:generateContent');
        expect(gemini.requests[0].body).toBe(exact);
      } finally {
        await t.services.options.set({ 'gemini.version_settings': '{"default":"v1beta","gemini-1.0-pro":"v1"}', 'global.pass_through_request_enabled': 'false' });
      }
      await raw('/v1beta/models/gemini-old:generateContent', { key: sk, body: '{"contents":[{"parts":[{"text":"x"}]}]}' });
      expect(gemini.requests[1].path).toBe('/v1beta/models/gemini-old:generateContent');
    });

    it('adds safety settings for every category and image output for the imagine models to converted requests', async () => {
      await t.services.options.set({
        'gemini.safety_settings': JSON.stringify({ default: 'BLOCK_ONLY_HIGH', HARM_CATEGORY_HATE_SPEECH: 'BLOCK_NONE', HARM_CATEGORY_CIVIC_INTEGRITY: 'OFF' }),
        'gemini.supported_imagine_models': JSON.stringify(['gemini-img']),
      });
      try {
        gemini.answer((req, res) => geminiReply({ text: 'Here:' })(req, res));
        await openai.chat.completions.create({ model: 'gemini-img', messages: [{ role: 'user', content: 'Draw a cat' }] });
        await openai.chat.completions.create({ model: 'gemini-test', messages: [{ role: 'user', content: 'Hi' }] });
        const [img, plain] = gemini.requests;
        expect(img.json.safetySettings).toEqual([
          { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' },
          { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' },
          { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'BLOCK_ONLY_HIGH' },
          { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'BLOCK_ONLY_HIGH' },
          { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'OFF' },
        ]);
        expect(img.json.generationConfig).toEqual({ responseModalities: ['TEXT', 'IMAGE'] });
        expect(plain.json.generationConfig).toBeUndefined();
        // a native request keeps its own safety settings (or none)
        await raw('/v1beta/models/gemini-test:generateContent', { key: sk, body: '{"contents":[{"parts":[{"text":"x"}]}]}' });
        expect(gemini.requests[2].json.safetySettings).toBeUndefined();
      } finally {
        await t.services.options.set({
          'gemini.safety_settings': '{"default":"OFF","HARM_CATEGORY_CIVIC_INTEGRITY":"BLOCK_NONE"}',
          'gemini.supported_imagine_models': '["gemini-2.0-flash-exp-image-generation","gemini-2.0-flash-exp"]',
        });
      }
    });
  });

  describe('an OpenAI chat client on a Gemini channel', () => {
    const tools: OpenAI.ChatCompletionTool[] = [{
      type: 'function',
      function: {
        name: 'get_weather', description: 'Weather of a city',
        parameters: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false, properties: { city: { type: 'string', format: 'uri' }, unit: { type: ['string', 'null'], enum: ['c', 'f'] } }, required: ['city', 'ghost'] },
      },
    }];

    it('converts the request and the answer: system turns, images, tools, parallel calls, thoughts, usage and quota', async () => {
      gemini.answer(geminiReply({ thought: 'Two cities.', text: 'Checking both.', calls: [{ name: 'get_weather', args: { city: 'Paris' }, signature: 'SIG-1' }, { name: 'get_weather', args: { city: 'Tokyo' } }] }));
      let r!: OpenAI.ChatCompletion;
      const quota = await charged(async () => {
        r = await openai.chat.completions.create({
          model: 'gemini-test', max_tokens: 500, stop: ['END'], temperature: 0.7, top_p: 0.9, tools, tool_choice: 'auto',
          messages: [
            { role: 'system', content: 'You are a weather bot.' },
            { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Tokyo?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } }] },
            { role: 'system', content: 'Answer in French.' },
          ],
        });
      });
      const sent = gemini.requests[0];
      expect(sent.path).toBe('/v1beta/models/gemini-test:generateContent');
      expect(sent.headers['x-goog-api-key']).toBe(GEMINI_KEY);
      expect(sent.headers.authorization).toBeUndefined();
      expect(sent.json).toMatchObject({
        systemInstruction: { parts: [{ text: 'You are a weather bot.\nAnswer in French.' }] },
        contents: [{ role: 'user', parts: [{ text: 'Weather in Paris and Tokyo?' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0K' } }] }],
        generationConfig: { temperature: 0.7, topP: 0.9, maxOutputTokens: 500, stopSequences: ['END'] },
        tools: [{ functionDeclarations: [{
          name: 'get_weather', description: 'Weather of a city',
          parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' }, unit: { type: 'STRING', nullable: true, enum: ['c', 'f'] } }, required: ['city'] },
        }] }],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      });
      const m = r.choices[0].message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
      expect(r.choices[0].finish_reason).toBe('tool_calls');
      expect(m.content).toBe('Checking both.');
      expect(m.reasoning_content).toBe('Two cities.');
      expect(m.tool_calls).toHaveLength(2);
      const [c1, c2] = m.tool_calls as OpenAI.ChatCompletionMessageFunctionToolCall[];
      expect(c1.function).toEqual({ name: 'get_weather', arguments: '{"city":"Paris"}' });
      expect(c2.function).toEqual({ name: 'get_weather', arguments: '{"city":"Tokyo"}' });
      expect(c1.id).not.toBe(c2.id);
      expect(r.usage).toMatchObject({ prompt_tokens: 120, completion_tokens: 70, total_tokens: 190, prompt_tokens_details: { cached_tokens: 100 }, completion_tokens_details: { reasoning_tokens: 30 } });
      expect(quota).toBe(DEFAULT_QUOTA);

      // the next turn: both results go back in one user turn, paired by name; the signature comes back
      await openai.chat.completions.create({
        model: 'gemini-test', tools,
        messages: [
          { role: 'user', content: 'Weather in Paris and Tokyo?' },
          { ...m, role: 'assistant' } as OpenAI.ChatCompletionAssistantMessageParam,
          { role: 'tool', tool_call_id: c1.id, content: '{"temp":18}' },
          { role: 'tool', tool_call_id: c2.id, content: 'sunny' },
        ],
      });
      expect(gemini.requests[1].json.contents).toEqual([
        { role: 'user', parts: [{ text: 'Weather in Paris and Tokyo?' }] },
        { role: 'model', parts: [
          { text: 'Checking both.' },
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'SIG-1' },
          { functionCall: { name: 'get_weather', args: { city: 'Tokyo' } } },
        ] },
        { role: 'user', parts: [
          { functionResponse: { name: 'get_weather', response: { temp: 18 } } },
          { functionResponse: { name: 'get_weather', response: { content: 'sunny' } } },
        ] },
      ]);
    });

    it('maps reasoning_effort, n, seed and JSON output, and tool_choice by name', async () => {
      await openai.chat.completions.create({
        model: 'gemini-2.5-flash', reasoning_effort: 'low', n: 2, seed: 7, response_format: { type: 'json_object' }, tools,
        tool_choice: { type: 'function', function: { name: 'get_weather' } }, messages: [{ role: 'user', content: 'x' }],
      });
      expect(gemini.requests[0].json.generationConfig).toEqual({
        candidateCount: 2, seed: 7, responseMimeType: 'application/json', thinkingConfig: { thinkingBudget: 4915, includeThoughts: true },
      });
      expect(gemini.requests[0].json.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } });
    });

    it('streams: thoughts as reasoning_content, text, parallel calls on their own indexes, the usage chunk and [DONE]', async () => {
      gemini.answer(geminiReply({ thought: 'Hmm.', pieces: ['Bo', 'th:'], calls: [{ name: 'get_weather', args: { city: 'Paris' } }, { name: 'get_weather', args: { city: 'Tokyo' } }] }));
      const chunks: OpenAI.ChatCompletionChunk[] = [];
      const quota = await charged(async () => {
        const stream = await openai.chat.completions.create({ model: 'gemini-test', messages: [{ role: 'user', content: 'Weather?' }], tools, stream: true, stream_options: { include_usage: true } });
        for await (const c of stream) chunks.push(c);
      });
      expect(gemini.requests[0].path).toBe('/v1beta/models/gemini-test:streamGenerateContent');
      expect(gemini.requests[0].query.get('alt')).toBe('sse');
      const delta = (f: (d: any) => string | undefined) => chunks.map((c) => f(c.choices[0]?.delta) ?? '').join('');
      expect(delta((d) => d?.content)).toBe('Both:');
      expect(delta((d) => d?.reasoning_content)).toBe('Hmm.');
      const calls: { name: string; args: string }[] = [];
      for (const c of chunks)
        for (const tc of c.choices[0]?.delta?.tool_calls ?? []) {
          calls[tc.index] ??= { name: '', args: '' };
          calls[tc.index].name += tc.function?.name ?? '';
          calls[tc.index].args += tc.function?.arguments ?? '';
        }
      expect(calls).toEqual([{ name: 'get_weather', args: '{"city":"Paris"}' }, { name: 'get_weather', args: '{"city":"Tokyo"}' }]);
      expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('tool_calls');
      expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 120, completion_tokens: 70, prompt_tokens_details: { cached_tokens: 100 } });
      expect(quota).toBe(DEFAULT_QUOTA);
    });

    it('refuses an image URL it may not fetch, and too many images, before any upstream call or charge', async () => {
      const before = (await userRow(t, uid)).quota;
      const e = await openai.chat.completions.create({
        model: 'gemini-test', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: `${gemini.url}/cat.png` } }] }],
      }).catch((err) => err);
      expect(e).toBeInstanceOf(OpenAI.BadRequestError);
      expect(e.error.message).toMatch(/Could not fetch the image http:\/\/127\.0\.0\.1:\d+\/cat\.png: address not allowed/);
      const many = Array.from({ length: 17 }, () => ({ type: 'image_url' as const, image_url: { url: 'data:image/png;base64,iVBORw0K' } }));
      const e2 = await openai.chat.completions.create({ model: 'gemini-test', messages: [{ role: 'user', content: many }] }).catch((err) => err);
      expect(e2.status).toBe(400);
      expect(e2.error.message).toMatch(/at most 16/);
      expect(gemini.requests).toHaveLength(0);
      expect((await userRow(t, uid)).quota).toBe(before);
    });

    it('embeds through batchEmbedContents', async () => {
      // the SDK asks for base64 (float32) unless told otherwise
      const r = await openai.embeddings.create({ model: 'text-embedding-004', input: ['a', 'b'], dimensions: 3 });
      expect(r.data.map((d) => d.embedding.map((x) => Math.round(x * 1e6) / 1e6))).toEqual([[0.1, 0.2, 0.3], [0.2, 0.2, 0.3]]);
      const floats = await openai.embeddings.create({ model: 'text-embedding-004', input: 'a', encoding_format: 'float' });
      expect(floats.data[0].embedding).toEqual([0.1, 0.2, 0.3]);
      expect(gemini.requests[0].json).toEqual({ requests: [
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'a' }] }, outputDimensionality: 3 },
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'b' }] }, outputDimensionality: 3 },
      ] });
      expect(r.usage.prompt_tokens).toBeGreaterThan(0);
    });
  });

  describe('a Gemini client on an OpenAI channel', () => {
    it('converts the request and the answer, function calls included, and bills the OpenAI usage', async () => {
      openaiUp.on('POST /v1/chat/completions', reply.json(200, {
        id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-test',
        choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: 'Looking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } }],
        usage: { prompt_tokens: 80, completion_tokens: 20, total_tokens: 100, prompt_tokens_details: { cached_tokens: 40 } },
      }));
      let r!: GenerateContentResponse;
      const quota = await charged(async () => {
        r = await genai.models.generateContent({
          model: 'gpt-test',
          contents: [
            { role: 'user', parts: [{ text: 'Weather in Rome?' }] },
            { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Rome' } } }] },
            { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: 20 } } }, { text: 'Now Paris.' }] },
          ],
          config: {
            systemInstruction: 'Be brief.', maxOutputTokens: 200, stopSequences: ['END'], temperature: 0.3,
            tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'OBJECT' as any, properties: { city: { type: 'STRING' as any } }, required: ['city'] } }] }],
          },
        });
      });
      const sent = openaiUp.requests[0];
      expect(sent.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      expect(sent.json).toEqual({
        model: 'gpt-test', max_tokens: 200, stop: ['END'], temperature: 0.3,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Rome?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }] },
          { role: 'tool', tool_call_id: 'call_1_0', content: '{"temp":20}' },
          { role: 'user', content: 'Now Paris.' },
        ],
        tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
      });
      expect(textOf(r)).toBe('Looking.');
      expect(r.functionCalls).toEqual([{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }]);
      expect(r.candidates?.[0].finishReason).toBe('STOP');
      expect(r.usageMetadata).toMatchObject({ promptTokenCount: 80, candidatesTokenCount: 20, totalTokenCount: 100, cachedContentTokenCount: 40 });
      expect(quota).toBe(40 + 20 + 20); // 40 uncached + 40 cached × 0.5 + 20 output
    });

    it('streams Gemini chunks converted from OpenAI chunks, calls whole, usage in the last chunk', async () => {
      openaiUp.on('POST /v1/chat/completions', reply.sse(chatChunks('gpt-test', ['Hel', 'lo'], { tool: { name: 'get_weather', args: ['{"ci', 'ty":"Oslo"}'] }, usage: { prompt_tokens: 9, completion_tokens: 6 } })));
      let text = '';
      const calls: unknown[] = [];
      let last!: GenerateContentResponse;
      const quota = await charged(async () => {
        for await (const c of await genai.models.generateContentStream({ model: 'gpt-test', contents: 'Oslo?' })) {
          text += textOf(c);
          calls.push(...(c.functionCalls ?? []));
          last = c;
        }
      });
      expect(openaiUp.requests[0].json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(text).toBe('Hello');
      expect(calls).toEqual([{ id: 'call_1', name: 'get_weather', args: { city: 'Oslo' } }]);
      expect(last.candidates?.[0].finishReason).toBe('STOP');
      expect(last.usageMetadata).toMatchObject({ promptTokenCount: 9, candidatesTokenCount: 6, totalTokenCount: 15 });
      expect(quota).toBe(15);
    });

    it('embeds through OpenAI embeddings', async () => {
      const r = await genai.models.embedContent({ model: 'embed-test', contents: ['one', 'two'] });
      expect(openaiUp.requests[0].json).toEqual({ model: 'embed-test', input: ['one', 'two'] });
      expect(r.embeddings).toEqual([{ values: [0.1, 0.2] }]);
    });
  });
});
