// GET /api/verification end to end: the code arrives over SMTP, is accepted once, expires, survives only a few wrong
// guesses; the address rules, the in-use check and the per-address / per-IP limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationEntity } from '../../daemon/modules/verification/verification.entity.js';
import { MAX_ATTEMPTS } from '../../daemon/modules/verification/verification.service.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { Browser, createTestApp, type TestApp } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';

const codeOf = (html: string) => /<strong>(\d{6})<\/strong>/.exec(html)?.[1] ?? '';

describe('e-mail verification codes', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let now = 1_800_000_000;
  const send = (email: string, lang?: string, ip?: string) =>
    t.app.inject({
      method: 'GET', url: `/api/verification?email=${encodeURIComponent(email)}`,
      headers: lang ? { 'accept-language': lang } : {}, remoteAddress: ip,
    }).then((r) => ({ status: r.statusCode, body: r.json() as { success: boolean; message: string } }));

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, overrides: { 'rate_limit.critical_count': 0 } });
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('says when SMTP is not configured, in the asked language', async () => {
    expect((await send('a@example.com')).body).toEqual({ success: false, message: 'SMTP 服务器未配置，无法发送邮件，请联系管理员' });
    expect((await send('a@example.com', 'en')).body.message).toBe('The SMTP server is not configured, so no e-mail can be sent; contact the administrator');
  });

  it('mails a 6-digit code in the asked language; only a hash is stored', async () => {
    await t.services.options.set({ SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPFrom: 'noreply@gateway.test', SystemName: 'Gate <One>' });
    expect((await send(' Alice@Example.com ', 'en')).body).toEqual({ success: true, message: 'Verification code sent, please check your mailbox' });
    const mail = await smtp.next('alice@example.com');
    expect(mail.subject).toBe('Gate <One> e-mail verification');
    expect(mail.html).toContain('Gate &lt;One&gt;'); // the system name is escaped in the HTML
    expect(mail.html).toContain('10 minutes');
    const code = codeOf(mail.html);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.services.em.fork().find(VerificationEntity, { target: 'alice@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].expires_at).toBe(now + 600);

    expect((await send('zh-user@example.com')).body.message).toBe('验证码发送成功，请检查邮箱');
    const zh = await smtp.next('zh-user@example.com');
    expect(zh.subject).toBe('Gate <One> 邮箱验证邮件');
    expect(zh.html).toContain('您的验证码为');
  });

  it('accepts the code once, whatever the case of the address, and nothing else', async () => {
    await send('bob@example.com');
    const code = codeOf((await smtp.next('bob@example.com')).html);
    const v = t.services.verification;
    expect(await v.consume('email_verify', 'bob@example.com', '')).toBe(false);
    expect(await v.consume('password_reset', 'bob@example.com', code)).toBe(false);
    expect(await v.consume('email_verify', 'other@example.com', code)).toBe(false);
    expect(await v.consume('email_verify', 'BOB@example.com', code)).toBe(true);
    expect(await v.consume('email_verify', 'bob@example.com', code)).toBe(false);
  });

  it(`gives a code at most ${MAX_ATTEMPTS} guesses, even in parallel`, async () => {
    await send('carol@example.com');
    const code = codeOf((await smtp.next('carol@example.com')).html);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const results = await Promise.all(Array.from({ length: 8 }, () => t.services.verification.consume('email_verify', 'carol@example.com', wrong)));
    expect(results.every((r) => r === false)).toBe(true);
    const [row] = await t.services.em.fork().find(VerificationEntity, { target: 'carol@example.com' });
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(await t.services.verification.consume('email_verify', 'carol@example.com', code)).toBe(false);
  });

  it('expires after 10 minutes', async () => {
    await send('dave@example.com');
    const code = codeOf((await smtp.next('dave@example.com')).html);
    now += 601;
    expect(await t.services.verification.consume('email_verify', 'dave@example.com', code)).toBe(false);
  });

  it('a new code replaces the old one', async () => {
    await t.services.verification.issueCode('email_verify', 'erin@example.com');
    const second = await t.services.verification.issueCode('email_verify', 'erin@example.com');
    expect(await t.services.em.fork().count(VerificationEntity, { target: 'erin@example.com' })).toBe(1);
    expect(await t.services.verification.consume('email_verify', 'erin@example.com', second)).toBe(true);
  });

  it('refuses bad addresses and addresses in use (deleted accounts included)', async () => {
    expect((await send('not-an-address', 'en')).body).toEqual({ success: false, message: 'Invalid e-mail address' });
    expect((await send('', 'en')).body.message).toBe('Invalid e-mail address');
    const em = t.services.em.fork();
    await em.insert(UserEntity, { username: 'taken', password: 'x', email: 'Taken@Example.com', created_at: 1 });
    await em.insert(UserEntity, { username: 'gone', password: 'x', email: 'gone@example.com', created_at: 1, deleted_at: 5 });
    expect((await send('taken@example.com', 'en')).body).toEqual({ success: false, message: 'The e-mail address is already in use' });
    expect((await send('gone@example.com')).body).toEqual({ success: false, message: '邮箱地址已被占用' });
    expect(smtp.mails.some((m) => m.to.includes('taken@example.com') || m.to.includes('gone@example.com'))).toBe(false);
  });

  it('applies the domain whitelist and the alias restriction when they are on', async () => {
    await t.services.options.set({ EmailDomainRestrictionEnabled: 'true', EmailDomainWhitelist: 'gmail.com,qq.com' });
    expect((await send('frank@example.com', 'en')).body.message).toBe(
      'The administrator accepts only some e-mail domains, and the domain of your address is not one of them',
    );
    expect((await send('frank@example.com')).body.message).toBe('管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中');
    expect((await send('frank@qq.com')).body.success).toBe(true);
    await smtp.next('frank@qq.com');
    await t.services.options.set({ EmailAliasRestrictionEnabled: 'true' });
    expect((await send('frank+shop@gmail.com', 'en')).body.message).toBe(
      'The administrator does not accept e-mail aliases: addresses whose name part contains + or . are refused',
    );
    expect((await send('fr.ank@gmail.com')).body.message).toContain('别名限制');
    expect((await send('frankie@gmail.com')).body.success).toBe(true);
    await smtp.next('frankie@gmail.com');
    await t.services.options.set({ EmailDomainRestrictionEnabled: 'false', EmailAliasRestrictionEnabled: 'false' });
  });

  it('sends to one address at most once per 30 seconds', async () => {
    expect((await send('gina@example.com', undefined, '10.1.0.1')).body.success).toBe(true);
    const again = await send('gina@example.com', 'en', '10.1.0.2');
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ success: false, message: 'Too many e-mails to this address, try again later' });
    await smtp.next('gina@example.com');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.filter((m) => m.to.includes('gina@example.com'))).toHaveLength(1);
  });

  it('works through a session-less Browser as the console calls it', async () => {
    const b = new Browser(t.app);
    b.lang = 'en';
    const r = await b.call('GET', '/api/verification?email=henry%40example.com');
    expect(r.body.success).toBe(true);
    await smtp.next('henry@example.com');
  });
});

