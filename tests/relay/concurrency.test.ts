// Concurrent spending of one token (lessons §1a #1): 200 calls at once against a token funded for exactly 100.
// The balance never goes below zero, exactly 100 calls are served, and the charges, the consumption logs, the
// user's used_quota and the channel's used_quota all agree to the unit.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { reply, sendJson, startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, channelRow, listen, logsOf, setPrices, tokenRow, userRow } from '../helpers/relay.js';

/** $0.002 per call × QuotaPerUnit 500000 = 1000 quota per call. */
const PER_CALL = 1000;

describe.each(['ledger', 'database'] as const)('relay: concurrent spending (%s wallet)', (wallet) => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'relay.wallet': wallet } });
    up = await startUpstream();
    base = await listen(t);
    await setPrices(t, { price: { 'fixed-model': 0.002 }, ratio: { 'ratio-model': 1 }, completion: { 'ratio-model': 1 } });
    up.on('POST /v1/chat/completions', reply.slow(15, (req, res) => {
      // 1-40 completion tokens, so ratio-priced calls cost different amounts
      const completion = 1 + Math.floor(Math.random() * 40);
      sendJson(res, 200, {
        id: 'c', object: 'chat.completion', created: 1, model: req.json.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'ok' } }],
        usage: { prompt_tokens: 10, completion_tokens: completion, total_tokens: 10 + completion },
      });
    }));
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });

  /** Samples the lowest balances seen while `work` runs. */
  async function watchBalances<T>(userId: number, tokenId: number, work: Promise<T>) {
    let low = { user: Infinity, token: Infinity };
    let running = true;
    const watcher = (async () => {
      while (running) {
        const [u, k] = await Promise.all([userRow(t, userId), tokenRow(t, tokenId)]);
        low = { user: Math.min(low.user, u.quota), token: Math.min(low.token, k.remain_quota) };
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    try {
      return { result: await work, low: () => low };
    } finally {
      running = false;
      await watcher;
    }
  }

  it('serves exactly 100 of 200 concurrent calls on a token funded for 100, and every ledger agrees', async () => {
    const channel = await addChannel(t, { name: 'conc', base_url: up.url, models: 'fixed-model' });
    const uid = await addUser(t, 'grace', { quota: 150_000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 100 * PER_CALL });
    const client = new OpenAI({ apiKey: tok.sk, baseURL: base, maxRetries: 0 });
    const calls = Promise.allSettled(
      Array.from({ length: 200 }, () => client.chat.completions.create({ model: 'fixed-model', messages: [{ role: 'user', content: 'hi' }] })),
    );
    const { result, low } = await watchBalances(uid, tok.id, calls);
    const served = result.filter((r) => r.status === 'fulfilled');
    const refused = result.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(served).toHaveLength(100);
    for (const r of refused) {
      const e = r.reason as InstanceType<typeof OpenAI.APIError>;
      expect([[403, 'pre_consume_token_quota_failed'], [401, 'token_exhausted']]).toContainEqual([e.status, e.code]);
    }
    expect(low().token).toBeGreaterThanOrEqual(0);
    expect(low().user).toBeGreaterThanOrEqual(0);

    const logs = (await logsOf(t, { user_id: uid, type: 2 }));
    const user = await userRow(t, uid);
    const token = await tokenRow(t, tok.id);
    expect(logs).toHaveLength(100);
    expect(logs.every((l) => l.quota === PER_CALL)).toBe(true);
    const logged = logs.reduce((s, l) => s + l.quota, 0);
    expect(logged).toBe(100 * PER_CALL);
    expect(user).toEqual({ quota: 50_000, used_quota: logged, request_count: 100 });
    expect(token).toEqual({ remain_quota: 0, used_quota: logged, status: 4 });
    expect((await channelRow(t, channel)).used_quota).toBe(logged);
  });

  it('keeps a ratio-priced user balance whole under 200 concurrent calls of varying cost', async () => {
    const channel = await addChannel(t, { name: 'conc-ratio', base_url: up.url, models: 'ratio-model' });
    const start = 3_000;
    const uid = await addUser(t, 'heidi', { quota: start });
    const tok = await addToken(t, uid, { unlimited_quota: true });
    const client = new OpenAI({ apiKey: tok.sk, baseURL: base, maxRetries: 0 });
    const calls = Promise.allSettled(
      Array.from({ length: 200 }, () => client.chat.completions.create({ model: 'ratio-model', messages: [{ role: 'user', content: 'hi' }], max_tokens: 40 })),
    );
    const { result, low } = await watchBalances(uid, tok.id, calls);
    const served = result.filter((r) => r.status === 'fulfilled').length;
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThan(200);
    expect(low().user).toBeGreaterThanOrEqual(0);
    const logs = await logsOf(t, { user_id: uid, type: 2 });
    const logged = logs.reduce((s, l) => s + l.quota, 0);
    const user = await userRow(t, uid);
    expect(logs).toHaveLength(served);
    expect(user.quota).toBeGreaterThanOrEqual(0);
    expect(start - user.quota).toBe(logged);
    expect(user.used_quota).toBe(logged);
    expect(user.request_count).toBe(served);
    expect((await channelRow(t, channel)).used_quota).toBe(logged);
    expect((await tokenRow(t, tok.id)).used_quota).toBe(logged);
  });
});
