// Site options acting on the relay at once (spec 2; reference §9.5, §10): sensitive words refuse a prompt before any
// upstream call (OpenAI error shape, error log type 6), the per-user model request limit answers 429, and an
// admin's ratio change bills the very next call — every option changed through PUT /api/option/ as the console does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';
import { reply, startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, logsOf, setPrices, userRow } from '../helpers/relay.js';

describe('relay guards from site options', () => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;
  let admin: Browser;
  let uid: number;
  let sk: string;

  const chat = async (content: string, key = sk, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
      body: JSON.stringify({ model: 'm1', messages: [{ role: 'user', content }] }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
  const set = async (key: string, value: string) => {
    const r = await admin.call('PUT', '/api/option/', { key, value });
    expect(r.body.success, `${key}: ${r.body.message}`).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const root = await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    expect((await admin.login(root.username, root.password)).body.success).toBe(true);
    up = await startUpstream();
    base = await listen(t);
    await setPrices(t, { ratio: { m1: 1 }, completion: { m1: 1 } });
    await addChannel(t, { base_url: up.url, models: 'm1' });
    uid = await addUser(t, 'erin', { quota: 1_000_000 });
    sk = (await addToken(t, uid)).sk;
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });
  beforeEach(() => up.reset());

  describe('sensitive words', () => {
    it('refuses a prompt with a listed word before any upstream call, and logs it as an error (type 6)', async () => {
      const before = await userRow(t, uid);
      const r = await chat('please say TEST_SENSITIVE now'); // the default list, any case
      expect(r.status).toBe(400);
      expect(r.json.error).toMatchObject({ type: 'new_api_error', code: 'sensitive_words_detected', param: null });
      expect(r.json.error.message).toMatch(/^The request contains sensitive words: test_sensitive \(request id: [\w-]+\)$/);
      expect(up.requests).toHaveLength(0);
      expect(await userRow(t, uid)).toEqual(before);
      const logs = await logsOf(t, { user_id: uid, type: 6 });
      expect(logs.at(-1)).toMatchObject({ model_name: 'm1', quota: 0, content: 'The request contains sensitive words: test_sensitive' });
      expect(logs.at(-1)!.other).toMatchObject({ status_code: 400, error_code: 'sensitive_words_detected' });

      const zh = await chat('test_sensitive', sk, { 'accept-language': 'zh-CN' });
      expect(zh.json.error.message).toMatch(/^请求内容包含敏感词：test_sensitive/);
    });

    it('a new list applies to the next call; other prompts pass', async () => {
      await set('SensitiveWords', '违禁词\nforbidden phrase');
      expect((await chat('test_sensitive is fine now')).status).toBe(200);
      const r = await chat('这是一个违禁词');
      expect(r.status).toBe(400);
      expect(r.json.error.message).toContain('违禁词');
      expect((await chat('a FORBIDDEN   phrase')).status).toBe(200); // the words must match as written
      expect((await chat('a Forbidden Phrase')).status).toBe(400);
      expect(up.requests).toHaveLength(2);
    });

    it('is off when either switch is off', async () => {
      await set('CheckSensitiveOnPromptEnabled', 'false');
      expect((await chat('违禁词')).status).toBe(200);
      await set('CheckSensitiveOnPromptEnabled', 'true');
      await set('CheckSensitiveEnabled', 'false');
      expect((await chat('违禁词')).status).toBe(200);
      await set('CheckSensitiveEnabled', 'true');
      expect((await chat('违禁词')).status).toBe(400);
    });
  });

  describe('model request rate limit', () => {
    it('total count (failures included): the call after the limit gets 429 in the OpenAI shape', async () => {
      const u = await addUser(t, 'frank', { quota: 1_000_000 });
      const key = (await addToken(t, u)).sk;
      await set('ModelRequestRateLimitCount', '3');
      await set('ModelRequestRateLimitEnabled', 'true');
      expect((await chat('one', key)).status).toBe(200);
      up.on('POST /v1/chat/completions', reply.openaiError(400, 'bad request upstream'));
      expect((await chat('two', key)).status).toBe(400); // a failure still counts
      up.reset();
      expect((await chat('three', key)).status).toBe(200);
      expect(up.requests).toHaveLength(1);
      const r = await chat('four', key);
      expect(r.status).toBe(429);
      expect(r.json.error).toMatchObject({ type: 'new_api_error', code: 'rate_limit_exceeded' });
      expect(r.json.error.message).toMatch(/^Total request limit reached: at most 3 requests in 1 minutes, failed ones included/);
      expect(up.requests).toHaveLength(1); // the refused call never went upstream
      // another user is not affected
      expect((await chat('hello')).status).toBe(200);
      // a higher limit applies to the next call
      await set('ModelRequestRateLimitCount', '10');
      expect((await chat('five', key)).status).toBe(200);
      await set('ModelRequestRateLimitEnabled', 'false');
      await set('ModelRequestRateLimitCount', '0');
    });

    it('success count: only successful calls count towards it', async () => {
      const u = await addUser(t, 'gina', { quota: 1_000_000 });
      const key = (await addToken(t, u)).sk;
      await set('ModelRequestRateLimitSuccessCount', '2');
      await set('ModelRequestRateLimitEnabled', 'true');
      up.on('POST /v1/chat/completions', reply.serverError());
      for (let i = 0; i < 3; i++) expect((await chat('fails', key)).status).toBeGreaterThanOrEqual(500);
      up.reset();
      expect((await chat('ok 1', key)).status).toBe(200);
      expect((await chat('ok 2', key)).status).toBe(200);
      const r = await chat('ok 3', key, { 'accept-language': 'zh' });
      expect(r.status).toBe(429);
      expect(r.json.error.message).toMatch(/^您已达到请求数限制：1 分钟内最多请求 2 次/);
      await set('ModelRequestRateLimitEnabled', 'false');
      expect((await chat('ok 4', key)).status).toBe(200);
      await set('ModelRequestRateLimitSuccessCount', '1000');
    });
  });

  it('a ratio changed through the option API bills the next call', async () => {
    const u = await addUser(t, 'hank', { quota: 1_000_000 });
    const key = (await addToken(t, u)).sk;
    const q0 = (await userRow(t, u)).quota;
    expect((await chat('hi', key)).status).toBe(200);
    const q1 = (await userRow(t, u)).quota;
    expect(q0 - q1).toBe(10); // (8 prompt + 2 completion) × ratio 1
    await set('ModelRatio', '{"m1":3}');
    expect((await chat('hi', key)).status).toBe(200);
    expect(q1 - (await userRow(t, u)).quota).toBe(30);
    await set('GroupRatio', '{"default":2,"vip":1,"svip":1}');
    const q2 = (await userRow(t, u)).quota;
    expect((await chat('hi', key)).status).toBe(200);
    expect(q2 - (await userRow(t, u)).quota).toBe(60);
  });
});
