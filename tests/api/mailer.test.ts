// services.mailer against a real SMTP server on localhost: what arrives, logins, failures, and the not-configured
// error other features rely on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../daemon/app/errors.js';
import { translate } from '../../daemon/i18n/translate.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';

describe('mailer (services.mailer)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startSmtp({ user: 'mailer@gateway.test', pass: 'smtp-secret' });
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('is not configured by default and says so when asked to send', async () => {
    expect(t.services.mailer.configured()).toBe(false);
    const err = await t.services.mailer.send({ to: 'a@example.com', subject: 's', html: '<p>x</p>' }).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(translate('en', (err as ServiceError).key)).toBe('The SMTP server is not configured, so no e-mail can be sent; contact the administrator');
    expect(translate('zh', (err as ServiceError).key)).toBe('SMTP 服务器未配置，无法发送邮件，请联系管理员');
  });

  it('sends through the configured server with the account login; the sender shows the system name', async () => {
    await t.services.options.set({
      SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPAccount: 'mailer@gateway.test', SMTPToken: 'smtp-secret',
      SMTPFrom: 'noreply@gateway.test', SystemName: 'Test Gateway',
    });
    expect(t.services.mailer.configured()).toBe(true);
    await t.services.mailer.send({ to: 'bob@example.com', subject: '你好 Bob', html: '<p>Hello <b>Bob</b> — 测试</p>' });
    const mail = await smtp.next('bob@example.com');
    expect(mail.subject).toBe('你好 Bob');
    expect(mail.html).toContain('<p>Hello <b>Bob</b> — 测试</p>');
    expect(mail.from).toBe('noreply@gateway.test');
    expect(mail.headers.from).toContain('Test Gateway');
    expect(mail.headers['content-type']).toMatch(/text\/html/);
    expect(mail.auth?.username).toBe('mailer@gateway.test');
  });

  it('falls back to the account as the sender when SMTPFrom is empty', async () => {
    await t.services.options.set({ SMTPFrom: '' });
    await t.services.mailer.send({ to: 'carol@example.com', subject: 'x', html: 'y' });
    expect((await smtp.next('carol@example.com')).from).toBe('mailer@gateway.test');
  });

  it('fails with a generic message (cause kept for the log) on a wrong password', async () => {
    await t.services.options.set({ SMTPToken: 'wrong' });
    const err = await t.services.mailer.send({ to: 'dave@example.com', subject: 'x', html: 'y' }).catch((e) => e);
    expect((err as ServiceError).key).toBe('mail.send_failed');
    expect(smtp.mails.some((m) => m.to.includes('dave@example.com'))).toBe(false);
    await t.services.options.set({ SMTPToken: 'smtp-secret' });
  });

  it('uses TLS from the first byte when SSL is on, so a plain-text server is refused', async () => {
    await t.services.options.set({ SMTPSSLEnabled: 'true' });
    const err = await t.services.mailer.send({ to: 'erin@example.com', subject: 'x', html: 'y' }).catch((e) => e);
    expect((err as ServiceError).key).toBe('mail.send_failed');
    await t.services.options.set({ SMTPSSLEnabled: 'false' });
    await t.services.mailer.send({ to: 'erin@example.com', subject: 'x', html: 'y' });
    await smtp.next('erin@example.com');
  });

  it('fails within the timeouts when nothing listens', async () => {
    await t.services.options.set({ SMTPPort: '1' });
    const started = Date.now();
    const err = await t.services.mailer.send({ to: 'fred@example.com', subject: 'x', html: 'y' }).catch((e) => e);
    expect((err as ServiceError).key).toBe('mail.send_failed');
    expect(Date.now() - started).toBeLessThan(11_000);
  });
});
