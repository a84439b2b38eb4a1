// Claude through the relay (reference §6.1, §6.3): the official Anthropic client on /v1/messages against a mock
// Claude upstream (native: auth headers, body and cache-token billing checked), errors in Anthropic's shape with
// real statuses, the option-driven defaults (max_tokens, thinking adapter, per-model headers, pass-through), and
// conversion both ways: the official OpenAI client on a Claude channel, the Anthropic client on an OpenAI channel.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { chatChunks, reply, startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { claudeError, claudeReply, startClaudeUpstream, type ClaudeUpstream } from '../helpers/claude-upstream.js';
import { addChannel, addToken, addUser, listen, logsOf, setPrices, userRow } from '../helpers/relay.js';

const CLAUDE_KEY = 'sk-ant-upstream-SECRET-0123456789';
const OPENAI_KEY = 'sk-openai-upstream-SECRET-0123456789';
/** Default mock usage: 100 input + 1000 cache reads × 0.1 + 200 cache writes × 1.25 + 50 output × 1. */
const DEFAULT_QUOTA = 100 + 100 + 250 + 50;

let root: string;
const xApiKeyClient = (key: string) => new Anthropic({ apiKey: null, authToken: null, defaultHeaders: { 'x-api-key': key }, baseURL: root, maxRetries: 0 });

