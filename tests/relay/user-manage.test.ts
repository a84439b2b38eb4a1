// User management reaches the relay at once: disabling or deleting a user refuses their API keys on the very next
// call (the users cache epoch moves inside the manage transaction), enabling serves them again, and a group or
// quota change from the edit drawer applies to the next call too.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, setPrices, syncCaches } from '../helpers/relay.js';

describe('relay after user management', () => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;
  let admin: Browser;

  const chat = async (sk: string) => {
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sk}` },
      body: JSON.stringify({ model: 'm1', messages: [{ role: 'user', content: 'hi' }] }),
    });
    return { status: res.status, body: (await res.json()) as { error?: { message: string; code: string | null } } };
  };
  const manage = async (username: string, action: string) => {
    const r = await admin.call('POST', '/api/user/manage', { username, action });
    expect(r.body.success, r.body.message).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp();
    up = await startUpstream();
    base = await listen(t);
    await setPrices(t, { ratio: { m1: 1 }, completion: { m1: 1 }, group: { default: 1, vip: 1 } });
    await addChannel(t, { base_url: up.url, models: 'm1', group: 'default' });
    const root = await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    await admin.login(root.username, root.password);
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });
  beforeEach(() => up.reset());

  it('refuses a disabled user\'s key on the next call and serves it again once enabled', async () => {
    const id = await addUser(t, 'relay_dis', { quota: 1_000_000 });
    const { sk } = await addToken(t, id);
    await syncCaches(t);
    expect((await chat(sk)).status).toBe(200);
    await manage('relay_dis', 'disable');
    const refused = await chat(sk);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('user_banned');
    await manage('relay_dis', 'enable');
    expect((await chat(sk)).status).toBe(200);
  });

  it('refuses a deleted user\'s key on the next call', async () => {
    const id = await addUser(t, 'relay_del', { quota: 1_000_000 });
    const { sk } = await addToken(t, id);
    await syncCaches(t);
    expect((await chat(sk)).status).toBe(200);
    const calls = up.requests.length;
    await manage('relay_del', 'delete');
    const refused = await chat(sk);
    expect(refused.status).toBe(401);
    expect(up.requests.length).toBe(calls);
  });

  it('routes by the new group and spends the new quota on the next call after an edit', async () => {
    const id = await addUser(t, 'relay_edit', { quota: 0 });
    const { sk } = await addToken(t, id);
    await syncCaches(t);
    expect((await chat(sk)).status).toBe(403); // no quota yet
    expect((await admin.call('PUT', '/api/user/', { id, add_quota: 1_000_000 })).body.success).toBe(true);
    expect((await chat(sk)).status).toBe(200);
    expect((await admin.call('PUT', '/api/user/', { id, group: 'vip' })).body.success).toBe(true);
    const r = await chat(sk);
    expect(r.status).toBe(503);
    expect(r.body.error?.message).toContain('vip');
  });
});
