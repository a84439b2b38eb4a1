import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('GET/POST /api/setup', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const post = (payload: object, lang?: string) =>
    t.app.inject({ method: 'POST', url: '/api/setup', payload, headers: lang ? { 'accept-language': lang } : {} });

  it('reports a fresh database as not set up, with its type', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/setup' });
    expect(r.json()).toEqual({
      success: true,
      message: '',
      data: { status: false, root_init: false, database_type: t.db.kind === 'sqlite' ? 'sqlite' : 'postgres' },
    });
  });

  it.each([
    [{ username: '', password: 'longenough', confirmPassword: 'longenough' }, 'en', 'Please enter admin username'],
    [{ username: 'admin', password: 'short', confirmPassword: 'short' }, 'en', 'Password length at least 8 characters'],
    [{ username: 'admin', password: 'longenough', confirmPassword: 'different' }, 'en', 'The two passwords do not match'],
    [{ username: 'admin', password: 'longenough', confirmPassword: 'different' }, undefined, '两次输入的密码不一致'],
    [{ username: 'a-very-long-username', password: 'longenough', confirmPassword: 'longenough' }, 'en', 'at most 12'],
    [{ username: 'admin', password: 'longenough', confirmPassword: 'longenough', SelfUseModeEnabled: true, DemoSiteEnabled: true }, 'en', 'cannot both be on'],
  ])('refuses bad input %# with a clear message in the request language', async (payload, lang, message) => {
    const r = await post(payload, lang);
    expect(r.statusCode).toBe(400);
    expect(r.json().success).toBe(false);
    expect(r.json().message).toContain(message);
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json().data.status).toBe(false);
  });

  it('creates the root administrator and records the usage mode, once', async () => {
    const r = await post({ username: 'admin', password: 'longenough', confirmPassword: 'longenough', SelfUseModeEnabled: true }, 'en');
    expect(r.json()).toMatchObject({ success: true });
    const root = await t.services.em.fork().findOneOrFail(UserEntity, { username: 'admin' });
    expect(root).toMatchObject({ role: 100, status: 1, quota: 100_000_000, display_name: 'Root User' });
    expect(root.password).not.toContain('longenough');
    expect(root.password.startsWith('$argon2')).toBe(true);
    expect(t.services.options.get('SelfUseModeEnabled')).toBe('true');
    expect(t.services.options.get('DemoSiteEnabled')).toBe('false');
    const s = (await t.app.inject({ method: 'GET', url: '/api/setup' })).json().data;
    expect(s).toMatchObject({ status: true, root_init: true });
    const status = (await t.app.inject({ method: 'GET', url: '/api/status' })).json().data;
    expect(status).toMatchObject({ setup: true, self_use_mode_enabled: true });

    const again = await post({ username: 'other', password: 'longenough', confirmPassword: 'longenough' }, 'en');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The system has already been initialised');
    expect(await t.services.em.fork().count(UserEntity, {})).toBe(1);
  });
});

describe('concurrent setup', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('creates exactly one root when several wizards submit at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/setup', payload: { username: `root${i}`, password: 'longenough', confirmPassword: 'longenough' } }),
      ),
    );
    expect(results.filter((r) => r.json().success).length).toBe(1);
    expect(await t.services.em.fork().count(UserEntity, {})).toBe(1);
  });
});
