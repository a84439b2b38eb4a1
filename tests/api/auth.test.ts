import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';

describe('sign-in, sessions and the auth rules of /api', () => {
  let t: TestApp;
  let root: { username: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    root = await setupRoot(t.app);
    await t.services.em.fork().insert(UserEntity, {
      username: 'alice', password: await hashPassword('alice-pass-1'), email: 'alice@example.com', role: 1, status: 1,
      access_token: 'alice-access-token-0123456789', created_at: 1,
    });
  });
  afterAll(() => t.close());

  it('asks for both fields', async () => {
    const b = new Browser(t.app);
    b.lang = 'en';
    expect((await b.call('POST', '/api/user/login', { username: '', password: '' })).body).toEqual({
      success: false, message: 'Please enter username and password',
    });
  });

  it('gives one message for a wrong password and an unknown user (in Chinese by default)', async () => {
    const b = new Browser(t.app);
    const wrong = await b.call('POST', '/api/user/login', { username: root.username, password: 'nope-nope' });
    const unknown = await b.call('POST', '/api/user/login', { username: 'ghost', password: 'nope-nope' });
    expect(wrong.body).toEqual({ success: false, message: '用户名或密码错误，或用户已被封禁' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('signs in with the username or the e-mail; the cookie is signed, httpOnly and SameSite', async () => {
    const b = new Browser(t.app);
    const r = await b.login(root.username, root.password);
    expect(r.body.success).toBe(true);
    expect(Object.keys(r.body.data).sort()).toEqual(['display_name', 'group', 'id', 'role', 'status', 'username']);
    const cookie = String(r.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/session=[^.;]+\.[^;]+/); // value.signature
    const byEmail = await new Browser(t.app).login('alice@example.com', 'alice-pass-1');
    expect(byEmail.body.data.username).toBe('alice');
  });

  it('GET /api/user/self needs the session and the matching New-Api-User header', async () => {
    const b = new Browser(t.app);
    b.lang = 'en';
    await b.login(root.username, root.password);
    const self = await b.call('GET', '/api/user/self');
    expect(self.status).toBe(200);
    expect(self.body.data).toMatchObject({ username: root.username, role: 100 });
    for (const secret of ['password', 'access_token', 'auth_version']) expect(self.body.data).not.toHaveProperty(secret);

    const noHeader = await b.call('GET', '/api/user/self', undefined, { 'new-api-user': '' });
    expect(noHeader.status).toBe(401);
    const other = await b.call('GET', '/api/user/self', undefined, { 'new-api-user': String(b.userId! + 1) });
    expect(other.status).toBe(401);
    expect(other.body.message).toMatch(/does not match/);
    const anon = await new Browser(t.app).call('GET', '/api/user/self');
    expect(anon.status).toBe(401);
  });

  it('refuses a tampered cookie', async () => {
    const b = new Browser(t.app);
    await b.login(root.username, root.password);
    b.cookie = b.cookie.replace(/session=([^.]+)/, 'session=forged');
    expect((await b.call('GET', '/api/user/self')).status).toBe(401);
  });

  it('rotates the session id at sign-in and logout ends it on the server', async () => {
    const b = new Browser(t.app);
    await b.login(root.username, root.password);
    const first = b.cookie;
    await b.login(root.username, root.password);
    expect(b.cookie).not.toBe(first);
    const stale = new Browser(t.app);
    stale.cookie = first;
    stale.userId = b.userId;
    expect((await stale.call('GET', '/api/user/self')).status).toBe(401);

    const kept = b.cookie;
    expect((await b.call('GET', '/api/user/logout')).body.success).toBe(true);
    const replay = new Browser(t.app);
    replay.cookie = kept;
    replay.userId = b.userId;
    expect((await replay.call('GET', '/api/user/self')).status).toBe(401);
  });

  it('accepts an access token in Authorization instead of a session', async () => {
    const b = new Browser(t.app);
    const alice = await t.services.em.fork().findOneOrFail(UserEntity, { username: 'alice' });
    b.userId = alice.id;
    const r = await b.call('GET', '/api/user/self', undefined, { authorization: 'Bearer alice-access-token-0123456789' });
    expect(r.body.data.username).toBe('alice');
    expect((await b.call('GET', '/api/user/self', undefined, { authorization: 'Bearer wrong' })).status).toBe(401);
  });

  it('a disabled user is refused at once, and a role change ends old sessions', async () => {
    const b = new Browser(t.app);
    b.lang = 'en';
    await b.login('alice', 'alice-pass-1');
    const em = t.services.em.fork();
    await em.nativeUpdate(UserEntity, { username: 'alice' }, { status: 2 });
    expect((await b.call('GET', '/api/user/self')).body).toEqual({ success: false, message: 'The user is banned' });
    expect((await new Browser(t.app).login('alice', 'alice-pass-1')).body.success).toBe(false);
    await em.nativeUpdate(UserEntity, { username: 'alice' }, { status: 1 });
    expect((await b.call('GET', '/api/user/self')).body.success).toBe(true);
    await em.nativeUpdate(UserEntity, { username: 'alice' }, { auth_version: 1 });
    expect((await b.call('GET', '/api/user/self')).status).toBe(401);
  });

  it('refuses password sign-in when the administrator turned it off', async () => {
    await t.services.options.set({ PasswordLoginEnabled: 'false' });
    const b = new Browser(t.app);
    b.lang = 'en';
    expect((await b.login(root.username, root.password)).body.message).toMatch(/turned off password sign-in/);
    await t.services.options.set({ PasswordLoginEnabled: 'true' });
  });

  it('answers every /api call with no-store and a request id', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-oneapi-request-id']).toBeTruthy();
  });
});

describe('rate limit on sign-in', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ overrides: { 'rate_limit.critical_count': 3 } })));
  afterAll(() => t.close());

  it('answers 429 after the critical limit, per IP', async () => {
    const b = new Browser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await b.call('POST', '/api/user/login', { username: 'x', password: 'yyyyyyyy' })).status);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const r = await b.call('POST', '/api/user/login', { username: 'x', password: 'y' }, { 'accept-language': 'en' });
    expect(r.body).toEqual({ success: false, message: 'Too many requests, try later' });
    // other calls are not blocked by the sign-in limit
    expect((await b.call('GET', '/api/status')).status).toBe(200);
  });
});

