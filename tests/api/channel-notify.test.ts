// The super admin hears of channels disabled or enabled automatically (reference §3.7), by the notification
// channel of their own settings, in their language; a receiver that is down changes nothing for the channel.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../daemon/app/actor.js';
import { createTestApp, setupRoot, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';

const GOOD = 'sk-notify-good-0123456789';
const BAD = 'sk-notify-bad-0123456789';

describe('channel status notices to the super admin', () => {
  let t: TestApp;
  let up: MockUpstream;
  let hook: Server;
  let hookUrl: string;
  const received: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'notify.webhook_allow_private': true } });
    await setupRoot(t.app);
    up = await startUpstream({ keys: [GOOD] });
    hook = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    const setting = JSON.stringify({ notify_type: 'webhook', webhook_url: hookUrl, webhook_secret: 'whsec-root', language: 'en' });
    await t.services.em.fork().execute('update users set setting = ? where username = ?', [setting, 'admin'], 'run');
    await t.services.options.set({ AutomaticDisableChannelEnabled: 'true', AutomaticEnableChannelEnabled: 'true' });
    t.services.channels.timeouts = { models: 1500, test: 1500, balance: 1500 };
  });
  afterAll(async () => {
    await new Promise<void>((r) => hook?.close(() => r()));
    await up?.close();
    await t?.close();
  });

  it('sends one notice when a test-all disables a channel, and one when it is enabled again', async () => {
    const [ch] = await t.services.channels.create(systemActor, { name: 'flaky', type: 1, key: BAD, base_url: up.url, models: 'gpt-4o-mini' });
    t.services.channels.startTestAll(systemActor, 'en');
    await t.services.channels.testAllIdle();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0].auth).toBe('Bearer whsec-root');
    expect(received[0].body).toMatchObject({ type: 'channel_update', title: 'Channel status changed', values: [] });
    expect(received[0].body.content).toMatch(new RegExp(`^Channel "flaky" \\(#${ch.id}\\) has been disabled: .*HTTP 401`));
    expect(String(received[0].body.content)).not.toContain(BAD);

    await t.services.channels.update(systemActor, { id: ch.id, key: GOOD });
    t.services.channels.startTestAll(systemActor, 'en');
    await t.services.channels.testAllIdle();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1].body.content).toBe(`Channel "flaky" (#${ch.id}) has been enabled`);
  });

  it('a receiver that is down changes nothing for the channel', async () => {
    await new Promise<void>((r) => hook.close(() => r()));
    const [ch] = await t.services.channels.create(systemActor, { name: 'lonely', type: 1, key: BAD, base_url: up.url, models: 'gpt-4o-mini' });
    await t.services.channels.autoDisable(ch.id, 'HTTP 401: no');
    const [row] = await t.services.em.fork().execute<{ status: number }[]>('select status from channels where id = ?', [ch.id]);
    expect(Number(row.status)).toBe(3);
  });
});
