// Streaming (reference §5): events pass through as they arrive; the final usage is billed; a stream that breaks
// is never presented as finished; and the client-disconnect rule of daemon/relay/stream-relay.ts — a client that
// leaves mid-stream pays for its input and the output delivered so far, from the upstream's usage if it had
// arrived, else counted from the delivered text; a client that leaves before the first event pays nothing.
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { chatChunks, reply, startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, logsOf, setPrices, userRow } from '../helpers/relay.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('relay: streaming', () => {
  let t: TestApp;
  let up: MockUpstream;
  let spare: MockUpstream;
  let base: string;
  let uid: number;
  let sk: string;
  let client: OpenAI;

  const body = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({ model: 'stream-model', messages: [{ role: 'user', content: 'tell me a story' }], stream: true, ...extra });
  const post = (extra: Record<string, unknown> = {}, signal?: AbortSignal) =>
    fetch(`${base}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${sk}`, 'content-type': 'application/json' }, body: body(extra), signal });
  /** Reads a streamed answer, noting when each piece of text arrived. */
  async function readTimed(res: Response): Promise<{ text: string; times: number[] }> {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = '';
    const times: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, times };
      text += dec.decode(value, { stream: true });
      times.push(Date.now());
    }
  }
  const lastLog = async () => (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'relay.stream_idle_timeout_ms': 2000 } });
    [up, spare] = await Promise.all([startUpstream(), startUpstream()]);
    base = await listen(t);
    await setPrices(t, { ratio: { 'stream-model': 1, 'resp-model': 1 }, completion: { 'stream-model': 1, 'resp-model': 1 } });
    await addChannel(t, { name: 'main', base_url: up.url, models: 'stream-model,resp-model', priority: 10 });
    await addChannel(t, { name: 'spare', base_url: spare.url, models: 'stream-model', priority: 0 });
    uid = await addUser(t, 'frank', { quota: 10_000_000 });
    sk = (await addToken(t, uid)).sk;
    client = new OpenAI({ apiKey: sk, baseURL: base, maxRetries: 0 });
    await t.services.options.set({ RetryTimes: '1' });
  });
  afterAll(async () => {
    await Promise.all([up?.close(), spare?.close()]);
    await t?.close();
  });
  beforeEach(() => {
    up.reset();
    spare.reset();
  });

  it('passes events on as they arrive instead of buffering the stream', async () => {
    up.on('POST /v1/chat/completions', reply.sse(chatChunks('stream-model', ['a', 'b', 'c', 'd'], { usage: { prompt_tokens: 5, completion_tokens: 4 } }), { intervalMs: 150 }));
    const res = await post();
    const { text, times } = await readTimed(res);
    expect(times.length).toBeGreaterThanOrEqual(4);
    expect(times.at(-1)! - times[0]).toBeGreaterThanOrEqual(500);
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    const log = await lastLog();
    expect(log).toMatchObject({ prompt_tokens: 5, completion_tokens: 4, quota: 9, is_stream: true });
  });

  it('records the time to the first event (frt)', async () => {
    up.on('POST /v1/chat/completions', reply.sse(chatChunks('stream-model', ['x'], { usage: { prompt_tokens: 1, completion_tokens: 1 } }), { firstDelayMs: 300 }));
    await (await post()).text();
    const log = await lastLog();
    expect(log.other.frt).toBeGreaterThanOrEqual(280);
    expect(log.other.frt).toBeLessThan(2000);
  });

  it('never presents a cut stream as finished: an error event, no [DONE], and the official client raises', async () => {
    const chunks = chatChunks('stream-model', ['one', ' two', ' three', ' four'], { usage: { prompt_tokens: 50, completion_tokens: 4 } });
    up.on('POST /v1/chat/completions', reply.sse(chunks, { cutAfter: 3, intervalMs: 20 }));
    const { text } = await readTimed(await post());
    expect(text).toContain('"content":" two"');
    expect(text).toContain('stream_interrupted');
    expect(text).not.toContain('[DONE]');
    const log = await lastLog();
    expect(log.other.stream_end).toBe('upstream_cut');
    expect(log.completion_tokens).toBe(2); // "one two" delivered
    expect(log.quota).toBe(log.prompt_tokens + 2);

    up.on('POST /v1/chat/completions', reply.sse(chunks, { cutAfter: 3, intervalMs: 20 }));
    const stream = await client.chat.completions.create({ model: 'stream-model', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let got = '';
    await expect((async () => {
      for await (const c of stream) got += c.choices[0]?.delta?.content ?? '';
    })()).rejects.toBeInstanceOf(OpenAI.APIError);
    expect(got).toBe('one two');
  });

  it('treats a stream that simply ends without a finish or [DONE] as cut too', async () => {
    up.on('POST /v1/chat/completions', reply.sse(chatChunks('stream-model', ['half'], { finish: false }), { done: false }));
    const { text } = await readTimed(await post());
    expect(text).toContain('stream_interrupted');
    expect(text).not.toContain('[DONE]');
  });

  it('ends a stalled stream after the idle limit with a timeout error event', async () => {
    up.on('POST /v1/chat/completions', reply.sse(chatChunks('stream-model', ['slow', 'never']), { stallAfter: 2 }));
    const started = Date.now();
    const { text } = await readTimed(await post());
    expect(Date.now() - started).toBeLessThan(4000);
    expect(text).toContain('stream_timeout');
    expect(text).not.toContain('[DONE]');
    expect((await lastLog()).other.stream_end).toBe('timeout');
  });

  it('passes an in-band upstream error on and does not finish the stream', async () => {
    const [role, first] = chatChunks('stream-model', ['ok']);
    up.on('POST /v1/chat/completions', reply.sse([role, first, { error: { message: 'The server is overloaded', type: 'server_error' } }], { done: false }));
    const { text } = await readTimed(await post());
    expect(text).toContain('overloaded');
    expect(text).not.toContain('[DONE]');
    expect((await lastLog()).other.stream_end).toBe('upstream_error');
  });

  it('tries another channel when the stream breaks before its first event', async () => {
    up.on('POST /v1/chat/completions', reply.sse([], { cutAfter: 0 }));
    const r = await client.chat.completions.create({ model: 'stream-model', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    for await (const c of r) text += c.choices[0]?.delta?.content ?? '';
    expect(text).toBe('Hello!');
    expect([up.requests.length, spare.requests.length]).toEqual([1, 1]);
  });

  describe('client disconnect', () => {
    const pieces = Array.from({ length: 40 }, () => ' a'); // one token each

    it('bills the input plus the output delivered so far, counted when no usage arrived, and stops the upstream', async () => {
      let sent = 0;
      let closedEarly = false;
      up.on('POST /v1/chat/completions', async (req, res) => {
        res.on('close', () => (closedEarly = sent < pieces.length));
        await reply.sse(chatChunks('stream-model', pieces, { usage: { prompt_tokens: 999, completion_tokens: 999 } }), { intervalMs: 60, onEvent: (n) => (sent = n) })(req, res);
      });
      const before = await userRow(t, uid);
      const ctl = new AbortController();
      const res = await post({}, ctl.signal);
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      let text = '';
      while ((text.match(/" a"/g) ?? []).length < 5) text += dec.decode((await reader.read()).value, { stream: true });
      ctl.abort();
      await sleep(400);
      const log = await lastLog();
      expect(log.other.stream_end).toBe('client_gone');
      expect(closedEarly).toBe(true);
      expect(sent).toBeLessThan(pieces.length);
      expect(log.completion_tokens).toBeGreaterThanOrEqual(5);
      expect(log.completion_tokens).toBeLessThanOrEqual(sent); // never the upstream's 999, never the estimate
      expect(log.prompt_tokens).toBeGreaterThan(0);
      expect(log.prompt_tokens).toBeLessThan(100); // counted locally: the 999 never arrived
      expect(log.quota).toBe(log.prompt_tokens + log.completion_tokens);
      expect(before.quota - (await userRow(t, uid)).quota).toBe(log.quota);
    });

    it('takes the upstream\'s usage when it arrived before the client left', async () => {
      const chunks = chatChunks('stream-model', ['x', 'y', 'z'], { usage: { prompt_tokens: 70, completion_tokens: 3 } });
      up.on('POST /v1/chat/completions', reply.sse(chunks, { stallAfter: chunks.length })); // usage sent, then silence
      const before = await userRow(t, uid);
      const ctl = new AbortController();
      const res = await post({ stream_options: { include_usage: true } }, ctl.signal);
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      let text = '';
      while (!text.includes('"prompt_tokens":70')) text += dec.decode((await reader.read()).value, { stream: true });
      ctl.abort();
      await sleep(300);
      const log = await lastLog();
      expect(log).toMatchObject({ prompt_tokens: 70, completion_tokens: 3, quota: 73 });
      expect(log.other.stream_end).toBe('client_gone');
      expect(before.quota - (await userRow(t, uid)).quota).toBe(73);
    });

    it('charges nothing when the client leaves before the first event', async () => {
      let upstreamClosed = false;
      up.on('POST /v1/chat/completions', async (req, res) => {
        res.on('close', () => (upstreamClosed = true));
        await reply.sse(chatChunks('stream-model', ['late']), { firstDelayMs: 1500 })(req, res);
      });
      const logsBefore = (await logsOf(t, { user_id: uid })).length;
      const before = await userRow(t, uid);
      const ctl = new AbortController();
      const pending = post({}, ctl.signal).catch(() => null);
      await sleep(300);
      ctl.abort();
      await pending;
      await sleep(300);
      expect(upstreamClosed).toBe(true);
      expect(await userRow(t, uid)).toEqual(before);
      expect((await logsOf(t, { user_id: uid })).length).toBe(logsBefore);
      expect(spare.requests).toHaveLength(0); // not retried elsewhere either
    });
  });

  it('writes keep-alive pings while the upstream is quiet, when enabled', async () => {
    await t.services.options.set({ 'general_setting.ping_interval_enabled': 'true', 'general_setting.ping_interval_seconds': '1' });
    try {
      const chunks = chatChunks('stream-model', ['a', 'b'], { usage: { prompt_tokens: 1, completion_tokens: 2 } });
      // 1.4 s between events: over the 1 s ping interval, under the 2 s idle limit
      up.on('POST /v1/chat/completions', reply.sse(chunks.slice(0, 3), { intervalMs: 1400 }));
      const { text } = await readTimed(await post());
      expect(text).toContain(': PING');
      expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    } finally {
      await t.services.options.set({ 'general_setting.ping_interval_enabled': 'false' });
    }
  });

  it('streams the Responses API and bills its final usage', async () => {
    const before = await userRow(t, uid);
    const stream = await client.responses.create({ model: 'resp-model', input: 'hi', stream: true });
    let text = '';
    for await (const ev of stream) if (ev.type === 'response.output_text.delta') text += ev.delta;
    expect(text).toBe('Hi there');
    expect(before.quota - (await userRow(t, uid)).quota).toBe(11); // 9 in + 2 out
  });
});
