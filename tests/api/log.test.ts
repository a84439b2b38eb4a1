import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { LogEntity } from '../../daemon/modules/log/log.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';

const NOW = 1_800_000_000;

describe('usage logs API', () => {
  let t: TestApp;
  let admin: Browser;
  let alice: Browser;
  let aliceId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    const root = await setupRoot(t.app);
    const em = t.services.em.fork();
    aliceId = (await em.insert(UserEntity, { username: 'alice', password: await hashPassword('alice-pass-1'), role: 1, status: 1, created_at: 1 })) as number;
    const row = (o: Partial<Parameters<typeof t.services.usage.add>[0]>) =>
      t.services.usage.add({ type: 2, created_at: NOW - 30, user_id: aliceId, username: 'alice', model_name: 'gpt-4o', token_name: 'k1', quota: 100, prompt_tokens: 10, completion_tokens: 5, channel: 3, channel_name: 'main', other: JSON.stringify({ model_ratio: 2.5, admin_info: { use_channel: [3] } }), ...o });
    row({});
    row({ model_name: 'gpt-4o-mini', quota: 40 });
    row({ created_at: NOW - 3600, quota: 1000 }); // outside the last minute: counts for quota, not rpm/tpm
    row({ type: 6, quota: 0, content: 'upstream error' });
    row({ user_id: 1, username: root.username, quota: 7 });
    await t.services.usage.flush();
    admin = new Browser(t.app);
    admin.lang = 'en';
    await admin.login(root.username, root.password);
    alice = new Browser(t.app);
    await alice.login('alice', 'alice-pass-1');
  });
  afterAll(() => t.close());

  it('admins list every log, newest first, with paging and filters', async () => {
    const all = await admin.call('GET', '/api/log/?p=1&page_size=2');
    expect(all.body.data).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(all.body.data.items).toHaveLength(2);
    expect(all.body.data.items[0].id).toBeGreaterThan(all.body.data.items[1].id);
    const mini = await admin.call('GET', '/api/log/?model_name=gpt-4o-mini');
    expect(mini.body.data.items.map((r: { quota: number }) => r.quota)).toEqual([40]);
    const like = await admin.call('GET', '/api/log/?model_name=gpt-4o%25&type=2&username=alice');
    expect(like.body.data.total).toBe(3);
    const errors = await admin.call('GET', '/api/log/?type=6');
    expect(errors.body.data.items[0]).toMatchObject({ type: 6, content: 'upstream error', channel: 3 });
    const window = await admin.call('GET', `/api/log/?start_timestamp=${NOW - 60}&end_timestamp=${NOW}`);
    expect(window.body.data.total).toBe(4);
  });

  it('users see only their own logs, without channel or admin details', async () => {
    const own = await alice.call('GET', '/api/log/self?page_size=100&username=admin&channel=3');
    expect(own.body.data.total).toBe(4); // the username/channel filters are ignored for users
    for (const r of own.body.data.items) {
      expect(r.user_id).toBe(aliceId);
      expect(r.channel).toBe(0);
      expect(r.channel_name).toBe('');
      expect(r.other).not.toContain('admin_info');
      expect(r.id).toBeLessThan(1024);
    }
    expect(JSON.parse(own.body.data.items.find((r: { type: number }) => r.type === 2).other)).toEqual({ model_ratio: 2.5 });
  });

  it('computes quota over the window and rpm/tpm over the last minute, consumption only', async () => {
    const s = await admin.call('GET', '/api/log/stat?username=alice');
    expect(s.body.data).toEqual({ quota: 100 + 40 + 1000, rpm: 2, tpm: 15 + 15 });
    const own = await alice.call('GET', `/api/log/self/stat?start_timestamp=${NOW - 60}`);
    expect(own.body.data).toEqual({ quota: 140, rpm: 2, tpm: 30 });
  });

  it('refuses the admin views to users', async () => {
    alice.lang = 'en';
    for (const [m, u] of [['GET', '/api/log/'], ['GET', '/api/log/stat'], ['DELETE', '/api/log/?target_timestamp=1']] as const) {
      const r = await alice.call(m, u);
      expect(r.body).toEqual({ success: false, message: 'No permission: insufficient role' });
    }
    expect(await t.services.em.fork().count(LogEntity, {})).toBe(5);
  });

  it('clears logs older than a time and says how many', async () => {
    expect((await admin.call('DELETE', '/api/log/')).body).toEqual({ success: false, message: 'Please select the log time' });
    const r = await admin.call('DELETE', `/api/log/?target_timestamp=${NOW - 60}`);
    expect(r.body).toEqual({ success: true, message: '1 logs cleared', data: 1 });
    expect(await t.services.em.fork().count(LogEntity, {})).toBe(4);
  });
});

describe('usage writer', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('batches rows and writes everything queued when the services close', async () => {
    for (let i = 0; i < 1234; i++) t.services.usage.add({ type: 2, created_at: i, quota: 1 });
    // 1234 ≥ the 500-row batch size, so two batches were already started; the rest waits for a flush
    await t.services.usage.flush();
    expect(await t.services.em.fork().count(LogEntity, {})).toBe(1234);
    t.services.usage.add({ type: 2, created_at: 1, quota: 1 });
    expect(t.services.usage.pending).toBe(1);
    await t.services.usage.close();
    expect(t.services.usage.pending).toBe(0);
    expect(await t.services.em.fork().count(LogEntity, {})).toBe(1235);
  });

  it('stores every column as given: text with quotes, newlines and non-ASCII, booleans, large numbers, defaults', async () => {
    const full = {
      type: 6, created_at: 1_790_000_000, user_id: 42, username: 'ünï "quoted"', token_name: "it's", model_name: 'gpt-4o',
      quota: 9_007_199_254, prompt_tokens: 123456, completion_tokens: 7, use_time: 3, is_stream: true, channel: 5,
      channel_name: '渠道 \\ back', token_id: 9, group: 'vip', ip: '::1', content: 'line1\nline2 \u2028 😀',
      other: JSON.stringify({ admin_info: { use_channel: [5, 6] }, note: 'a"b' }),
    };
    t.services.usage.add(full);
    t.services.usage.add({ type: 2, created_at: 1_790_000_001 });
    await t.services.usage.flush();
    const em = t.services.em.fork();
    const [a] = await em.find(LogEntity, { created_at: 1_790_000_000 });
    const { id: _id, ...stored } = a;
    expect({ ...stored, is_stream: Boolean(stored.is_stream) }).toEqual(full);
    const [b] = await em.find(LogEntity, { created_at: 1_790_000_001 });
    expect(b).toMatchObject({ type: 2, user_id: 0, content: '', username: '', quota: 0, is_stream: false, group: '', other: '' });
  });
});
