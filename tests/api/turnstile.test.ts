// The human check on sign-in, registration, e-mail codes and reset links, verified against a local stand-in for
// Cloudflare's siteverify (config turnstile.verify_url): pass, fail, missing, reused, unreachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';
import { startFakeTurnstile, type FakeTurnstile } from '../helpers/turnstile.js';
import { freePort } from '../helpers/gateway-process.js';

describe('Turnstile', () => {
  let t: TestApp;
  let fake: FakeTurnstile;
  let root: { username: string; password: string };
  beforeAll(async () => {
    fake = await startFakeTurnstile('ts-secret');
    t = await createTestApp({ overrides: { 'rate_limit.critical_count': 0, 'turnstile.verify_url': fake.url } });
    root = await setupRoot(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('is not asked for while off', async () => {
    expect((await new Browser(t.app).login(root.username, root.password)).body.success).toBe(true);
    expect(fake.calls).toHaveLength(0);
  });

  describe('when on', () => {
    beforeAll(() => t.services.options.set({ TurnstileCheckEnabled: 'true', TurnstileSiteKey: 'site-key', TurnstileSecretKey: 'ts-secret' }));

    it('refuses sign-in without a token, and with a bad one (zh and en)', async () => {
      const b = new Browser(t.app);
      expect((await b.call('POST', '/api/user/login', root)).body).toEqual({ success: false, message: 'Turnstile token 为空，请稍后几秒重试' });
      b.lang = 'en';
      expect((await b.call('POST', '/api/user/login?turnstile=', root)).body.message).toBe('The Turnstile token is missing; retry in a few seconds');
      expect((await b.call('POST', '/api/user/login?turnstile=bad-token', root)).body).toEqual({
        success: false, message: 'The Turnstile check failed, please refresh and retry',
      });
      b.lang = undefined;
      expect((await b.call('POST', '/api/user/login?turnstile=bad-token', root)).body.message).toBe('Turnstile 校验失败，请刷新重试！');
      expect(b.cookie).toBe('');
    });

    it('signs in with a good token, sending the secret and the client IP; the token works once', async () => {
      fake.good.add('good-1');
      const b = new Browser(t.app);
      const r = await b.call('POST', '/api/user/login?turnstile=good-1', root);
      expect(r.body.success).toBe(true);
      expect(fake.calls.at(-1)).toEqual({ secret: 'ts-secret', response: 'good-1', remoteip: '127.0.0.1' });
      expect((await b.call('POST', '/api/user/login?turnstile=good-1', root)).body.success).toBe(false);
    });

    it('guards registration, e-mail codes and reset links too; the check comes before anything else is looked at', async () => {
      const b = new Browser(t.app);
      b.lang = 'en';
      const missing = 'The Turnstile token is missing; retry in a few seconds';
      expect((await b.call('POST', '/api/user/register', { username: 'tina', password: 'password-1' })).body.message).toBe(missing);
      expect((await b.call('GET', '/api/verification?email=tina%40example.com')).body.message).toBe(missing);
      expect((await b.call('GET', '/api/reset_password?email=tina%40example.com')).body.message).toBe(missing);
      fake.good.add('good-2');
      expect((await b.call('POST', '/api/user/register?turnstile=good-2', { username: 'tina', password: 'password-1' })).body).toEqual({
        success: true, message: 'Registration succeeded',
      });
      fake.good.add('good-3');
      // past the check, the next rule answers (no SMTP here)
      expect((await b.call('GET', '/api/verification?email=tom%40example.com&turnstile=good-3')).body.message).toBe(
        'The SMTP server is not configured, so no e-mail can be sent; contact the administrator',
      );
    });

    it('fails closed when the verify endpoint cannot be reached', async () => {
      const down = await createTestApp({ overrides: { 'rate_limit.critical_count': 0, 'turnstile.verify_url': `http://127.0.0.1:${await freePort()}/siteverify` } });
      try {
        await down.services.options.set({ TurnstileCheckEnabled: 'true', TurnstileSecretKey: 'x' });
        const r = await new Browser(down.app).call('POST', '/api/user/register?turnstile=anything', { username: 'uma', password: 'password-1' });
        expect(r.body).toEqual({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
      } finally {
        await down.close();
      }
    });
  });
});
