// Failover: retries go to channels not tried yet and never repeat one; which failures are retried; what the
// client and the logs see (no upstream key or host); auto-disable; and a full refund when every attempt fails.
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { reply, startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, channelRow, listen, logsOf, setPrices, userRow } from '../helpers/relay.js';

const KEY_A = 'sk-chanA-SECRET-aaaaaaaaaaaaaaaa';
const KEY_B = 'sk-chanB-SECRET-bbbbbbbbbbbbbbbb';
const KEY_C = 'sk-chanC-SECRET-cccccccccccccccc';

describe('relay: retries and failures', () => {
  let t: TestApp;
  let a: MockUpstream;
  let b: MockUpstream;
  let c: MockUpstream;
  let base: string;
  let uid: number;
  let client: OpenAI;
  let model = 0;

  /** Three channels serving a fresh model: A (priority 10), B (5), C (0). */
  async function trio(extra: { a?: Record<string, unknown>; b?: Record<string, unknown>; c?: Record<string, unknown> } = {}) {
    const name = `model-${++model}`;
    await setPrices(t, { ratio: { [name]: 1 }, completion: { [name]: 1 } });
    const ids = {
      a: await addChannel(t, { name: `A${model}`, base_url: a.url, key: KEY_A, models: name, priority: 10, ...extra.a }),
      b: await addChannel(t, { name: `B${model}`, base_url: b.url, key: KEY_B, models: name, priority: 5, ...extra.b }),
      c: await addChannel(t, { name: `C${model}`, base_url: c.url, key: KEY_C, models: name, priority: 0, ...extra.c }),
    };
    return { name, ids };
  }
  const ask = (name: string) => client.chat.completions.create({ model: name, messages: [{ role: 'user', content: 'hi' }] });
  const failureOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return e as InstanceType<typeof OpenAI.APIError>;
    }
    throw new Error('expected a failure');
  };

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'relay.response_timeout_ms': 1500 } });
    [a, b, c] = await Promise.all([startUpstream(), startUpstream(), startUpstream()]);
    base = await listen(t);
    uid = await addUser(t, 'erin', { quota: 10_000_000 });
    client = new OpenAI({ apiKey: (await addToken(t, uid)).sk, baseURL: base, maxRetries: 0 });
    await t.services.options.set({ RetryTimes: '5' });
  });
  afterAll(async () => {
    await Promise.all([a, b, c].map((u) => u?.close()));
    await t?.close();
  });
  beforeEach(() => [a, b, c].forEach((u) => u.reset()));

  it('moves to the next channel after a 500 and logs every channel tried', async () => {
    const { name, ids } = await trio();
    a.on('POST /v1/chat/completions', reply.serverError());
    const r = await ask(name);
    expect(r.choices[0].message.content).toBe('Hello!');
    expect([a.requests.length, b.requests.length, c.requests.length]).toEqual([1, 1, 0]);
    const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
    expect(log.channel).toBe(ids.b);
    expect(log.other.admin_info.use_channel).toEqual([ids.a, ids.b]);
  });

  it('never tries a channel twice, even with retries to spare, and refunds everything when all fail', async () => {
    const { name, ids } = await trio();
    for (const u of [a, b, c]) u.on('POST /v1/chat/completions', reply.serverError());
    const before = await userRow(t, uid);
    const e = await failureOf(ask(name));
    expect(e.status).toBe(500);
    expect([a.requests.length, b.requests.length, c.requests.length]).toEqual([1, 1, 1]);
    expect(await userRow(t, uid)).toEqual(before);
    const err = (await logsOf(t, { user_id: uid, type: 6 })).at(-1)!;
    expect(err).toMatchObject({ model_name: name, quota: 0, channel: ids.c });
    expect(err.other.admin_info.use_channel).toEqual([ids.a, ids.b, ids.c]);
    expect(new Set(err.other.admin_info.use_channel).size).toBe(3);
  });

  it('does not retry a 400 (the request itself is wrong) and passes the upstream\'s message on', async () => {
    const { name } = await trio();
    a.on('POST /v1/chat/completions', reply.openaiError(400, "This model's maximum context length is 10 tokens", 'invalid_request_error', 'context_length_exceeded'));
    const e = await failureOf(ask(name));
    expect(e.status).toBe(400);
    expect(e.message).toContain('maximum context length');
    expect(e.code).toBe('context_length_exceeded');
    expect([a.requests.length, b.requests.length]).toEqual([1, 0]);
  });

  it('retries a 429 and, when it is the last answer, says the group is saturated', async () => {
    const { name } = await trio();
    for (const u of [a, b, c]) u.on('POST /v1/chat/completions', reply.openaiError(429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded'));
    const e = await failureOf(ask(name));
    expect(e.status).toBe(429);
    expect(e.message).toContain('saturated');
    expect([a.requests.length, b.requests.length, c.requests.length]).toEqual([1, 1, 1]);
  });

  it('tries only once with RetryTimes 0', async () => {
    await t.services.options.set({ RetryTimes: '0' });
    try {
      const { name } = await trio();
      a.on('POST /v1/chat/completions', reply.serverError());
      expect((await failureOf(ask(name))).status).toBe(500);
      expect([a.requests.length, b.requests.length]).toEqual([1, 0]);
    } finally {
      await t.services.options.set({ RetryTimes: '5' });
    }
  });

  it('rewrites the status with status_code_mapping before deciding to retry', async () => {
    const { name } = await trio({ a: { status_code_mapping: '{"500":"400"}' } });
    a.on('POST /v1/chat/completions', reply.serverError());
    expect((await failureOf(ask(name))).status).toBe(400);
    expect(b.requests).toHaveLength(0);
  });

  it('retries a connection reset, but not an upstream that stays silent', async () => {
    const first = await trio();
    a.on('POST /v1/chat/completions', reply.reset());
    expect((await ask(first.name)).choices[0].message.content).toBe('Hello!');
    expect(b.requests).toHaveLength(1);

    const second = await trio();
    [a, b, c].forEach((u) => u.reset());
    a.on('POST /v1/chat/completions', reply.slow(5000, reply.serverError()));
    const started = Date.now();
    const e = await failureOf(ask(second.name));
    expect(e.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(b.requests).toHaveLength(0);
  });

  it('never shows the upstream key or host to the caller, in the answer or in the log', async () => {
    const { name } = await trio();
    const host = new URL(a.url).host;
    a.on('POST /v1/chat/completions', reply.openaiError(
      400,
      `Incorrect API key provided: ${KEY_A}. See https://platform.openai.com/account/api-keys or call ${a.url}/v1 (${host}) from 10.20.30.40`,
      'invalid_request_error',
      'invalid_api_key',
    ));
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: name, messages: [] }),
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).toContain('Incorrect API key provided');
    for (const secret of [KEY_A, 'SECRET', host, '127.0.0.1', 'platform.openai.com', '10.20.30.40', a.url]) expect(text).not.toContain(secret);
    const err = (await logsOf(t, { user_id: uid, type: 6 })).at(-1)!;
    for (const secret of [KEY_A, host, 'platform.openai.com']) expect(JSON.stringify(err)).not.toContain(secret);
  });

  it('shows only the status of an error page that is not the provider\'s error JSON', async () => {
    const { name } = await trio();
    for (const u of [a, b, c]) u.on('POST /v1/chat/completions', reply.text(502, '<html><body><h1>502 Bad Gateway</h1><hr>nginx/1.18.0 at gpu-node-7.internal</body></html>'));
    const e = await failureOf(ask(name));
    expect(e.status).toBe(502);
    expect(e.message).toContain('The upstream answered HTTP 502');
    expect(e.message).not.toContain('nginx');
    expect(e.message).not.toContain('gpu-node-7');
  });

  it('auto-disables a channel whose key the upstream rejects, when the option and the channel allow it', async () => {
    const { name, ids } = await trio({ b: { auto_ban: 0 } });
    a.on('POST /v1/chat/completions', reply.openaiError(401, `Incorrect API key provided: ${KEY_A}`, 'invalid_request_error', 'invalid_api_key'));
    b.on('POST /v1/chat/completions', reply.openaiError(401, 'bad key', 'invalid_request_error', 'invalid_api_key'));
    // the option is off: nothing is disabled
    expect((await ask(name)).choices[0].message.content).toBe('Hello!');
    expect((await channelRow(t, ids.a)).status).toBe(1);
    await t.services.options.set({ AutomaticDisableChannelEnabled: 'true' });
    try {
      [a, b, c].forEach((u) => u.requests.splice(0));
      expect((await ask(name)).choices[0].message.content).toBe('Hello!');
      const disabled = await channelRow(t, ids.a);
      expect(disabled.status).toBe(3);
      expect(disabled.other_info).toContain('401');
      expect(disabled.other_info).not.toContain(KEY_A);
      expect((await channelRow(t, ids.b)).status).toBe(1); // auto_ban off
      [a, b, c].forEach((u) => u.requests.splice(0));
      await ask(name);
      expect(a.requests).toHaveLength(0); // out of rotation at once
    } finally {
      await t.services.options.set({ AutomaticDisableChannelEnabled: 'false' });
    }
  });
});
