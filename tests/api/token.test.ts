import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { TokenEntity } from '../../daemon/modules/token/token.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';

describe('API tokens: /api/token', () => {
  let t: TestApp;
  let now = 1_900_000_000;
  let root: { username: string; password: string };
  let alice: Browser;
  let bob: Browser;
  let admin: Browser;

  const addUser = async (username: string) =>
    t.services.em.fork().insert(UserEntity, { username, password: await hashPassword(`${username}-pass-1`), role: 1, status: 1, created_at: 1 });
  const signIn = async (username: string, password: string) => {
    const b = new Browser(t.app);
    b.lang = 'en';
    expect((await b.login(username, password)).body.success).toBe(true);
    return b;
  };
  const create = (b: Browser, body: Record<string, unknown>) => b.call('POST', '/api/token/', body);
  const createOne = async (b: Browser, body: Record<string, unknown>) => {
    const r = await create(b, body);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.data[0];
  };
  const stored = (id: number) => t.services.em.fork().findOneOrFail(TokenEntity, { id });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    root = await setupRoot(t.app);
    await addUser('alice');
    await addUser('bob');
    alice = await signIn('alice', 'alice-pass-1');
    bob = await signIn('bob', 'bob-pass-1');
    admin = await signIn(root.username, root.password);
  });
  afterAll(() => t.close());

  it('needs a signed-in user', async () => {
    const anon = new Browser(t.app);
    for (const [method, url] of [['GET', '/api/token/'], ['GET', '/api/token/search?keyword=a'], ['GET', '/api/token/1'], ['POST', '/api/token/'], ['PUT', '/api/token/'], ['DELETE', '/api/token/1']] as const) {
      const r = await anon.call(method, url, method === 'POST' || method === 'PUT' ? { name: 'x', id: 1 } : undefined);
      expect(r.status, `${method} ${url}`).toBe(401);
      expect(r.body.success).toBe(false);
    }
  });

  it('creates a token with the defaults: a 48-character key shown with sk-, $1 of quota, never expiring', async () => {
    const before = (await t.services.epochs.read()).get('tokens') ?? 0;
    const r = await create(alice, { name: '  first  ' });
    expect(r.body.success).toBe(true);
    expect(r.body.data).toHaveLength(1);
    const tok = r.body.data[0];
    expect(tok).toMatchObject({
      name: 'first', status: 1, remain_quota: 500000, used_quota: 0, unlimited_quota: false, expired_time: -1,
      model_limits_enabled: false, model_limits: '', allow_ips: '', group: '', mj_proxy: '', mj_model: '', mj_proxy_url: '',
      created_time: now,
    });
    expect(tok.key).toMatch(/^sk-[0-9A-Za-z]{48}$/);
    expect((await stored(tok.id)).key).toBe(tok.key.slice(3)); // stored without the prefix
    expect((await t.services.epochs.read()).get('tokens')).toBe(before + 1);
  });

  it('stores every field of the form', async () => {
    const tok = await createOne(alice, {
      name: 'full', remain_quota: 1234, unlimited_quota: true, expired_time: now + 3600, model_limits_enabled: true,
      model_limits: 'gpt-4o, claude-3-haiku ,gpt-4o', allow_ips: '1.2.3.4\n\n10.0.0.0/8\r\n::1', group: 'vip',
      mj_proxy: 'proxy-a', mj_model: 'fast', mj_proxy_url: 'https://mj.example.com',
    });
    expect(tok).toMatchObject({
      name: 'full', remain_quota: 1234, unlimited_quota: true, expired_time: now + 3600, model_limits_enabled: true,
      model_limits: 'gpt-4o,claude-3-haiku', allow_ips: '1.2.3.4\n10.0.0.0/8\n::1', group: 'vip', mj_proxy: 'proxy-a',
      mj_model: 'fast', mj_proxy_url: 'https://mj.example.com',
    });
    expect((await alice.call('GET', `/api/token/${tok.id}`)).body.data).toEqual(tok);
  });

  it('refuses bad fields with a readable message each', async () => {
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ name: '' }, 'Please enter a token name'],
      [{ name: '   ' }, 'Please enter a token name'],
      [{ name: 'x'.repeat(31) }, 'The token name is too long (at most 30 characters)'],
      [{ name: 'a', expired_time: now - 1 }, 'Expiry time format error'],
      [{ name: 'a', expired_time: now }, 'Expiry time format error'],
      [{ name: 'a', expired_time: 0 }, 'Expiry time format error'],
      [{ name: 'a', expired_time: -2 }, 'Expiry time format error'],
      [{ name: 'a', remain_quota: -1 }, 'The remaining quota must be a whole number of at least 0'],
      [{ name: 'a', count: 0 }, 'The count must be a whole number from 1 to 100'],
      [{ name: 'a', count: 101 }, 'The count must be a whole number from 1 to 100'],
      [{ name: 'a', model_limits: 'm'.repeat(1025) }, 'The model limit list is too long (at most 1024 characters)'],
      [{ name: 'a', allow_ips: '1.2.3.4\n300.1.1.1' }, 'Line 2 of the allowed IPs is not a valid IP address or CIDR range: 300.1.1.1'],
      [{ name: 'a', allow_ips: '10.0.0.0/33' }, 'Line 1 of the allowed IPs is not a valid IP address or CIDR range: 10.0.0.0/33'],
      [{ name: 'a', group: 'gold' }, 'The group gold does not exist or may not be used'],
      [{ name: 'a', mj_model: 'slow' }, 'The drawing mode must be mr, relax, fast, turbo or empty'],
      [{ name: 'a', mj_proxy_url: 'http://mj.example.com' }, 'The drawing proxy URL must be an https URL'],
      [{ name: 'a', mj_proxy_url: 'not a url' }, 'The drawing proxy URL must be an https URL'],
      [{ name: 'a', mj_proxy: 'p'.repeat(65) }, 'The drawing proxy is too long (at most 64 characters)'],
    ];
    for (const [body, message] of cases) {
      const r = await create(bob, body);
      expect(r.body, JSON.stringify(body).slice(0, 80)).toEqual({ success: false, message });
    }
    const zh = new Browser(t.app);
    Object.assign(zh, { cookie: bob.cookie, userId: bob.userId });
    expect((await create(zh, { name: 'a', expired_time: 5 })).body.message).toBe('过期时间格式错误');
    expect((await bob.call('GET', '/api/token/')).body.data).toEqual([]); // nothing was created
  });

  it('accepts a group the user may use (UserUsableGroups) once GroupRatio prices it, and no other', async () => {
    await t.services.options.set({ GroupRatio: '{"default":1,"gold":2}', UserUsableGroups: '{"default":"d","vip":"v","gold":"g"}' });
    expect((await create(bob, { name: 'g', group: 'gold' })).body.data[0].group).toBe('gold');
    expect((await create(bob, { name: 'g', group: 'vip' })).body.message).toBe('The group vip does not exist or may not be used');
    await t.services.options.set({ GroupRatio: '{"default":1,"vip":1,"svip":1}', UserUsableGroups: '{"default":"默认分组","vip":"vip分组"}' });
    // priced, but not one the user may use (the relay would refuse it): refused here already
    expect((await create(bob, { name: 'g', group: 'svip' })).body.message).toBe('The group svip does not exist or may not be used');
  });

  it('creates a batch: the 2nd and later names get "-" and 6 random characters', async () => {
    const r = await create(bob, { name: 'team', count: 5, remain_quota: 10 });
    expect(r.body.success).toBe(true);
    const names: string[] = r.body.data.map((x: { name: string }) => x.name);
    expect(names[0]).toBe('team');
    for (const n of names.slice(1)) expect(n).toMatch(/^team-[0-9A-Za-z]{6}$/);
    expect(new Set(names).size).toBe(5);
    expect(new Set(r.body.data.map((x: { key: string }) => x.key)).size).toBe(5);
    expect(r.body.data.every((x: { remain_quota: number }) => x.remain_quota === 10)).toBe(true);
    const hundred = await create(bob, { name: 'many', count: 100 });
    expect(hundred.body.data).toHaveLength(100);
  });

  it('lists own tokens newest first with a 0-based page and size (bare array)', async () => {
    const list = await bob.call('GET', '/api/token/?p=0&size=3');
    expect(Array.isArray(list.body.data)).toBe(true);
    expect(list.body.data).toHaveLength(3);
    const ids = list.body.data.map((x: { id: number }) => x.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const next = await bob.call('GET', '/api/token/?p=1&size=3');
    expect(next.body.data[0].id).toBeLessThan(ids[2]);
    expect((await bob.call('GET', '/api/token/')).body.data).toHaveLength(10); // default size
    expect((await bob.call('GET', '/api/token/?size=500')).body.data).toHaveLength(100); // at most 100
    expect((await bob.call('GET', '/api/token/?p=-4&size=0')).body.data).toHaveLength(10);
    expect((await bob.call('GET', '/api/token/?size=-3')).body.data).toHaveLength(10);
    expect((await bob.call('GET', '/api/token/?p=99')).body.data).toEqual([]);
  });

  it('never answers another user\'s token, key or id; admins too see only their own', async () => {
    const mine = await createOne(alice, { name: 'secret' });
    const aliceKeys = new Set<string>();
    for (let p = 0; ; p++) {
      const page = (await alice.call('GET', `/api/token/?p=${p}&size=100`)).body.data as Array<{ key: string; user_id: number }>;
      page.forEach((x) => aliceKeys.add(x.key));
      if (page.length < 100) break;
    }
    for (const b of [bob, admin]) {
      const seen: Array<{ key: string; user_id: number }> = [];
      for (let p = 0; ; p++) {
        const page = (await b.call('GET', `/api/token/?p=${p}&size=100`)).body.data;
        seen.push(...page);
        if (page.length < 100) break;
      }
      seen.push(...(await b.call('GET', `/api/token/search?token=${mine.key}`)).body.data);
      seen.push(...(await b.call('GET', '/api/token/search?keyword=secret')).body.data);
      expect(seen.filter((x) => aliceKeys.has(x.key))).toEqual([]);
      expect(new Set(seen.map((x) => x.user_id)).size).toBeLessThanOrEqual(1);
      const get = await b.call('GET', `/api/token/${mine.id}`);
      expect(get.body).toEqual({ success: false, message: 'Token not found' });
      expect((await b.call('PUT', '/api/token/', { id: mine.id, name: 'stolen' })).body).toEqual({ success: false, message: 'Token not found' });
      expect((await b.call('PUT', '/api/token/?status_only=true', { id: mine.id, status: 2 })).body).toEqual({ success: false, message: 'Token not found' });
      expect((await b.call('DELETE', `/api/token/${mine.id}`)).body).toEqual({ success: false, message: 'Token not found' });
      expect((await b.call('DELETE', `/api/token/${mine.id}/`)).body).toEqual({ success: false, message: 'Token not found' });
    }
    expect(await stored(mine.id)).toMatchObject({ name: 'secret', status: 1, deleted_at: null });
    expect((await admin.call('GET', '/api/token/')).body.data).toEqual([]);
    expect((await alice.call('GET', '/api/token/999999')).body.message).toBe('Token not found');
  });

  it('searches own tokens by name (any case, wildcards literal) and by a piece of the key', async () => {
    const a = await createOne(alice, { name: 'Search-Alpha' });
    const b = await createOne(alice, { name: 'search_beta' });
    await createOne(alice, { name: '100% real' });
    const names = async (q: string) => (await alice.call('GET', `/api/token/search?${q}`)).body.data.map((x: { name: string }) => x.name).sort();
    expect(await names('keyword=search')).toEqual(['Search-Alpha', 'search_beta']);
    expect(await names('keyword=ALPHA')).toEqual(['Search-Alpha']);
    expect(await names('keyword=%25')).toEqual(['100% real']); // '%' is literal
    expect(await names('keyword=h_b')).toEqual(['search_beta']); // '_' is literal, so 'h-a' would not match
    expect(await names('keyword=h_a')).toEqual([]);
    const piece = a.key.slice(10, 22);
    expect(await names(`token=${piece}`)).toEqual(['Search-Alpha']);
    expect(await names(`token=${a.key}`)).toEqual(['Search-Alpha']); // with sk-
    expect(await names(`token=${piece.toLowerCase() === piece ? piece.toUpperCase() : piece.toLowerCase()}`)).toEqual([]); // keys are case-sensitive
    expect(await names(`keyword=search&token=${b.key.slice(3, 20)}`)).toEqual(['search_beta']);
    expect((await alice.call('GET', '/api/token/search?keyword=search&size=1')).body.data).toHaveLength(1);
  });

  it('changes only the status with ?status_only=true', async () => {
    const tok = await createOne(alice, { name: 'switch' });
    const off = await alice.call('PUT', '/api/token/?status_only=true', { id: tok.id, status: 2, name: 'ignored', remain_quota: 1 });
    expect(off.body.data).toMatchObject({ status: 2, name: 'switch', remain_quota: 500000 });
    const on = await alice.call('PUT', '/api/token/?status_only=1', { id: tok.id, status: 1 });
    expect(on.body.data.status).toBe(1);
    for (const status of [3, 4, 0, 7]) {
      expect((await alice.call('PUT', '/api/token/?status_only=true', { id: tok.id, status })).body).toEqual({
        success: false, message: 'A token can only be enabled or disabled',
      });
    }
    expect((await alice.call('PUT', '/api/token/?status_only=true', { id: tok.id })).body.success).toBe(false);
  });

  it('marks expired and exhausted tokens on read, stores it, and refuses to enable them', async () => {
    const soon = await createOne(alice, { name: 'soon', expired_time: now + 60 });
    const small = await createOne(alice, { name: 'small', remain_quota: 5 });
    const unlimited = await createOne(alice, { name: 'unl', remain_quota: 0, unlimited_quota: true });
    await t.services.em.fork().nativeUpdate(TokenEntity, { id: { $in: [small.id, unlimited.id] } }, { remain_quota: 0 });
    const epoch = (await t.services.epochs.read()).get('tokens')!;
    now += 120;
    const list = (await alice.call('GET', '/api/token/?size=100')).body.data as Array<{ id: number; status: number }>;
    const statusOf = (id: number) => list.find((x) => x.id === id)!.status;
    expect(statusOf(soon.id)).toBe(3);
    expect(statusOf(small.id)).toBe(4);
    expect(statusOf(unlimited.id)).toBe(1);
    expect((await stored(soon.id)).status).toBe(3);
    expect((await stored(small.id)).status).toBe(4);
    expect((await t.services.epochs.read()).get('tokens')).toBeGreaterThan(epoch);

    expect((await alice.call('PUT', '/api/token/?status_only=true', { id: soon.id, status: 1 })).body).toEqual({
      success: false, message: 'The token has expired and cannot be enabled: change its expiry time first, or set it to never expire',
    });
    expect((await alice.call('PUT', '/api/token/?status_only=true', { id: small.id, status: 1 })).body).toEqual({
      success: false, message: 'The token has used up its quota and cannot be enabled: raise its remaining quota first, or make it unlimited',
    });
    // disabling them is allowed; a token created with 0 limited quota starts exhausted
    expect((await alice.call('PUT', '/api/token/?status_only=true', { id: soon.id, status: 2 })).body.data.status).toBe(2);
    expect((await createOne(alice, { name: 'zero', remain_quota: 0 })).status).toBe(4);
    // the single-token read marks too
    const later = await createOne(alice, { name: 'later', expired_time: now + 10 });
    now += 20;
    expect((await alice.call('GET', `/api/token/${later.id}`)).body.data.status).toBe(3);
  });

  it('edits the fields sent, keeps the rest, ignores status, and re-enables a token whose cause is gone', async () => {
    const tok = await createOne(alice, { name: 'edit-me', expired_time: now + 30, model_limits: 'a' });
    const r = await alice.call('PUT', '/api/token/', { id: tok.id, name: 'edited', remain_quota: 42, status: 2, allow_ips: '8.8.8.8' });
    expect(r.body.data).toMatchObject({ name: 'edited', remain_quota: 42, status: 1, allow_ips: '8.8.8.8', model_limits: 'a', expired_time: now + 30, key: tok.key });
    now += 60; // now expired
    expect((await alice.call('GET', `/api/token/${tok.id}`)).body.data.status).toBe(3);
    // the console sends the stored (past) expiry back with an unrelated change: accepted, the token stays expired
    const rename = await alice.call('PUT', '/api/token/', { ...r.body.data, name: 'renamed' });
    expect(rename.body.data).toMatchObject({ name: 'renamed', status: 3 });
    expect((await alice.call('PUT', '/api/token/', { id: tok.id, expired_time: now - 5 })).body.message).toBe('Expiry time format error');
    const fixed = await alice.call('PUT', '/api/token/', { id: tok.id, expired_time: -1 });
    expect(fixed.body.data).toMatchObject({ status: 1, expired_time: -1 });
    const emptied = await alice.call('PUT', '/api/token/', { id: tok.id, remain_quota: 0 });
    expect(emptied.body.data.status).toBe(4);
    expect((await alice.call('PUT', '/api/token/', { id: tok.id, unlimited_quota: true })).body.data.status).toBe(1);
    expect((await alice.call('PUT', '/api/token/', { id: tok.id, name: '' })).body.message).toBe('Please enter a token name');
    expect((await alice.call('PUT', '/api/token/', { id: tok.id, allow_ips: 'x\ny' })).body.message).toMatch(/^Line 1 of the allowed IPs/);
    // a disabled token stays disabled through an edit
    await alice.call('PUT', '/api/token/?status_only=true', { id: tok.id, status: 2 });
    expect((await alice.call('PUT', '/api/token/', { id: tok.id, name: 'still-off' })).body.data.status).toBe(2);
  });

  it('soft-deletes own tokens, with or without the trailing slash', async () => {
    const a = await createOne(alice, { name: 'del-1' });
    const b = await createOne(alice, { name: 'del-2' });
    expect((await alice.call('DELETE', `/api/token/${a.id}`)).body).toEqual({ success: true, message: '' });
    expect((await alice.call('DELETE', `/api/token/${b.id}/`)).body.success).toBe(true);
    expect((await alice.call('DELETE', `/api/token/${a.id}`)).body).toEqual({ success: false, message: 'Token not found' });
    expect((await alice.call('GET', `/api/token/${a.id}`)).body.message).toBe('Token not found');
    expect((await alice.call('PUT', '/api/token/', { id: a.id, name: 'back' })).body.message).toBe('Token not found');
    const ids = (await alice.call('GET', '/api/token/?size=100')).body.data.map((x: { id: number }) => x.id);
    expect(ids).not.toContain(a.id);
    expect((await stored(a.id)).deleted_at).toBe(now);
    expect((await t.services.tokens.findActiveByKey(a.key)).ok).toBe(false);
  });

  it('findActiveByKey: strips sk-, splits a channel id, and says why a key is unusable', async () => {
    const tokens = t.services.tokens;
    const tok = await createOne(bob, { name: 'relay' });
    const bare = tok.key.slice(3);
    const found = await tokens.findActiveByKey(tok.key);
    expect(found).toMatchObject({ ok: true, channelId: null, token: { id: tok.id, user_id: bob.userId } });
    expect(await tokens.findActiveByKey(bare)).toMatchObject({ ok: true, channelId: null });
    expect(await tokens.findActiveByKey(`${tok.key}-7`)).toMatchObject({ ok: true, channelId: 7 });
    expect(await tokens.findActiveByKey(`${tok.key}-x`)).toEqual({ ok: false, reason: 'invalid', channelId: null });
    expect(await tokens.findActiveByKey(`sk-${'Z'.repeat(48)}`)).toEqual({ ok: false, reason: 'invalid', channelId: null });
    expect(await tokens.findActiveByKey('sk-short')).toEqual({ ok: false, reason: 'invalid', channelId: null });
    expect(await tokens.findActiveByKey('')).toEqual({ ok: false, reason: 'invalid', channelId: null });

    await bob.call('PUT', '/api/token/?status_only=true', { id: tok.id, status: 2 });
    expect(await tokens.findActiveByKey(`${tok.key}-3`)).toEqual({ ok: false, reason: 'disabled', channelId: 3 });
    await bob.call('PUT', '/api/token/?status_only=true', { id: tok.id, status: 1 });

    const expiring = await createOne(bob, { name: 'exp', expired_time: now + 5 });
    const spent = await createOne(bob, { name: 'spent', remain_quota: 1 });
    await t.services.em.fork().nativeUpdate(TokenEntity, { id: spent.id }, { remain_quota: 0 });
    now += 10;
    expect(await tokens.findActiveByKey(expiring.key)).toEqual({ ok: false, reason: 'expired', channelId: null });
    expect((await stored(expiring.id)).status).toBe(3); // stored on the way
    expect(await tokens.findActiveByKey(spent.key)).toEqual({ ok: false, reason: 'exhausted', channelId: null });
    expect((await stored(spent.id)).status).toBe(4);
  });
});
