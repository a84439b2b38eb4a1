// Password reset by e-mail: the link arrives over SMTP, works once, expires, sets a random password and ends the
// user's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, type TestApp } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';

const linkOf = (html: string) => new URL(/href="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&'));

describe('password reset', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let now = 1_800_000_000;
  const ask = (email: string, lang?: string) =>
    t.app.inject({ method: 'GET', url: `/api/reset_password?email=${encodeURIComponent(email)}`, headers: lang ? { 'accept-language': lang } : {} })
      .then((r) => ({ status: r.statusCode, body: r.json() as { success: boolean; message: string } }));
  const confirm = (body: Record<string, unknown>, lang?: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/reset', payload: body, headers: lang ? { 'accept-language': lang } : {} })
      .then((r) => r.json() as { success: boolean; message: string; data?: string });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, overrides: { 'rate_limit.critical_count': 0 } });
    smtp = await startSmtp();
    const em = t.services.em.fork();
    for (const [username, email] of [['ivy', 'Ivy@Example.com'], ['jack', 'jack@example.com'], ['kim', 'kim@example.com']])
      await em.insert(UserEntity, { username, email, password: await hashPassword('old-password-1'), aff_code: username, created_at: 1 });
    await em.insert(UserEntity, { username: 'gone', email: 'gone@example.com', password: 'x', created_at: 1, deleted_at: 2 });
    await t.services.options.set({
      SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPFrom: 'noreply@gateway.test', ServerAddress: 'https://gw.example.com/',
      SystemName: 'GW',
    });
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('refuses bad and unknown addresses (deleted accounts count as unknown)', async () => {
    expect((await ask('nope', 'en')).body).toEqual({ success: false, message: 'Invalid e-mail address' });
    expect((await ask('nobody@example.com')).body).toEqual({ success: false, message: '该邮箱地址未注册' });
    expect((await ask('gone@example.com', 'en')).body).toEqual({ success: false, message: 'This e-mail address is not registered' });
  });

  it('mails a link to /reset that sets a new random password once, and ends the old sessions', async () => {
    const old = new Browser(t.app);
    expect((await old.login('ivy', 'old-password-1')).body.success).toBe(true);
    expect((await old.call('GET', '/api/user/self')).status).toBe(200);

    expect((await ask('ivy@example.com', 'en')).body).toEqual({ success: true, message: 'The reset e-mail has been sent, please check your mailbox' });
    const mail = await smtp.next('ivy@example.com');
    expect(mail.subject).toBe('GW password reset');
    const link = linkOf(mail.html);
    expect(`${link.origin}${link.pathname}`).toBe('https://gw.example.com/reset');
    expect(link.searchParams.get('email')).toBe('ivy@example.com');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const r = await confirm({ email: 'ivy@example.com', token }, 'en');
    expect(r.success).toBe(true);
    expect(r.message).toBe('The password has been reset');
    expect(r.data).toMatch(/^[0-9a-zA-Z]{12}$/);
    expect((await new Browser(t.app).login('ivy', 'old-password-1')).body.success).toBe(false);
    expect((await new Browser(t.app).login('ivy', r.data!)).body.success).toBe(true);
    expect((await old.call('GET', '/api/user/self')).status).toBe(401);

    expect(await confirm({ email: 'ivy@example.com', token })).toEqual({ success: false, message: '重置链接非法或已过期' });
  });

  it('sends the Chinese mail by default', async () => {
    await ask('kim@example.com');
    const mail = await smtp.next('kim@example.com');
    expect(mail.subject).toBe('GW 密码重置');
    expect(mail.html).toContain('重置链接 10 分钟内有效');
  });

  it('refuses a wrong token, a token for another address, and an expired link', async () => {
    await ask('jack@example.com');
    const token = linkOf((await smtp.next('jack@example.com')).html).searchParams.get('token')!;
    expect(await confirm({ email: 'jack@example.com', token: '0'.repeat(32) }, 'en')).toEqual({ success: false, message: 'The reset link is invalid or has expired' });
    expect((await confirm({ email: 'kim@example.com', token })).success).toBe(false);
    expect((await confirm({ email: 'jack@example.com' })).success).toBe(false);
    now += 601;
    expect((await confirm({ email: 'jack@example.com', token })).success).toBe(false);
    expect((await new Browser(t.app).login('jack', 'old-password-1')).body.success).toBe(true);
  });
});
