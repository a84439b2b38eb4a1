// The gateway never uses AsyncLocalStorage: on Node 20 the first AsyncLocalStorage.run() installs promise hooks for
// the life of the process, and every promise of every relayed call pays for them (db/transaction.ts). Setup, admin
// writes in transactions, a relayed call with its billing write-back must all leave it untouched.
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setupRoot, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, userRow } from '../helpers/relay.js';
import { systemActor } from '../../daemon/app/actor.js';

const calls: string[] = [];
const proto = AsyncLocalStorage.prototype as unknown as Record<'run' | 'enterWith', (...a: unknown[]) => unknown>;
const original = { run: proto.run, enterWith: proto.enterWith };
for (const name of ['run', 'enterWith'] as const) {
  proto[name] = function (this: unknown, ...args: unknown[]) {
    const stack = new Error().stack ?? '';
    // only the product's own calls (the test runner may use async context itself)
    if (/\/(daemon|@mikro-orm|fastify|undici|knex)\//.test(stack)) calls.push(`${name}\n${stack}`);
    return original[name].apply(this, args);
  };
}

describe('no AsyncLocalStorage', () => {
  let t: TestApp;
  let up: MockUpstream;

  beforeAll(async () => {
    t = await createTestApp();
    up = await startUpstream();
  });
  afterAll(async () => {
    Object.assign(proto, original);
    await up?.close();
    await t?.close();
  });

  it('setup, admin writes and a billed relay call never enter an async context', async () => {
    await setupRoot(t.app);
    const base = await listen(t);
    const channelId = await addChannel(t, { name: 'main', base_url: up.url, models: 'gpt-4o-mini' });
    await t.services.channels.update(systemActor, { id: channelId, name: 'renamed' });
    const uid = await addUser(t, 'ctx-user', { quota: 1_000_000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 100_000 });
    const r = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.sk}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const after = await userRow(t, uid); // flushes the usage writer: logs and balances in one transaction
    expect(after.request_count).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/log/?p=1&page_size=10' });
    expect(list.statusCode).toBeLessThan(500);
    expect(calls).toEqual([]);
  });
});