describe('relay: Claude', () => {
  let t: TestApp;
  let claude: ClaudeUpstream;
  let openaiUp: MockUpstream;
  let uid: number;
  let sk: string;
  let anthropic: Anthropic;
  let openai: OpenAI;

  const lastLog = async () => (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
  const charged = async (run: () => Promise<unknown>) => {
    const before = (await userRow(t, uid)).quota;
    await run();
    return before - (await userRow(t, uid)).quota;
  };

  beforeAll(async () => {
    t = await createTestApp();
    claude = await startClaudeUpstream({ key: CLAUDE_KEY });
    openaiUp = await startUpstream({ keys: [OPENAI_KEY] });
    root = (await listen(t)).replace(/\/v1$/, '');
    await setPrices(t, {
      ratio: { 'claude-test': 1, 'claude-test-thinking': 2, 'gpt-test': 1 },
      completion: { 'claude-test': 1, 'claude-test-thinking': 1, 'gpt-test': 1 },
    });
    await t.services.options.set({ CacheRatio: JSON.stringify({ 'claude-test': 0.1, 'claude-test-thinking': 0.1, 'gpt-test': 0.5 }) });
    await addChannel(t, { name: 'claude', type: 14, base_url: claude.url, key: CLAUDE_KEY, models: 'claude-test,claude-test-thinking' });
    await addChannel(t, { name: 'openai', type: 1, base_url: openaiUp.url, key: OPENAI_KEY, models: 'gpt-test' });
    uid = await addUser(t, 'claudia', { quota: 10_000_000 });
    sk = (await addToken(t, uid)).sk;
    // This SDK sends `Authorization: Bearer`; Claude Code and older SDKs send `x-api-key`: the main client does that.
    anthropic = xApiKeyClient(sk);
    openai = new OpenAI({ apiKey: sk, baseURL: `${root}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await Promise.all([claude?.close(), openaiUp?.close()]);
    await t?.close();
  });
  beforeEach(() => {
    claude.reset();
    openaiUp.reset();
  });

  describe('native /v1/messages', () => {
    it('relays a message with the channel key and anthropic-version, and bills cache reads and writes at their ratios', async () => {
      let msg!: Anthropic.Message;
      const quota = await charged(async () => {
        msg = await anthropic.messages.create({ model: 'claude-test', max_tokens: 300, system: 'Be brief.', messages: [{ role: 'user', content: 'Hello' }] });
      });
      expect(msg.content).toEqual([{ type: 'text', text: 'Hello from Claude!' }]);
      expect(msg.usage).toMatchObject({ input_tokens: 100, output_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 });
      const [req] = claude.requests;
      expect(req.path).toBe('/v1/messages');
      expect(req.headers['x-api-key']).toBe(CLAUDE_KEY);
      expect(req.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/); // the client's own version, passed on
      expect(req.headers.authorization).toBeUndefined();
      expect(req.json).toEqual({ model: 'claude-test', max_tokens: 300, system: 'Be brief.', messages: [{ role: 'user', content: 'Hello' }] });
      expect(quota).toBe(DEFAULT_QUOTA);
      const log = await lastLog();
      expect(log).toMatchObject({ model_name: 'claude-test', prompt_tokens: 1300, completion_tokens: 50, quota: DEFAULT_QUOTA, is_stream: false });
      expect(log.other).toMatchObject({ cache_tokens: 1000, cache_ratio: 0.1, cache_creation_tokens: 200, cache_creation_ratio: 1.25 });
    });

    it('streams natively: events pass through, usage comes from message_start and message_delta', async () => {
      claude.answer(claudeReply({ text: 'Streamed hello', usage: { input_tokens: 40, output_tokens: 30, cache_read_input_tokens: 500 } }));
      let text = '';
      let final!: Anthropic.Message;
      const quota = await charged(async () => {
        const stream = anthropic.messages.stream({ model: 'claude-test', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] });
        stream.on('text', (d) => (text += d));
        final = await stream.finalMessage();
      });
      expect(text).toBe('Streamed hello');
      expect(final.usage).toMatchObject({ input_tokens: 40, output_tokens: 30, cache_read_input_tokens: 500 });
      expect(claude.requests[0].json.stream).toBe(true);
      expect(quota).toBe(40 + 50 + 30); // 500 cache reads × 0.1 = 50
      expect(await lastLog()).toMatchObject({ prompt_tokens: 540, completion_tokens: 30, is_stream: true });
    });

    it('accepts Authorization: Bearer too, and passes anthropic-version and anthropic-beta through', async () => {
      const bearer = new Anthropic({ apiKey: sk, baseURL: root, maxRetries: 0, defaultHeaders: { 'anthropic-version': '2023-06-01', 'anthropic-beta': 'prompt-caching-2024-07-31' } });
      const msg = await bearer.messages.create({ model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] });
      expect(msg.content[0]).toMatchObject({ text: 'Hello from Claude!' });
      expect(claude.requests[0].headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
      expect(claude.requests[0].headers['x-api-key']).toBe(CLAUDE_KEY);
      expect(claude.requests[0].headers.authorization).toBeUndefined(); // the client's key never goes upstream
      // a raw call with no anthropic-version at all gets the default
      const res = await fetch(`${root}/v1/messages`, {
        method: 'POST', headers: { 'x-api-key': sk, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }),
      });
      expect(res.status).toBe(200);
      expect(claude.requests[1].headers['anthropic-version']).toBe('2023-06-01');
    });

    it('counts the tool call of an answer that reports no usage', async () => {
      claude.answer((req, res) => {
        const body = { id: 'msg_x', type: 'message', role: 'assistant', model: req.json.model, content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }], stop_reason: 'tool_use', stop_sequence: null };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
      const msg = await anthropic.messages.create({ model: 'claude-test', max_tokens: 50, messages: [{ role: 'user', content: 'Weather?' }], tools: [{ name: 'get_weather', input_schema: { type: 'object' } }] });
      expect(msg.content[0]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } });
      const log = await lastLog();
      expect(log.completion_tokens).toBeGreaterThan(7); // 7 per tool call + its name and input
      expect(log.prompt_tokens).toBeGreaterThan(0);
    });
  });

  describe('errors in Anthropic\'s shape', () => {
    it('refuses a bad key, an unknown model and a short balance with real statuses', async () => {
      const bad = xApiKeyClient('sk-not-a-real-key-000000000000000000000000000000000');
      const e1 = await bad.messages.create({ model: 'claude-test', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
      expect(e1).toBeInstanceOf(Anthropic.AuthenticationError);
      expect(e1.status).toBe(401);
      expect(e1.error).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
      expect(e1.error.error.message).toMatch(/request id/);

      const e2 = await anthropic.messages.create({ model: 'no-such-claude', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
      expect(e2.status).toBe(503);
      expect(e2.error).toMatchObject({ type: 'error', error: { type: 'api_error' } });

      const poorId = await addUser(t, 'poor', { quota: 1 });
      const poor = xApiKeyClient((await addToken(t, poorId)).sk);
      const e3 = await poor.messages.create({ model: 'claude-test', max_tokens: 5000, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
      expect(e3).toBeInstanceOf(Anthropic.PermissionDeniedError);
      expect(e3.error).toMatchObject({ type: 'error', error: { type: 'permission_error' } });

      const res = await fetch(`${root}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
      const broken = await fetch(`${root}/v1/messages`, { method: 'POST', headers: { 'x-api-key': sk, 'content-type': 'application/json' }, body: '{"model":' });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
      expect(claude.requests).toHaveLength(0);
    });

    it('passes the upstream\'s own error type and status on, without charging', async () => {
      claude.answer((_req, res) => claudeError(res, 529, 'overloaded_error', 'Overloaded'));
      const before = (await userRow(t, uid)).quota;
      const e = await anthropic.messages.create({ model: 'claude-test', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }).catch((err) => err);
      expect(e.status).toBe(529);
      expect(e.error).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
      expect(e.error.error.message).toContain('Overloaded');
      expect((await userRow(t, uid)).quota).toBe(before);
    });

    it('ends a stream that breaks off with an error event the SDK raises', async () => {
      claude.answer(claudeReply({ text: 'never finished' }, { cutAfter: 4, intervalMs: 10 }));
      const stream = anthropic.messages.stream({ model: 'claude-test', max_tokens: 50, messages: [{ role: 'user', content: 'x' }] });
      await expect(stream.finalMessage()).rejects.toThrow();
      // the SDK raises on the error event, before the gateway has settled and logged the call: wait for the log
      let log = await lastLog();
      for (let i = 0; i < 50 && log?.other.stream_end === undefined; i++) {
        await new Promise((r) => setTimeout(r, 50));
        log = await lastLog();
      }
      expect(log.other.stream_end).toBe('upstream_cut');
      expect(log.completion_tokens).toBe(2); // "never finished" was delivered: counted, not message_start's placeholder 1
    });
  });

  describe('options', () => {
    it('turns thinking on for a -thinking model, strips the suffix, and bills the asked model', async () => {
      // @ts-expect-error this SDK no longer types `temperature`; older clients send it, and thinking must reset it
      await anthropic.messages.create({ model: 'claude-test-thinking', max_tokens: 4000, temperature: 0.2, messages: [{ role: 'user', content: 'Think' }] });
      expect(claude.requests[0].json).toMatchObject({ model: 'claude-test', max_tokens: 4000, thinking: { type: 'enabled', budget_tokens: 3200 }, temperature: 1 });
      const log = await lastLog();
      expect(log).toMatchObject({ model_name: 'claude-test-thinking', quota: DEFAULT_QUOTA * 2 });
      expect(log.other).toMatchObject({ upstream_model_name: 'claude-test-thinking' });
    });

    it('adds the per-model headers, fills max_tokens from claude.default_max_tokens, and follows the budget percentage', async () => {
      await t.services.options.set({
        'claude.model_headers_settings': JSON.stringify({ 'claude-test': { 'anthropic-beta': ['token-efficient-tools-2025-02-19'] } }),
        'claude.default_max_tokens': JSON.stringify({ default: 8192, 'claude-test-thinking': 2000 }),
        'claude.thinking_adapter_budget_tokens_percentage': '0.5',
      });
      try {
        await openai.chat.completions.create({ model: 'claude-test', messages: [{ role: 'user', content: 'hi' }] });
        expect(claude.requests[0].headers['anthropic-beta']).toBe('token-efficient-tools-2025-02-19');
        expect(claude.requests[0].json.max_tokens).toBe(8192);
        await openai.chat.completions.create({ model: 'claude-test-thinking', messages: [{ role: 'user', content: 'hi' }] });
        expect(claude.requests[1].headers['anthropic-beta']).toBeUndefined();
        expect(claude.requests[1].json).toMatchObject({ model: 'claude-test', max_tokens: 2000, thinking: { budget_tokens: 1024 } });
      } finally {
        await t.services.options.set({ 'claude.model_headers_settings': '{}', 'claude.default_max_tokens': '{"default":8192}', 'claude.thinking_adapter_budget_tokens_percentage': '0.8' });
      }
    });

    it('sends the exact body received in pass-through mode', async () => {
      await t.services.options.set({ 'global.pass_through_request_enabled': 'true' });
      try {
        const raw = '{ "model": "claude-test",  "max_tokens": 20, "messages": [{"role":"user","content":"exact\\u00e9"}], "x_custom": 1.50 }';
        const res = await fetch(`${root}/v1/messages`, { method: 'POST', headers: { 'x-api-key': sk, 'content-type': 'application/json' }, body: raw });
        expect(res.status).toBe(200);
        expect(claude.requests[0].body).toBe(raw);
      } finally {
        await t.services.options.set({ 'global.pass_through_request_enabled': 'false' });
      }
      await anthropic.messages.create({ model: 'claude-test', max_tokens: 20, messages: [{ role: 'user', content: 'x' }] });
      expect(claude.requests[1].body).toBe(JSON.stringify(claude.requests[1].json)); // re-serialised again when off
    });
  });

  describe('an OpenAI chat client on a Claude channel', () => {
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];

    it('converts the request and the answer, tool calls and thinking included, and bills the cache tokens', async () => {
      claude.answer(claudeReply({ thinking: { text: 'Paris first.', signature: 'SIG-xyz' }, text: 'Checking.', tools: [{ id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] }));
      let r!: OpenAI.ChatCompletion;
      const quota = await charged(async () => {
        r = await openai.chat.completions.create({
          model: 'claude-test', max_tokens: 500, stop: ['END'], temperature: 0.7, tools, tool_choice: 'auto',
          messages: [{ role: 'system', content: 'You are a bot.' }, { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } }] }],
        });
      });
      const sent = claude.requests[0];
      expect(sent.headers['x-api-key']).toBe(CLAUDE_KEY);
      expect(sent.headers.authorization).toBeUndefined();
      expect(sent.json).toEqual({
        model: 'claude-test', max_tokens: 500, stop_sequences: ['END'], temperature: 0.7, system: [{ type: 'text', text: 'You are a bot.' }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' } }] }],
        tools: [{ name: 'get_weather', description: 'Weather', input_schema: tools[0].function.parameters }], tool_choice: { type: 'auto' },
      });
      const m = r.choices[0].message as OpenAI.ChatCompletionMessage & { reasoning_content?: string; thinking_blocks?: unknown[] };
      expect(r.choices[0].finish_reason).toBe('tool_calls');
      expect(m.content).toBe('Checking.');
      expect(m.reasoning_content).toBe('Paris first.');
      expect(m.thinking_blocks).toEqual([{ type: 'thinking', thinking: 'Paris first.', signature: 'SIG-xyz' }]);
      expect(m.tool_calls).toEqual([{ id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
      expect(r.usage).toMatchObject({ prompt_tokens: 1300, completion_tokens: 50, total_tokens: 1350, prompt_tokens_details: { cached_tokens: 1000 } });
      expect(quota).toBe(DEFAULT_QUOTA);

      // the next turn sends the tool result and the signed thinking back
      await openai.chat.completions.create({
        model: 'claude-test', tools,
        messages: [
          { role: 'user', content: 'Weather?' },
          { ...m, role: 'assistant' } as OpenAI.ChatCompletionAssistantMessageParam,
          { role: 'tool', tool_call_id: 'toolu_1', content: '18°C' },
        ],
      });
      expect(claude.requests[1].json.messages).toEqual([
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        { role: 'assistant', content: [
          { type: 'thinking', thinking: 'Paris first.', signature: 'SIG-xyz' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        ] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C' }] },
      ]);
      expect(claude.requests[1].json.max_tokens).toBe(8192);
    });

    it('streams: text and parallel tool calls by index, the usage chunk when asked, [DONE]', async () => {
      claude.answer(claudeReply({ text: 'Both:', tools: [{ id: 'toolu_a', name: 'get_weather', input: { city: 'Paris' } }, { id: 'toolu_b', name: 'get_weather', input: { city: 'Tokyo' } }] }));
      const chunks: OpenAI.ChatCompletionChunk[] = [];
      const quota = await charged(async () => {
        const stream = await openai.chat.completions.create({ model: 'claude-test', messages: [{ role: 'user', content: 'Weather?' }], tools, stream: true, stream_options: { include_usage: true } });
        for await (const c of stream) chunks.push(c);
      });
      expect(claude.requests[0].json).toMatchObject({ stream: true, max_tokens: 8192 });
      expect(claude.requests[0].json.stream_options).toBeUndefined();
      const text = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
      const calls: { id: string; name: string; args: string }[] = [];
      for (const c of chunks)
        for (const tc of c.choices[0]?.delta?.tool_calls ?? []) {
          calls[tc.index] ??= { id: '', name: '', args: '' };
          calls[tc.index].id += tc.id ?? '';
          calls[tc.index].name += tc.function?.name ?? '';
          calls[tc.index].args += tc.function?.arguments ?? '';
        }
      expect(text).toBe('Both:');
      expect(calls).toEqual([
        { id: 'toolu_a', name: 'get_weather', args: '{"city":"Paris"}' },
        { id: 'toolu_b', name: 'get_weather', args: '{"city":"Tokyo"}' },
      ]);
      expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('tool_calls');
      expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 1300, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 1000 } });
      expect(quota).toBe(DEFAULT_QUOTA);
    });
  });

  describe('a Claude client on an OpenAI channel', () => {
    it('converts the request and the answer, and bills the OpenAI usage', async () => {
      openaiUp.on('POST /v1/chat/completions', reply.json(200, {
        id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-test',
        choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: 'Looking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } }],
        usage: { prompt_tokens: 80, completion_tokens: 20, total_tokens: 100, prompt_tokens_details: { cached_tokens: 40 } },
      }));
      let msg!: Anthropic.Message;
      const quota = await charged(async () => {
        msg = await anthropic.messages.create({
          model: 'gpt-test', max_tokens: 200, system: 'Be brief.', stop_sequences: ['END'],
          tools: [{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
          messages: [
            { role: 'user', content: 'Weather in Paris?' },
            { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_0', name: 'get_weather', input: { city: 'Rome' } }] },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_0', content: '20°C' }, { type: 'text', text: 'Now Paris.' }] },
          ],
        });
      });
      const sent = openaiUp.requests[0];
      expect(sent.path).toBe('/v1/chat/completions');
      expect(sent.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      expect(sent.json).toEqual({
        model: 'gpt-test', max_tokens: 200, stop: ['END'],
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }] },
          { role: 'tool', tool_call_id: 'toolu_0', content: '20°C' },
          { role: 'user', content: 'Now Paris.' },
        ],
        tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      });
      expect(msg.stop_reason).toBe('tool_use');
      expect(msg.content).toEqual([{ type: 'text', text: 'Looking.' }, { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }]);
      expect(msg.usage).toMatchObject({ input_tokens: 40, cache_read_input_tokens: 40, output_tokens: 20 });
      expect(quota).toBe(40 + 20 + 20); // 40 uncached + 40 cached × 0.5 + 20 output
    });

    it('streams Claude events converted from OpenAI chunks, with the usage the upstream reported', async () => {
      let text = '';
      let final!: Anthropic.Message;
      const quota = await charged(async () => {
        const stream = anthropic.messages.stream({ model: 'gpt-test', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] });
        stream.on('text', (d) => (text += d));
        final = await stream.finalMessage();
      });
      expect(openaiUp.requests[0].json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(text).toBe('Hello!');
      expect(final.stop_reason).toBe('end_turn');
      expect(final.usage).toMatchObject({ input_tokens: 8, output_tokens: 3 });
      expect(quota).toBe(11);
    });

    it('streams tool calls as tool_use blocks', async () => {
      openaiUp.on('POST /v1/chat/completions', reply.sse(chatChunks('gpt-test', [], { tool: { name: 'get_weather', args: ['{"ci', 'ty":"Oslo"}'] }, usage: { prompt_tokens: 9, completion_tokens: 6 } })));
      const final = await anthropic.messages.stream({ model: 'gpt-test', max_tokens: 100, messages: [{ role: 'user', content: 'Oslo?' }], tools: [{ name: 'get_weather', input_schema: { type: 'object' } }] }).finalMessage();
      expect(final.content).toEqual([{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } }]);
      expect(final.stop_reason).toBe('tool_use');
    });
  });

  it('lists models in Anthropic\'s shape for a Claude client', async () => {
    const page = await anthropic.models.list();
    expect(page.data.map((m) => m.id)).toEqual(expect.arrayContaining(['claude-test', 'claude-test-thinking', 'gpt-test']));
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: page.data[0].id });
  });
});
