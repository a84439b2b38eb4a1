// Who may call the relay: keys, token and user states, model and IP limits, groups, prices and quota — each
// refusal with new-api's status, an OpenAI-shaped body and no key in clear.
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TokenEntity } from '../../daemon/modules/token/token.entity.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, setPrices, syncCaches, userRow, type TokenFields } from '../helpers/relay.js';

const NOW = 1_900_000_000;

describe('relay: who may call', () => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;
  let uid: number;
  let other: number;

  const call = async (sk: string | null, body: Record<string, unknown> = { model: 'm1', messages: [{ role: 'user', content: 'hi' }] }, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(sk ? { authorization: `Bearer ${sk}` } : {}), ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: JSON.parse(text) as { error: { message: string; type: string; param: null; code: string | null } } & Record<string, any> };
  };
  const token = async (f: TokenFields = {}, user = uid) => (await addToken(t, user, f)).sk;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    up = await startUpstream();
    base = await listen(t);
    await setPrices(t, { ratio: { m1: 1, m2: 1 }, completion: { m1: 1, m2: 1 } });
    await addChannel(t, { base_url: up.url, models: 'm1,m2,unpriced', group: 'default,vip' });
    uid = await addUser(t, 'carol', { quota: 1_000_000 });
    other = await addUser(t, 'dave', { quota: 1_000_000 });
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });
  beforeEach(() => up.reset());

  it('serves a valid key', async () => {
    const r = await call(await token());
    expect(r.status).toBe(200);
    expect(r.json.choices[0].message.content).toBe('Hello!');
  });

  it('refuses a missing key with 401 in OpenAI\'s error shape, naming the request', async () => {
    const r = await call(null);
    expect(r.status).toBe(401);
    expect(r.json.error).toMatchObject({ type: 'new_api_error', param: null, code: 'invalid_api_key' });
    expect(r.json.error.message).toMatch(/^No API key provided .*\(request id: [\w-]+\)$/);
  });

  it('refuses an unknown key, showing it only masked', async () => {
    const fake = `sk-${'A'.repeat(20)}Zz9${'b'.repeat(25)}`;
    const r = await call(fake);
    expect(r.status).toBe(401);
    expect(r.json.error.message).toContain('sk-AAA***bbb');
    expect(r.text).not.toContain(fake.slice(3));
  });

  it.each<[string, TokenFields, string]>([
    ['disabled', { status: 2 }, 'is disabled'],
    ['expired by its status', { status: 3 }, 'has expired'],
    ['past its expiry time', { expired_time: NOW - 1 }, 'has expired'],
    ['exhausted by its status', { status: 4, unlimited_quota: false, remain_quota: 0 }, 'has used up its quota'],
    ['with nothing left', { unlimited_quota: false, remain_quota: 0 }, 'has used up its quota'],
  ])('refuses a token %s with 401', async (_name, fields, text) => {
    const sk = await token(fields);
    const r = await call(sk);
    expect(r.status).toBe(401);
    expect(r.json.error.message).toContain(text);
    expect(r.text).not.toContain(sk.slice(3));
    expect(up.requests).toHaveLength(0);
  });

  it('stores the expired status of a token whose time ran out', async () => {
    const sk = await token({ expired_time: NOW - 5 });
    await call(sk);
    await new Promise((r) => setTimeout(r, 100));
    const row = await t.services.em.fork().findOneOrFail(TokenEntity, { key: sk.slice(3) });
    expect(row.status).toBe(3);
  });

  it('refuses a disabled user with 403', async () => {
    const banned = await addUser(t, undefined, { status: 2 });
    const r = await call(await token({}, banned));
    expect(r.status).toBe(403);
    expect(r.json.error.message).toContain('banned');
  });

  it('holds the token to its model limits', async () => {
    const sk = await token({ model_limits_enabled: true, model_limits: 'm2' });
    const r = await call(sk);
    expect(r.status).toBe(403);
    expect(r.json.error.message).toContain('may not use the model m1');
    expect((await call(sk, { model: 'm2', messages: [] })).status).toBe(200);
  });

  it('holds the token to its IP allow-list, single addresses and ranges', async () => {
    const elsewhere = await call(await token({ allow_ips: '10.0.0.1\n192.168.0.0/16' }));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.error.message).toContain('127.0.0.1');
    expect((await call(await token({ allow_ips: '10.0.0.1\n127.0.0.0/8' }))).status).toBe(200);
    expect((await call(await token({ allow_ips: '127.0.0.1' }))).status).toBe(200);
  });

  it('lets only administrators choose a channel with sk-KEY-ID', async () => {
    const pinned = await addChannel(t, { name: 'pinned', base_url: up.url, models: 'elsewhere-only', group: 'other' });
    const plain = await token();
    const r = await call(`${plain}-${pinned}`);
    expect(r.status).toBe(403);
    expect(r.json.error.message).toContain('Only administrators');
    const admin = await addUser(t, undefined, { role: 100 });
    const ok = await call(`${await token({}, admin)}-${pinned}`);
    expect(ok.status).toBe(200);
    expect(up.requests).toHaveLength(1);
    const missing = await call(`${await token({}, admin)}-99999`);
    expect(missing.status).toBe(400);
  });

  it('routes in the token\'s group only when the user may use it and it is still priced', async () => {
    expect((await call(await token({ group: 'vip' }))).status).toBe(200);
    const svip = await call(await token({ group: 'svip' }));
    expect(svip.status).toBe(403);
    expect(svip.json.error.message).toContain('svip');
    await t.services.options.set({ UserUsableGroups: '{"default":"d","vip":"v","gold":"g"}' });
    const gold = await call(await token({ group: 'gold' }));
    expect(gold.status).toBe(403);
    expect(gold.json.error.message).toContain('no longer offered');
    await t.services.options.set({ UserUsableGroups: '{"default":"d","vip":"v"}' });
  });

  it('answers 503 when no channel serves the model in the group', async () => {
    const r = await call(await token(), { model: 'nobody-serves-this', messages: [] });
    expect(r.status).toBe(503);
    expect(r.json.error.message).toContain('No available channel for model nobody-serves-this under group default');
  });

  it('refuses a model without a price unless self-use mode is on', async () => {
    const sk = await token();
    const r = await call(sk, { model: 'unpriced', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.status).toBe(500);
    expect(r.json.error.code).toBe('model_price_error');
    expect(up.requests).toHaveLength(0);
    await t.services.options.set({ SelfUseModeEnabled: 'true' });
    try {
      const before = await userRow(t, uid);
      expect((await call(sk, { model: 'unpriced', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
      expect(before.quota - (await userRow(t, uid)).quota).toBe(Math.round((8 + 2) * 37.5)); // the fallback ratio
    } finally {
      await t.services.options.set({ SelfUseModeEnabled: 'false' });
    }
  });

  it('refuses when the user or the token cannot cover the estimate, and takes nothing', async () => {
    const poor = await addUser(t, undefined, { quota: 5 });
    const r = await call(await token({}, poor), { model: 'm1', messages: [{ role: 'user', content: 'hi' }], max_tokens: 100 });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('insufficient_user_quota');
    expect(await userRow(t, poor)).toMatchObject({ quota: 5, used_quota: 0 });
    const tight = await call(await token({ unlimited_quota: false, remain_quota: 50 }, other), { model: 'm1', messages: [{ role: 'user', content: 'hi' }], max_tokens: 100 });
    expect(tight.status).toBe(403);
    expect(tight.json.error.code).toBe('pre_consume_token_quota_failed');
    expect(up.requests).toHaveLength(0);
  });

  it('answers in Chinese when the client asks for it', async () => {
    const r = await call(null, undefined, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(r.json.error.message).toContain('未提供令牌');
  });

  it('refuses malformed requests with 400 before anything is reserved', async () => {
    const sk = await token();
    const bad = await fetch(`${base}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${sk}`, 'content-type': 'application/json' }, body: '{"model":' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.type).toBe('invalid_request_error');
    expect((await call(sk, { messages: [] })).json.error.message).toContain('model field is required');
    const huge = await call(sk, { model: 'm1', messages: [], n: 1e12 });
    expect(huge.status).toBe(400);
    expect(huge.json.error.message).toContain('n');
    expect((await call(sk, { model: 'm1', messages: [], max_tokens: -5 })).status).toBe(400);
    expect(up.requests).toHaveLength(0);
  });

  it('answers unknown and unoffered /v1 paths in OpenAI\'s shape', async () => {
    const sk = await token();
    const unknown = await fetch(`${base}/nothing-here`, { headers: { authorization: `Bearer ${sk}` } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toContain('Invalid URL');
    const variations = await fetch(`${base}/images/variations`, { method: 'POST', headers: { authorization: `Bearer ${sk}` } });
    expect(variations.status).toBe(501);
    expect((await variations.json()).error.code).toBe('api_not_implemented');
  });

  it('works with the official client, which raises typed errors', async () => {
    const client = new OpenAI({ apiKey: 'sk-wrong', baseURL: base, maxRetries: 0 });
    await expect(client.chat.completions.create({ model: 'm1', messages: [] })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await syncCaches(t);
  });
});
