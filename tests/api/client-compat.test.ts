// What real clients of new-api's API send (issue 19, class 10): blank filters mean "no filter", routes answer with
// and without the trailing slash (and keep their limits either way), and an anonymous call is 401 before any
// parameter is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';

describe('what real clients send', () => {
  let t: TestApp;
  let admin: Browser;
  let user: Browser;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'rate_limit.critical_count': 3 } });
    const root = await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    expect((await admin.login(root.username, root.password)).body.success).toBe(true);
    await insertUser(t, 'plain_user');
    user = await signInUser(t, 'plain_user');
  });
  afterAll(() => t?.close());

  it('treats blank query values as absent filters', async () => {
    const all = await admin.call('GET', '/api/log/?p=1&page_size=10');
    const blank = await admin.call('GET', '/api/log/?p=1&page_size=10&channel=&user_id=&type=&username=&start_timestamp=');
    expect(blank.status).toBe(200);
    expect(blank.body.success, blank.body.message).toBe(true);
    expect(blank.body.data).toEqual(all.body.data);
    expect((await user.call('GET', '/api/token/?p=&size=')).body.success).toBe(true);
    // a value that is there and wrong is still refused
    expect((await admin.call('GET', '/api/log/?channel=abc')).status).toBe(400);
  });

  it('answers every route with and without the trailing slash', async () => {
    for (const path of ['/api/user/self', '/api/user/self/', '/api/token', '/api/token/', '/api/status/', '/api/log/self/']) {
      const r = await user.call('GET', path);
      expect(r.status, path).toBe(200);
      expect(r.body.success, path).toBe(true);
    }
    const made = await user.call('POST', '/api/token', { name: 'slashless', remain_quota: 0, expired_time: -1, unlimited_quota: true });
    expect(made.body.success, made.body.message).toBe(true);
    const [token] = (await user.call('GET', '/api/token/?p=0&size=10')).body.data as Array<{ id: number }>;
    expect((await user.call('DELETE', `/api/token/${token.id}`)).body.success).toBe(true);
  });

  it("keeps a route's limit whichever way its path is spelled", async () => {
    const codes: number[] = [];
    for (const url of ['/api/user/login', '/api/user/login/', '/api/user/login', '/api/user/login/']) {
      const r = await t.app.inject({ method: 'POST', url, payload: { username: 'nobody', password: 'wrong-password' }, remoteAddress: '10.9.8.7' });
      codes.push(r.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('answers an anonymous call 401 before looking at its parameters; an unknown /api path 404', async () => {
    const anon = new Browser(t.app);
    for (const path of ['/api/log/self?p=abc', '/api/token/?size=-5', '/api/user/self?x=1']) expect((await anon.call('GET', path)).status, path).toBe(401);
    expect((await anon.call('DELETE', '/api/token/not-a-number')).status).toBe(401);
    expect((await anon.call('GET', '/api/no/such/route')).status).toBe(404);
  });
});
