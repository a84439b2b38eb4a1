// Chat, completions, embeddings and the model list through the relay, called with the official `openai` client.
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { chatChunks, reply, sendJson, startUpstream, writeSse, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, logsOf, setPrices, tokenRow, userRow, channelRow } from '../helpers/relay.js';

const UPSTREAM_KEY = 'sk-upstream-SECRET-0123456789abcdef';

describe('relay: chat and friends', () => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;
  let uid: number;
  let sk: string;
  let tokenId: number;
  let channelId: number;
  let client: OpenAI;

  beforeAll(async () => {
    t = await createTestApp();
    up = await startUpstream({ keys: [UPSTREAM_KEY] });
    base = await listen(t);
    await setPrices(t, { ratio: { 'test-model': 1, 'embed-model': 0.5, 'gpt-4o-mini': 1 }, completion: { 'test-model': 1, 'gpt-4o-mini': 2 } });
    channelId = await addChannel(t, { name: 'main', base_url: up.url, key: UPSTREAM_KEY, models: 'test-model,embed-model,gpt-4o-mini' });
    uid = await addUser(t, 'alice', { quota: 1_000_000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 500_000, name: 'alice-key' });
    sk = tok.sk;
    tokenId = tok.id;
    client = new OpenAI({ apiKey: sk, baseURL: base, maxRetries: 0 });
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });
  beforeEach(() => up.reset());

  it('relays a chat completion and bills the upstream usage', async () => {
    const before = await userRow(t, uid);
    const r = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0].message.content).toBe('Hello!');
    expect(r.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 2 });
    expect(up.requests).toHaveLength(1);
    expect(up.requests[0].headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    expect(up.requests[0].json).toMatchObject({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    const after = await userRow(t, uid);
    expect(before.quota - after.quota).toBe(10); // (8 + 2 × 1) × ratio 1 × group 1
    expect(after.used_quota - before.used_quota).toBe(10);
    expect(after.request_count - before.request_count).toBe(1);
    const logs = await logsOf(t, { user_id: uid, type: 2 });
    const log = logs.at(-1)!;
    expect(log).toMatchObject({ quota: 10, prompt_tokens: 8, completion_tokens: 2, model_name: 'test-model', token_name: 'alice-key', token_id: tokenId, channel: channelId, channel_name: 'main', group: 'default', is_stream: false, username: 'alice' });
    expect(log.other).toMatchObject({ model_ratio: 1, group_ratio: 1, completion_ratio: 1, cache_tokens: 0, cache_ratio: 1, model_price: -1, is_model_mapped: false, upstream_model_name: 'test-model', admin_info: { use_channel: [channelId] } });
    expect(log.other.frt).toBeGreaterThanOrEqual(0);
  });

  it('streams a chat completion: asks the upstream for usage, bills it, and hides the usage chunk the client did not ask for', async () => {
    const before = await userRow(t, uid);
    const stream = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }], stream: true });
    const chunks: any[] = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('Hello!');
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(up.requests[0].json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(before.quota - (await userRow(t, uid)).quota).toBe(11); // upstream usage 8 + 3
    const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
    expect(log).toMatchObject({ quota: 11, prompt_tokens: 8, completion_tokens: 3, is_stream: true });
    expect(log.other.stream_end).toBeUndefined();
  });

  it('passes the usage chunk on when the client asked for it, and ends with [DONE]', async () => {
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sk}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-oneapi-request-id')).toBeTruthy();
    const text = await res.text();
    expect(text).toContain('"usage":{"prompt_tokens":8,"completion_tokens":3');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(text.match(/\[DONE\]/g)).toHaveLength(1);
  });

  it('counts tokens when a vendor sends no usage, removes stream_options it would refuse, and synthesises the usage chunk', async () => {
    const mistral = await addChannel(t, { name: 'no-usage', type: 42, base_url: up.url, key: UPSTREAM_KEY, models: 'quiet-model' });
    await setPrices(t, { ratio: { 'test-model': 1, 'embed-model': 0.5, 'gpt-4o-mini': 1, 'quiet-model': 1 }, completion: { 'test-model': 1, 'gpt-4o-mini': 2, 'quiet-model': 1 } });
    up.on('POST /v1/chat/completions', reply.sse(chatChunks('quiet-model', ['one two three'])));
    const before = await userRow(t, uid);
    const stream = await client.chat.completions.create({ model: 'quiet-model', messages: [{ role: 'user', content: 'count me' }], stream: true, stream_options: { include_usage: true } });
    const chunks: any[] = [];
    for await (const c of stream) chunks.push(c);
    expect(up.requests[0].json.stream_options).toBeUndefined();
    const usage = chunks.at(-1).usage;
    expect(usage.completion_tokens).toBe(3); // "one two three"
    expect(usage.prompt_tokens).toBeGreaterThan(3);
    const charged = before.quota - (await userRow(t, uid)).quota;
    expect(charged).toBe(usage.prompt_tokens + usage.completion_tokens);
    const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
    expect(log).toMatchObject({ channel: mistral, prompt_tokens: usage.prompt_tokens, completion_tokens: 3 });
  });

  it('relays tool calls, whole and streamed, and counts streamed tool calls when usage is missing', async () => {
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    up.on('POST /v1/chat/completions', reply.json(200, {
      id: 'c1', object: 'chat.completion', created: 1, model: 'test-model',
      choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } }],
      usage: { prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 },
    }));
    const r = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'weather?' }], tools });
    expect(r.choices[0].message.tool_calls?.[0]).toMatchObject({ function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(up.requests[0].json.tools).toEqual(tools);

    up.on('POST /v1/chat/completions', reply.sse(chatChunks('test-model', [], { tool: { name: 'get_weather', args: ['{"ci', 'ty":"Paris"}'] } })));
    const before = await userRow(t, uid);
    const stream = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'weather?' }], tools, stream: true });
    let args = '';
    for await (const c of stream) args += c.choices[0]?.delta?.tool_calls?.[0]?.function?.arguments ?? '';
    expect(args).toBe('{"city":"Paris"}');
    const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
    expect(log.completion_tokens).toBeGreaterThan(7); // 7 per tool call + its name and arguments
    expect(before.quota - (await userRow(t, uid)).quota).toBe(log.quota);
  });

  it('keeps fields it does not know, applies the channel\'s model mapping and param override, bills the asked model', async () => {
    const mapped = await addChannel(t, {
      name: 'mapped', base_url: up.url, key: UPSTREAM_KEY, models: 'alias-model',
      model_mapping: '{"alias-model":"real-model"}', param_override: '{"temperature":0.1,"seed":7}',
    });
    await setPrices(t, { ratio: { 'test-model': 1, 'embed-model': 0.5, 'gpt-4o-mini': 1, 'quiet-model': 1, 'alias-model': 2 }, completion: { 'test-model': 1, 'gpt-4o-mini': 2, 'quiet-model': 1, 'alias-model': 1 } });
    await client.chat.completions.create({
      model: 'alias-model', messages: [{ role: 'user', content: 'hi' }], temperature: 0.9,
      // @ts-expect-error a field the SDK does not know must reach the upstream unchanged
      vendor_extension: { deep: [1, 2, { x: 'y' }] },
    });
    expect(up.requests[0].json).toMatchObject({ model: 'real-model', temperature: 0.1, seed: 7, vendor_extension: { deep: [1, 2, { x: 'y' }] } });
    const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
    expect(log).toMatchObject({ model_name: 'alias-model', channel: mapped, quota: 20 });
    expect(log.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'real-model', model_ratio: 2 });
  });

  it('counts the answer when a non-stream upstream reports no usage', async () => {
    up.on('POST /v1/chat/completions', reply.json(200, { id: 'x', object: 'chat.completion', created: 1, model: 'test-model', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'one two three four' } }] }));
    await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
    expect(log.completion_tokens).toBe(4);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.quota).toBe(log.prompt_tokens + 4);
  });

  it('relays legacy completions, whole and streamed', async () => {
    const r = await client.completions.create({ model: 'test-model', prompt: 'hello' });
    expect(r.choices[0].text).toBe(' world');
    const stream = await client.completions.create({ model: 'test-model', prompt: 'hello', stream: true });
    let text = '';
    for await (const c of stream) text += c.choices[0]?.text ?? '';
    expect(text).toBe(' world');
    expect(up.requests[1].json.stream_options).toEqual({ include_usage: true });
    const logs = await logsOf(t, { user_id: uid, type: 2 });
    expect(logs.slice(-2).map((l) => [l.prompt_tokens, l.completion_tokens, l.is_stream])).toEqual([[2, 1, false], [2, 1, true]]);
  });

  it('relays embeddings and bills the prompt tokens at the model ratio', async () => {
    const before = await userRow(t, uid);
    const r = await client.embeddings.create({ model: 'embed-model', input: ['hello world'], encoding_format: 'float' });
    expect(r.data[0].embedding).toEqual([0.1, 0.2]);
    expect(up.requests[0].path).toBe('/v1/embeddings');
    expect(before.quota - (await userRow(t, uid)).quota).toBe(1); // 2 tokens × 0.5
  });

  it('lists the models of the caller\'s group, or the token\'s model limits', async () => {
    const list = await client.models.list();
    const ids = list.data.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['test-model', 'embed-model', 'gpt-4o-mini']));
    expect(list.data.find((m) => m.id === 'gpt-4o-mini')).toMatchObject({ object: 'model', owned_by: 'openai', created: 1626777600 });
    expect(list.data.find((m) => m.id === 'test-model')?.owned_by).toBe('custom');
    expect((await client.models.retrieve('test-model')).id).toBe('test-model');
    await expect(client.models.retrieve('no-such-model')).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    const limited = await addToken(t, uid, { model_limits_enabled: true, model_limits: 'embed-model' });
    const other = new OpenAI({ apiKey: limited.sk, baseURL: base, maxRetries: 0 });
    expect((await other.models.list()).data.map((m) => m.id)).toEqual(['embed-model']);
  });

  it('answers CORS preflights for any origin', async () => {
    const pre = await fetch(`${base}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    const res = await fetch(`${base}/models`, { headers: { authorization: `Bearer ${sk}`, origin: 'https://app.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('writes no consumption log when LogConsumeEnabled is off, but still charges', async () => {
    await t.services.options.set({ LogConsumeEnabled: 'false' });
    try {
      const logsBefore = (await logsOf(t, { user_id: uid, type: 2 })).length;
      const before = await userRow(t, uid);
      await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
      expect((await logsOf(t, { user_id: uid, type: 2 })).length).toBe(logsBefore);
      expect(before.quota - (await userRow(t, uid)).quota).toBe(10);
    } finally {
      await t.services.options.set({ LogConsumeEnabled: 'true' });
    }
  });

  it('keeps the ledger consistent: token, user, channel and logs agree', async () => {
    const logs = await logsOf(t, { user_id: uid, type: 2 });
    const user = await userRow(t, uid);
    const token = await tokenRow(t, tokenId);
    const logged = logs.filter((l) => l.token_id === tokenId).reduce((s, l) => s + l.quota, 0);
    expect(user.used_quota).toBe(1_000_000 - user.quota);
    expect(token.used_quota).toBe(500_000 - token.remain_quota);
    expect(token.used_quota).toBe(logged + 10); // + the call made while consumption logs were off
    expect((await channelRow(t, channelId)).used_quota).toBeGreaterThan(0);
  });
});