describe('rate limit on sign-in with Redis configured', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) apps.push(await createTestApp({ overrides: { 'rate_limit.critical_count': 3, 'redis.url': 'redis://127.0.0.1:6379' } }));
  });
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('is counted once across two instances', async () => {
    // A fresh address each run, so counts left in Redis by an earlier run do not matter.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const login = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'x', password: 'yyyyyyyy' }, remoteAddress: ip }).then((r) => r.statusCode);
    const codes = [await login(apps[0]), await login(apps[1]), await login(apps[0]), await login(apps[1])];
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(apps[0].services.redis).toBeDefined();
  });
});

describe('unknown paths', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('answer a JSON 404 under /api and an OpenAI-shaped one under /v1, without asking for a login', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, message: 'Invalid URL (GET /api/nope)' });
    const v1 = await t.app.inject({ method: 'POST', url: '/v1/nope' });
    expect(v1.statusCode).toBe(404);
    expect(v1.json().error).toMatchObject({ message: 'Invalid URL (POST /v1/nope)', type: 'invalid_request_error' });
  });
});

describe('secure by default', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('an /api route that names no role needs a signed-in user', async () => {
    const { buildServer } = await import('../../daemon/app/server.js');
    const app = await buildServer(t.services, {
      logger: false,
      plugins: [async (a) => a.get('/api/test/secret', async () => ({ success: true, message: '', data: 'secret' }))],
    });
    const r = await app.inject({ method: 'GET', url: '/api/test/secret' });
    expect(r.statusCode).toBe(401);
    await app.close();
  });
});

describe('CORS for sites that embed the console', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ overrides: { 'console.embed_origins': 'https://portal.example.com' } })));
  afterAll(() => t.close());

  it('answers the configured origin with credentials, and nobody else', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS', url: '/api/user/self',
      headers: { origin: 'https://portal.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'new-api-user' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(String(pre.headers['access-control-allow-headers'])).toContain('New-Api-User');
    const get = await t.app.inject({ method: 'GET', url: '/api/status', headers: { origin: 'https://portal.example.com' } });
    expect(get.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    const evil = await t.app.inject({ method: 'GET', url: '/api/status', headers: { origin: 'https://evil.example.com' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('per-route roles', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof import('../../daemon/app/server.js').buildServer>>;
  beforeAll(async () => {
    t = await createTestApp();
    await setupRoot(t.app);
    const em = t.services.em.fork();
    for (const [username, role] of [['plain', 1], ['agent1', 10]] as const)
      await em.insert(UserEntity, { username, password: await hashPassword('pass-word-1'), role, status: 1, created_at: 1 });
    const { buildServer } = await import('../../daemon/app/server.js');
    app = await buildServer(t.services, {
      logger: false,
      plugins: [async (a) => {
        a.get('/api/test/agent', { config: { auth: 'agent' } }, async () => ({ success: true, message: '', data: 'agent area' }));
        a.get('/api/test/admin', { config: { auth: 'admin' } }, async () => ({ success: true, message: '', data: 'admin area' }));
      }],
    });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it.each([
    ['plain', '/api/test/agent', false],
    ['plain', '/api/test/admin', false],
    ['agent1', '/api/test/agent', true],
    ['agent1', '/api/test/admin', false],
    ['admin', '/api/test/agent', true],
    ['admin', '/api/test/admin', true],
  ] as const)('%s on %s: allowed=%s', async (username, url, allowed) => {
    const b = new Browser(app);
    b.lang = 'en';
    const login = await b.login(username, username === 'admin' ? 'correct-horse-1' : 'pass-word-1');
    expect(login.body.success).toBe(true);
    const r = await b.call('GET', url);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(allowed);
    if (!allowed) expect(r.body.message).toBe('No permission: insufficient role');
  });
});

describe('routes outside /api', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('look nobody up unless the route asks (no database work on the relay path)', async () => {
    const { buildServer } = await import('../../daemon/app/server.js');
    let lookups = 0;
    const users = t.services.users;
    const original = users.findByAccessToken.bind(users);
    users.findByAccessToken = async (token: string) => {
      lookups++;
      return original(token);
    };
    const app = await buildServer(t.services, {
      logger: false,
      plugins: [async (a) => a.get('/v9/echo', async (req) => ({ actor: req.actor }))],
    });
    const r = await app.inject({ method: 'GET', url: '/v9/echo', headers: { authorization: 'Bearer sk-something' } });
    expect(r.json()).toEqual({ actor: null });
    expect(lookups).toBe(0);
    await app.inject({ method: 'GET', url: '/api/user/self', headers: { authorization: 'Bearer x' } });
    expect(lookups).toBe(1);
    users.findByAccessToken = original;
    await app.close();
  });
});
