// Channel types beyond plain OpenAI, through the real relay and channel management against a local mock: Azure
// (deployment URLs, api-version, api-key, billing, test and model list), Ollama (OpenAI path, /api/tags), custom
// channels (URL as given), and channels of a type this gateway cannot relay (a clear refusal naming the type).
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemActor } from '../../daemon/app/actor.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';
import { chatChunks, chatCompletion, sendJson, startUpstream, writeSse, type MockUpstream, type UpstreamHandler } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, channelRow, listen, logsOf, setPrices, userRow } from '../helpers/relay.js';

const AZURE_KEY = 'azure-SECRET-key-0123456789abcdef';

/** Azure answers only with its own header; a Bearer token gets Azure's 401. */
const azureOnly = (inner: UpstreamHandler): UpstreamHandler => (req, res) => {
  if (req.headers['api-key'] !== AZURE_KEY || req.headers.authorization)
    return sendJson(res, 401, { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } });
  return inner(req, res);
};

describe('relay and management per channel type', () => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;
  let uid: number;
  let sk: string;
  let client: OpenAI;
  let admin: Browser;
  let azureId: number;

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'rate_limit.api_count': 0 } });
    await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    await admin.login('admin', 'correct-horse-1');
    up = await startUpstream();
    base = await listen(t);
    await setPrices(t, {
      ratio: { 'gpt-3.5-turbo': 1, 'gpt-4.1': 1, 'text-embedding-3-small': 0.5, 'llama3.2': 1, 'custom-model': 1, 'ernie-4.0': 1, 'mj-model': 1 },
      completion: { 'gpt-3.5-turbo': 2, 'gpt-4.1': 1, 'llama3.2': 1, 'custom-model': 1 },
    });
    azureId = await addChannel(t, {
      name: 'azure', type: 3, base_url: up.url, key: AZURE_KEY, other: '2025-04-01-preview',
      models: 'gpt-3.5-turbo,gpt-4.1,text-embedding-3-small', model_mapping: '{"gpt-4.1":"prod-gpt-4.1"}',
    });
    uid = await addUser(t, 'azure-user', { quota: 1_000_000 });
    sk = (await addToken(t, uid)).sk;
    client = new OpenAI({ apiKey: sk, baseURL: base, maxRetries: 0 });
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });
  beforeEach(() => up.reset());

  describe('Azure OpenAI (type 3)', () => {
    it('calls the deployment with the channel api-version and api-key, and bills the usage', async () => {
      up.on('POST /openai/deployments/gpt-35-turbo/chat/completions', azureOnly((req, res) =>
        sendJson(res, 200, { ...chatCompletion(String(req.json.model), 'Hi from Azure'), usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } })));
      const before = await userRow(t, uid);
      const used = (await channelRow(t, azureId)).used_quota;
      const r = await client.chat.completions.create({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] });
      expect(r.choices[0].message.content).toBe('Hi from Azure');
      expect(up.requests).toHaveLength(1);
      const q = up.requests[0];
      expect(q.path).toBe('/openai/deployments/gpt-35-turbo/chat/completions');
      expect(q.query.get('api-version')).toBe('2025-04-01-preview');
      expect(q.headers['api-key']).toBe(AZURE_KEY);
      expect(q.headers.authorization).toBeUndefined();
      expect(q.json).toMatchObject({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] });
      const charged = before.quota - (await userRow(t, uid)).quota;
      expect(charged).toBe(12 + 5 * 2); // ratio 1, completion ratio 2, group 1
      expect((await channelRow(t, azureId)).used_quota - used).toBe(charged);
      const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
      expect(log).toMatchObject({ quota: 22, prompt_tokens: 12, completion_tokens: 5, model_name: 'gpt-3.5-turbo', channel: azureId });
    });

    it('streams with the usage it asked for, on a mapped deployment name used as written', async () => {
      up.on('POST /openai/deployments/prod-gpt-4.1/chat/completions', azureOnly((req, res) =>
        writeSse(res, chatChunks(String(req.json.model), ['A', 'zure'], { usage: req.json.stream_options?.include_usage ? { prompt_tokens: 7, completion_tokens: 3 } : null }))));
      const before = await userRow(t, uid);
      const stream = await client.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'stream' }], stream: true });
      let text = '';
      for await (const c of stream) text += c.choices[0]?.delta?.content ?? '';
      expect(text).toBe('Azure');
      const q = up.requests[0];
      expect(q.path).toBe('/openai/deployments/prod-gpt-4.1/chat/completions');
      expect(q.json).toMatchObject({ model: 'prod-gpt-4.1', stream: true, stream_options: { include_usage: true } });
      expect(before.quota - (await userRow(t, uid)).quota).toBe(10); // 7 + 3 × 1
      const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
      expect(log.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'prod-gpt-4.1' });
    });

    it('relays embeddings to the deployment as well', async () => {
      up.on('POST /openai/deployments/text-embedding-3-small/embeddings', azureOnly((req, res) =>
        sendJson(res, 200, { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.5] }], model: req.json.model, usage: { prompt_tokens: 6, total_tokens: 6 } })));
      const before = await userRow(t, uid);
      const r = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hello', encoding_format: 'float' });
      expect(r.data[0].embedding).toEqual([0.5]);
      expect(up.requests[0].query.get('api-version')).toBe('2025-04-01-preview');
      expect(before.quota - (await userRow(t, uid)).quota).toBe(3); // 6 × 0.5
    });

    it('passes Azure\'s refusal on without charging', async () => {
      const azureBad = await addChannel(t, { name: 'azure-bad', type: 3, base_url: up.url, key: 'wrong-key', models: 'gpt-3.5-turbo', priority: 100 });
      up.on('POST /openai/deployments/gpt-35-turbo/chat/completions', azureOnly((_req, res) => sendJson(res, 200, chatCompletion('x'))));
      const before = await userRow(t, uid);
      const err = await client.chat.completions.create({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] }).catch((e) => e);
      expect(err.status).toBe(401);
      expect(String(err.message)).toContain('Access denied');
      expect(String(err.message)).not.toContain('wrong-key');
      expect((await userRow(t, uid)).quota).toBe(before.quota);
      await t.services.channels.remove(systemActor, azureBad);
    });

    it('tests the channel on its deployment and fetches its model list', async () => {
      up.on('POST /openai/deployments/gpt-35-turbo/chat/completions', azureOnly((req, res) => sendJson(res, 200, chatCompletion(String(req.json.model)))));
      const r = await admin.call('GET', `/api/channel/test/${azureId}?model=gpt-3.5-turbo`);
      expect(r.body.success, r.body.message).toBe(true);
      expect(up.requests[0].path).toBe('/openai/deployments/gpt-35-turbo/chat/completions');
      expect(up.requests[0].query.get('api-version')).toBe('2025-04-01-preview');

      up.on('GET /openai/models', azureOnly((req, res) =>
        sendJson(res, 200, { data: [{ id: 'gpt-4o', object: 'model' }, { id: 'gpt-35-turbo', object: 'model' }], object: 'list', version: req.query.get('api-version') })));
      const m = await admin.call('GET', `/api/channel/fetch_models/${azureId}`);
      expect(m.body).toEqual({ success: true, message: '', data: ['gpt-4o', 'gpt-35-turbo'] });
      expect(up.requests.at(-1)!.query.get('api-version')).toBe('2025-04-01-preview');
      // the form's helper (no channel saved yet) sends its own api-version
      const adHoc = await admin.call('POST', '/api/channel/fetch_models', { type: 3, base_url: up.url, key: AZURE_KEY, other: '2024-10-21' });
      expect(adHoc.body.data).toEqual(['gpt-4o', 'gpt-35-turbo']);
      expect(up.requests.at(-1)!.query.get('api-version')).toBe('2024-10-21');
      // no balance on Azure (reference §3.9): refused by name
      expect((await admin.call('GET', `/api/channel/update_balance/${azureId}`)).body).toEqual({
        success: false, message: 'Channel type Azure OpenAI (#3) does not report a balance',
      });
    });
  });

  describe('Ollama (type 4) and custom channels (type 8)', () => {
    it('Ollama: relayed on its OpenAI-compatible path, models fetched from /api/tags', async () => {
      const id = await addChannel(t, { name: 'ollama', type: 4, base_url: up.url, key: 'ollama', models: 'llama3.2' });
      const r = await client.chat.completions.create({ model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] });
      expect(r.choices[0].message.content).toBe('Hello!');
      expect(up.requests[0].path).toBe('/v1/chat/completions');

      up.on('GET /api/tags', (_req, res) => sendJson(res, 200, {
        models: [{ name: 'llama3.2:latest', model: 'llama3.2:latest', size: 1 }, { name: 'nomic-embed-text:latest', model: 'nomic-embed-text:latest', size: 2 }],
      }));
      expect((await admin.call('GET', `/api/channel/fetch_models/${id}`)).body.data).toEqual(['llama3.2:latest', 'nomic-embed-text:latest']);
      const adHoc = await admin.call('POST', '/api/channel/fetch_models', { type: 4, base_url: up.url, key: 'any' });
      expect(adHoc.body.data).toEqual(['llama3.2:latest', 'nomic-embed-text:latest']);
      expect(up.requests.filter((q) => q.path === '/api/tags')).toHaveLength(2);
    });

    it('custom: the base URL is the request URL, used as given', async () => {
      up.on('POST /gw/custom-model/chat', (req, res) => sendJson(res, 200, chatCompletion(String(req.json.model), 'custom!')));
      await addChannel(t, { name: 'custom', type: 8, base_url: `${up.url}/gw/{model}/chat`, models: 'custom-model' });
      const r = await client.chat.completions.create({ model: 'custom-model', messages: [{ role: 'user', content: 'hi' }] });
      expect(r.choices[0].message.content).toBe('custom!');
      expect(up.requests.map((q) => q.path)).toEqual(['/gw/custom-model/chat']);
      const created = (await admin.call('POST', '/api/channel/fetch_models', { type: 8, base_url: up.url, key: 'k' })).body;
      expect(created).toEqual({ success: false, message: 'Channel type Custom channel (#8) has no model list to fetch; enter the models by hand' });
    });
  });

  describe('channel types this gateway cannot relay', () => {
    it('may be saved, but a call is refused with the type named (both languages), and nothing is charged', async () => {
      const saved = await admin.call('POST', '/api/channel/', { name: 'baidu', type: 15, key: 'ak|sk', models: 'ernie-4.0' });
      expect(saved.body.success, saved.body.message).toBe(true);
      const before = await userRow(t, uid);
      const send = (lang?: string) => fetch(`${base}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sk}`, 'content-type': 'application/json', ...(lang ? { 'accept-language': lang } : {}) },
        body: JSON.stringify({ model: 'ernie-4.0', messages: [{ role: 'user', content: 'hi' }] }),
      });
      const en = await send();
      expect(en.status).toBe(503);
      const body = (await en.json()) as { error: { message: string; code: string } };
      expect(body.error.code).toBe('channel_type_unsupported');
      expect(body.error.message).toMatch(/^The channels for model ernie-4\.0 under group default are of a type this gateway cannot relay: Baidu ERNIE \(Qianfan\) \(15\)/);
      const zh = (await (await send('zh-CN')).json()) as { error: { message: string } };
      expect(zh.error.message).toMatch(/^分组 default 下模型 ernie-4\.0 的渠道类型 百度文心千帆（15）不受本网关支持，无法转发/);
      expect(up.requests).toHaveLength(0);
      expect((await userRow(t, uid)).quota).toBe(before.quota);
      // management calls it does not offer are refused by name too
      const id = saved.body.data[0].id as number;
      expect((await admin.call('GET', `/api/channel/test/${id}`)).body.message).toBe('Channel type Baidu ERNIE (Qianfan) (#15) cannot be tested');
      expect((await admin.call('GET', `/api/channel/fetch_models/${id}`)).body.message).toBe('Channel type Baidu ERNIE (Qianfan) (#15) has no model list to fetch; enter the models by hand');
    });

    it('a channel pinned by an admin key names its type too', async () => {
      const mj = await addChannel(t, { name: 'mj', type: 2, base_url: up.url, models: 'mj-model' });
      const rootToken = await addToken(t, 1);
      const r = await fetch(`${base}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${rootToken.sk}-${mj}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'mj-model', messages: [{ role: 'user', content: 'hi' }] }),
      });
      const body = (await r.json()) as { error: { message: string; code: string } };
      expect(r.status).toBe(400);
      expect(body.error).toMatchObject({ code: 'channel_type_unsupported' });
      expect(body.error.message).toMatch(new RegExp(`^Channel #${mj} is of type Midjourney Proxy \\(#2\\), which this gateway cannot relay`));
    });

    it('when a relayed type serves the same model, the call goes there', async () => {
      await addChannel(t, { name: 'openai-for-ernie', type: 1, base_url: up.url, models: 'ernie-4.0' });
      const r = await client.chat.completions.create({ model: 'ernie-4.0', messages: [{ role: 'user', content: 'hi' }] });
      expect(r.choices[0].message.content).toBe('Hello!');
      expect(up.requests[0].path).toBe('/v1/chat/completions');
    });
  });
});
