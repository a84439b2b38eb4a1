// POST /api/user/register: switches, field rules (zh and en), e-mail codes over real SMTP, affiliate gifts (also
// under concurrency), the per-IP registration limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { LogEntity } from '../../daemon/modules/log/log.entity.js';
import { LogType } from '../../daemon/contract/roles.js';
import { Browser, createTestApp, type TestApp } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';

const codeOf = (html: string) => /<strong>(\d{6})<\/strong>/.exec(html)?.[1] ?? '';

describe('registration', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const register = (body: Record<string, unknown>, lang?: string, ip?: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/register', payload: body, headers: lang ? { 'accept-language': lang } : {}, remoteAddress: ip })
      .then((r) => ({ status: r.statusCode, body: r.json() as { success: boolean; message: string; data?: unknown } }));
  const user = (username: string) => t.services.em.fork().findOne(UserEntity, { username });

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'rate_limit.critical_count': 0, 'rate_limit.register_count': 0 } });
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it.each([
    [{ username: '', password: 'password-1' }, '用户名和密码不能为空', 'Username and password cannot be empty'],
    [{ username: 'bob' }, '用户名和密码不能为空', 'Username and password cannot be empty'],
    [{ username: 'a-very-long-name', password: 'password-1' }, '用户名长度不能超过 12 个字符', 'The username may be at most 12 characters'],
    [{ username: 'bob@x.com', password: 'password-1' }, '用户名不能包含空格、控制字符或 @', 'The username may not contain spaces, control characters or @'],
    [{ username: 'bo b', password: 'password-1' }, '用户名不能包含空格、控制字符或 @', 'The username may not contain spaces, control characters or @'],
    [{ username: 'bob', password: 'short7!' }, '密码长度不得小于 8 位', 'Password must not be shorter than 8 characters'],
    [{ username: 'bob', password: 'x'.repeat(21) }, '密码长度不得超过 20 位', 'Password must not be longer than 20 characters'],
    [{ username: 'bob', password: 'password-1', password2: 'password-2' }, '两次输入的密码不一致', 'The two passwords differ'],
  ])('refuses %j', async (body, zh, en) => {
    expect((await register(body)).body).toEqual({ success: false, message: zh });
    expect((await register(body, 'en')).body).toEqual({ success: false, message: en });
    expect(await user('bob')).toBeNull();
  });

  it('registers with 8 and with 20 characters; the account gets a 4-character invite code and no e-mail', async () => {
    const r = await register({ username: 'alice', password: 'a'.repeat(8), password2: 'a'.repeat(8), email: 'ignored@example.com' }, 'en');
    expect(r.body).toEqual({ success: true, message: 'Registration succeeded' });
    expect((await register({ username: 'alice20', password: 'b'.repeat(20) })).body).toEqual({ success: true, message: '注册成功' });
    const alice = (await user('alice'))!;
    expect(alice).toMatchObject({ role: 1, status: 1, display_name: 'alice', email: '', quota: 0, inviter_id: 0, group: 'default' });
    expect(alice.aff_code).toMatch(/^[0-9a-zA-Z]{4}$/);
    expect(alice.password).toMatch(/^\$argon2/);
    const b = new Browser(t.app);
    expect((await b.login('alice', 'a'.repeat(8))).body.success).toBe(true);
  });

  it('refuses a taken username, also one of a deleted account', async () => {
    await t.services.em.fork().insert(UserEntity, { username: 'ghost', password: 'x', created_at: 1, deleted_at: 2 });
    expect((await register({ username: 'alice', password: 'password-1' }, 'en')).body).toEqual({ success: false, message: 'The username is taken or was deactivated' });
    expect((await register({ username: 'ghost', password: 'password-1' })).body).toEqual({ success: false, message: '用户名已存在，或已注销' });
  });

  it('lets exactly one of two simultaneous registrations of a name through', async () => {
    const results = await Promise.all([1, 2, 3].map(() => register({ username: 'twin', password: 'password-1' }, 'en')));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => !r.body.success).map((r) => r.body.message)).toEqual(Array(2).fill('The username is taken or was deactivated'));
    expect(await t.services.em.fork().count(UserEntity, { username: 'twin' })).toBe(1);
  });

  it('respects RegisterEnabled and PasswordRegisterEnabled with clear messages', async () => {
    await t.services.options.set({ RegisterEnabled: 'false' });
    expect((await register({ username: 'carl', password: 'password-1' })).body.message).toBe('管理员关闭了新用户注册');
    expect((await register({ username: 'carl', password: 'password-1' }, 'en')).body.message).toBe('The administrator has turned off new registrations');
    await t.services.options.set({ RegisterEnabled: 'true', PasswordRegisterEnabled: 'false' });
    expect((await register({ username: 'carl', password: 'password-1' }, 'en')).body.message).toBe(
      'The administrator has turned off registration with a password; please register with a third-party account',
    );
    await t.services.options.set({ PasswordRegisterEnabled: 'true' });
    expect(await user('carl')).toBeNull();
  });

  it('gives QuotaForNewUser and logs the gift', async () => {
    await t.services.options.set({ QuotaForNewUser: '250000' });
    expect((await register({ username: 'dora', password: 'password-1' })).body.success).toBe(true);
    const dora = (await user('dora'))!;
    expect(dora.quota).toBe(250000);
    const logs = await t.services.em.fork().find(LogEntity, { user_id: dora.id });
    expect(logs.map((l) => [l.type, l.content])).toEqual([[LogType.system, '新用户注册赠送 ＄0.500000 额度']]);
    await t.services.options.set({ QuotaForNewUser: '0' });
  });

  describe('invite codes', () => {
    it('credits invitee and inviter from the options, with logs; an unknown code is ignored', async () => {
      await t.services.options.set({ QuotaForNewUser: '100', QuotaForInvitee: '1000', QuotaForInviter: '5000', DisplayInCurrencyEnabled: 'false' });
      const inviter = (await user('alice'))!;
      expect((await register({ username: 'erin', password: 'password-1', aff_code: inviter.aff_code })).body.success).toBe(true);
      const erin = (await user('erin'))!;
      expect(erin.inviter_id).toBe(inviter.id);
      expect(erin.quota).toBe(1100);
      const after = (await user('alice'))!;
      expect([after.aff_count, after.aff_quota, after.aff_history_quota, after.quota]).toEqual([1, 5000, 5000, 0]);
      const em = t.services.em.fork();
      expect((await em.find(LogEntity, { user_id: erin.id }, { orderBy: { id: 'asc' } })).map((l) => l.content)).toEqual([
        '新用户注册赠送 100 点额度', '使用邀请码赠送 1000 点额度',
      ]);
      expect((await em.find(LogEntity, { user_id: inviter.id })).map((l) => l.content)).toEqual(['邀请用户赠送 5000 点额度']);

      expect((await register({ username: 'fay', password: 'password-1', aff_code: 'nope' })).body.success).toBe(true);
      expect(await user('fay')).toMatchObject({ inviter_id: 0, quota: 100 });
    });

    it('counts every one of many simultaneous invitees', async () => {
      const inviter = (await user('alice20'))!;
      const names = Array.from({ length: 8 }, (_, i) => `inv${i}`);
      const results = await Promise.all(names.map((username) => register({ username, password: 'password-1', aff_code: inviter.aff_code })));
      expect(results.every((r) => r.body.success)).toBe(true);
      const after = (await user('alice20'))!;
      expect([after.aff_count, after.aff_quota, after.aff_history_quota]).toEqual([8, 40000, 40000]);
      await t.services.options.set({ QuotaForNewUser: '0', QuotaForInvitee: '0', QuotaForInviter: '0', DisplayInCurrencyEnabled: 'true' });
    });
  });

  describe('with e-mail verification on', () => {
    beforeAll(async () => {
      await t.services.options.set({
        EmailVerificationEnabled: 'true', SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPFrom: 'noreply@gateway.test',
      });
    });
    afterAll(() => t.services.options.set({ EmailVerificationEnabled: 'false' }));

    it('asks for the e-mail and the code', async () => {
      expect((await register({ username: 'gus', password: 'password-1' })).body.message).toBe('管理员开启了邮箱验证，请输入邮箱地址和验证码');
      expect((await register({ username: 'gus', password: 'password-1', email: 'gus@example.com' }, 'en')).body.message).toBe(
        'E-mail verification is on: please enter your e-mail address and the verification code',
      );
    });

    it('registers with the code that arrived by e-mail, once; a wrong code is refused', async () => {
      const b = new Browser(t.app);
      expect((await b.call('GET', '/api/verification?email=Gus%40Example.com')).body.success).toBe(true);
      const code = codeOf((await smtp.next('gus@example.com')).html);
      expect(code).toMatch(/^\d{6}$/);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect((await register({ username: 'gus', password: 'password-1', email: 'gus@example.com', verification_code: wrong }, 'en')).body.message).toBe(
        'The verification code is wrong or has expired',
      );
      const ok = await register({ username: 'gus', password: 'password-1', email: 'gus@example.com', verification_code: code });
      expect(ok.body).toEqual({ success: true, message: '注册成功' });
      expect(await user('gus')).toMatchObject({ email: 'gus@example.com' });
      const reuse = await register({ username: 'gus2', password: 'password-1', email: 'gus@example.com', verification_code: code });
      expect(reuse.body.message).toBe('邮箱地址已被占用');
      expect((await new Browser(t.app).login('gus@example.com', 'password-1')).body.success).toBe(true);
      expect((await new Browser(t.app).login('GUS@example.com', 'password-1')).body.success).toBe(true);
    });

    it('a taken username does not spend the code', async () => {
      await new Browser(t.app).call('GET', '/api/verification?email=hal%40example.com');
      const code = codeOf((await smtp.next('hal@example.com')).html);
      expect((await register({ username: 'gus', password: 'password-1', email: 'hal@example.com', verification_code: code })).body.message).toBe('用户名已存在，或已注销');
      expect((await register({ username: 'hal', password: 'password-1', email: 'hal@example.com', verification_code: code })).body.success).toBe(true);
    });
  });
});

describe('registration limit per IP', () => {
  it('allows register_count accounts per IP per window, then answers 429 with a message', async () => {
    const t = await createTestApp({ overrides: { 'rate_limit.critical_count': 0, 'rate_limit.register_count': 2 } });
    try {
      const reg = (username: string, ip: string) =>
        t.app.inject({ method: 'POST', url: '/api/user/register', payload: { username, password: 'password-1' }, remoteAddress: ip, headers: { 'accept-language': 'en' } });
      // invalid attempts do not use up the allowance
      await reg('', '10.3.0.1');
      expect((await reg('one', '10.3.0.1')).json().success).toBe(true);
      expect((await reg('two', '10.3.0.1')).json().success).toBe(true);
      const third = await reg('three', '10.3.0.1');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ success: false, message: 'Too many registrations from your address, try again later' });
      expect((await reg('three', '10.3.0.2')).json().success).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('the strict per-IP limit of sign-in calls applies to registration', async () => {
    const t = await createTestApp({ overrides: { 'rate_limit.critical_count': 3 } });
    try {
      for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { username: '' } });
      expect((await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { username: 'x', password: 'password-1' } })).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
