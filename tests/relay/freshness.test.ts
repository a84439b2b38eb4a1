// An admin's edit applies to the very next relay call handled by the same instance, without waiting for the
// cache poll: the write refreshes the caches after its commit and the relay waits for that refresh.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../daemon/app/actor.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, setPrices } from '../helpers/relay.js';

const GOOD = 'sk-good-upstream-key-0000000000';

describe('relay: local writes apply at once', () => {
  let t: TestApp;
  let up: MockUpstream;
  let client: OpenAI;

  beforeAll(async () => {
    // a poll interval far longer than the test: only the write-triggered refresh can explain fresh answers
    t = await createTestApp({ overrides: { 'cache.sync_interval_ms': 600_000 } });
    up = await startUpstream({ keys: [GOOD] });
    await setPrices(t, { ratio: { 'fresh-model': 1 }, completion: { 'fresh-model': 1 } });
    const uid = await addUser(t, undefined, { quota: 10_000_000 });
    const token = await addToken(t, uid);
    client = new OpenAI({ apiKey: token.sk, baseURL: await listen(t), maxRetries: 0 });
  });
  afterAll(async () => {
    await up?.close();
    await t.close();
  });

  const ask = () => client.chat.completions.create({ model: 'fresh-model', messages: [{ role: 'user', content: 'hi' }] });

  it('uses a channel key the moment an admin changes it', async () => {
    const id = await addChannel(t, { name: 'c', base_url: up.url, key: GOOD, models: 'fresh-model' });
    await expect(ask()).resolves.toBeTruthy();
    await t.services.channels.update(systemActor, { id, key: 'sk-revoked-key-11111111111111' });
    await expect(ask()).rejects.toThrow();
    await t.services.channels.update(systemActor, { id, key: GOOD });
    await expect(ask()).resolves.toBeTruthy();
  });

  it('stops routing to a channel the moment it is disabled', async () => {
    const model = 'fresh-model';
    const [ch] = await t.services.channels.search(systemActor, { keyword: 'c' });
    await t.services.channels.update(systemActor, { id: ch.id, status: 2 });
    const err = await ask().catch((e: InstanceType<typeof OpenAI.APIError>) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(503);
    expect(String((err as Error).message)).toContain(model);
  });
});
