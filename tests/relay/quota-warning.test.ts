// Quota warnings after relay calls (reference §4.8, spec 1 §9): a webhook (local receiver, allowed by the test-only
// config notify.webhook_allow_private) or an e-mail (local SMTP server), at most once per two hours per user on
// every instance together, sent off the request path: relay calls succeed however the receiver behaves.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuotaNotifier } from '../../daemon/modules/notify/quota-notifier.js';
import { SmtpMailer } from '../../daemon/app/mailer.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { addChannel, addToken, addUser, listen, setPrices, userRow } from '../helpers/relay.js';

interface Hook {
  headers: IncomingMessage['headers'];
  body: any;
  raw: string;
}

/** A local webhook receiver whose answer a test can change: 200, 500, or never. */
async function startReceiver() {
  const hooks: Hook[] = [];
  let mode: 'ok' | 'fail' | 'hang' = 'ok';
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body: JSON.parse(raw), raw });
      if (mode === 'hang') return void hanging.push(res);
      res.statusCode = mode === 'ok' ? 200 : 500;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    hooks,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    set: (m: typeof mode) => (mode = m),
    close: () => {
      hanging.forEach((r) => r.destroy());
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('quota warnings after relay calls', () => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;
  let now = 1_900_000_000;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: TestSmtp;

  const webhookSetting = (threshold: number, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ notify_type: 'webhook', quota_warning_threshold: threshold, webhook_url: receiver.url, webhook_secret: 'hook-secret', ...extra });
  /** A user with a key; each chat call costs 10 quota (8 + 2 tokens at ratio 1). */
  const caller = async (quota: number, setting: string, email = '') => {
    const uid = await addUser(t, undefined, { quota, setting });
    if (email) await t.services.em.fork().nativeUpdate(UserEntity, { id: uid }, { email });
    const tok = await addToken(t, uid);
    return { uid, client: new OpenAI({ apiKey: tok.sk, baseURL: base, maxRetries: 0 }) };
  };
  const chat = (client: OpenAI) => client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
  const settled = () => t.services.quotaNotify.idle();

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, overrides: { 'notify.webhook_allow_private': true } });
    up = await startUpstream();
    receiver = await startReceiver();
    smtp = await startSmtp();
    base = await listen(t);
    await setPrices(t, { ratio: { 'test-model': 1 }, completion: { 'test-model': 1 } });
    await t.services.options.set({
      DisplayInCurrencyEnabled: 'false', ServerAddress: 'https://gw.example.com', SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port),
      SMTPFrom: 'gateway@example.com',
    });
    await addChannel(t, { name: 'main', base_url: up.url, models: 'test-model' });
  });
  afterAll(async () => {
    await t?.close();
    await up?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it('posts one webhook when a call leaves the quota below the threshold, then none for two hours', async () => {
    const { uid, client } = await caller(1000, webhookSetting(995, { language: 'en' }));
    const before = receiver.hooks.length;
    await chat(client);
    await settled();
    expect(receiver.hooks.length).toBe(before + 1);
    const hook = receiver.hooks.at(-1)!;
    expect(hook.body).toEqual({
      type: 'quota_exceed',
      title: 'Your quota is running low',
      content: "{{value}}: your remaining quota is {{value}}. Please top up so your service is not interrupted.<br/>Top-up link: <a href='{{value}}'>{{value}}</a>",
      values: ['Your quota is running low', '990 quota points', 'https://gw.example.com/topup', 'https://gw.example.com/topup'],
      timestamp: now,
    });
    expect(hook.headers.authorization).toBe('Bearer hook-secret');
    expect(hook.headers['x-webhook-signature']).toBe(createHmac('sha256', 'hook-secret').update(hook.raw).digest('hex'));
    expect(hook.headers['content-type']).toBe('application/json');

    now += 3600;
    await chat(client);
    await chat(client);
    await settled();
    expect(receiver.hooks.length).toBe(before + 1);

    now += 3601; // two hours after the first one
    await chat(client);
    await settled();
    expect(receiver.hooks.length).toBe(before + 2);
    expect(receiver.hooks.at(-1)!.body.values[1]).toBe('960 quota points');
    expect((await userRow(t, uid)).quota).toBe(960);
  });

  it('sends nothing while the quota stays at or above the threshold, or with a threshold of 0', async () => {
    const before = receiver.hooks.length;
    const above = await caller(1000, webhookSetting(990));
    await chat(above.client); // 990 left: not below 990
    const off = await caller(1000, webhookSetting(0));
    await chat(off.client);
    await settled();
    expect(receiver.hooks.length).toBe(before);
    const stored = await t.services.em.fork().findOneOrFail(UserEntity, { id: above.uid });
    expect(stored.quota_warned_at).toBe(0);
  });

  it('one warning per window across instances: a second process with the same database sends no duplicate', async () => {
    const { uid } = await caller(1000, webhookSetting(5000));
    const other = new QuotaNotifier({
      em: t.services.em, clock: () => now, epochs: t.services.epochs, users: t.services.caches.users, options: t.services.options,
      mailer: new SmtpMailer(t.services.options), allowPrivateWebhook: true,
    });
    const before = receiver.hooks.length;
    t.services.quotaNotify.afterCharge(uid, 100);
    other.afterCharge(uid, 100);
    await Promise.all([settled(), other.idle()]);
    expect(receiver.hooks.length).toBe(before + 1);
    // and one that already sent (in the database) keeps a fresh process quiet
    const third = new QuotaNotifier({
      em: t.services.em, clock: () => now, epochs: t.services.epochs, users: t.services.caches.users, options: t.services.options,
      mailer: new SmtpMailer(t.services.options), allowPrivateWebhook: true,
    });
    third.afterCharge(uid, 50);
    await third.idle();
    expect(receiver.hooks.length).toBe(before + 1);
  });

  it('relay calls succeed while the webhook fails or hangs; the failure is logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      receiver.set('fail');
      const a = await caller(1000, webhookSetting(5000));
      expect((await chat(a.client)).choices[0].message.content).toBe('Hello!');
      await settled();
      expect(errors.mock.calls.flat().join(' ')).toContain(`quota warning for user ${a.uid} failed: the webhook answered HTTP 500`);

      receiver.set('hang');
      const b = await caller(1000, webhookSetting(5000));
      const started = Date.now();
      expect((await chat(b.client)).choices[0].message.content).toBe('Hello!');
      expect((await chat(b.client)).choices[0].message.content).toBe('Hello!');
      expect(Date.now() - started).toBeLessThan(2000); // the 5 s webhook timeout is nobody's wait
      await settled();
      expect(errors.mock.calls.flat().join(' ')).toContain(`quota warning for user ${b.uid} failed: timeout`);

      await receiver.close(); // nobody listening at all
      const c = await caller(1000, webhookSetting(5000));
      expect((await chat(c.client)).choices[0].message.content).toBe('Hello!');
      await settled();
      expect(errors.mock.calls.flat().join(' ')).toContain(`quota warning for user ${c.uid} failed: network`);
      expect((await userRow(t, c.uid)).quota).toBe(990);
    } finally {
      errors.mockRestore();
      receiver = await startReceiver();
    }
  });

  it('e-mails the notification address, else the account address, with the site threshold when none is saved', async () => {
    await t.services.options.set({ QuotaRemindThreshold: '995' });
    const plain = await caller(1000, '', 'owner@example.com');
    await chat(plain.client);
    const mail = await smtp.next('owner@example.com');
    expect(mail.subject).toBe('您的额度即将用尽');
    expect(mail.html.trim()).toBe("您的额度即将用尽，当前剩余额度为 990 点额度，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='https://gw.example.com/topup'>https://gw.example.com/topup</a>");

    const chosen = await caller(1000, JSON.stringify({ notify_type: 'email', quota_warning_threshold: 2000, notification_email: 'alerts@example.com', language: 'en' }), 'owner2@example.com');
    await chat(chosen.client);
    const mail2 = await smtp.next('alerts@example.com');
    expect(mail2.subject).toBe('Your quota is running low');
    expect(smtp.mails.some((m) => m.to.includes('owner2@example.com'))).toBe(false);
    await settled();
  });

  it('an https-only gateway (the default) never calls a private webhook, even one stored before', async () => {
    const strict = await createTestApp({ clock: () => now });
    try {
      await setPrices(strict, { ratio: { 'test-model': 1 }, completion: { 'test-model': 1 } });
      await addChannel(strict, { name: 'main', base_url: up.url, models: 'test-model' });
      const strictBase = await listen(strict);
      const uid = await addUser(strict, undefined, { quota: 1000, setting: webhookSetting(5000) });
      const tok = await addToken(strict, uid);
      const before = receiver.hooks.length;
      await new OpenAI({ apiKey: tok.sk, baseURL: strictBase, maxRetries: 0 }).chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
      await strict.services.quotaNotify.idle();
      expect(receiver.hooks.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});