describe('e-mail limits per IP and per address', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await createTestApp({
      overrides: { 'rate_limit.critical_count': 0, 'rate_limit.mail_ip_count': 3, 'rate_limit.mail_address_count': 5 },
    });
    smtp = await startSmtp();
    await t.services.options.set({ SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPFrom: 'noreply@gateway.test' });
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });
  const send = (email: string, ip: string) =>
    t.app.inject({ method: 'GET', url: `/api/verification?email=${email}`, remoteAddress: ip, headers: { 'accept-language': 'en' } });

  it('one IP asks for at most mail_ip_count e-mails per window; other IPs are not affected', async () => {
    for (const n of [1, 2, 3]) expect((await send(`ip${n}@example.com`, '10.2.0.1')).json().success).toBe(true);
    const refused = await send('ip4@example.com', '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: 'Too many requests, try later' });
    expect((await send('ip4@example.com', '10.2.0.2')).json().success).toBe(true);
  });

  it('the strict per-IP limit of sign-in calls covers the endpoint too', async () => {
    const strict = await createTestApp({ overrides: { 'rate_limit.critical_count': 2 } });
    try {
      for (let i = 0; i < 2; i++) await strict.app.inject({ method: 'GET', url: '/api/verification?email=x@example.com' });
      expect((await strict.app.inject({ method: 'GET', url: '/api/verification?email=x@example.com' })).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
