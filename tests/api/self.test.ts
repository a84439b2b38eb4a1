// The signed-in user's own account: PUT/DELETE /api/user/self, GET /api/user/token, /aff, POST /aff_transfer,
// GET /models, /self/groups and PUT /api/user/setting — rules, messages in zh and en, and the caches they touch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../daemon/app/actor.js';
import { hashPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { SessionEntity } from '../../daemon/modules/session/session.entity.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';

describe('own account: /api/user/self, token, aff, models, groups, setting', () => {
  let t: TestApp;
  let root: { username: string; password: string };
  const now = 1_900_000_000;
  let seq = 0;

  const addUser = async (f: { quota?: number; aff_quota?: number; group?: string; setting?: string; email?: string } = {}) => {
    const username = `u${++seq}${Date.now() % 1000}`;
    const password = `${username}-pass-1`;
    const id = (await t.services.em.fork().insert(UserEntity, {
      username, password: await hashPassword(password), role: 1, status: 1, created_at: 1, quota: f.quota ?? 0,
      aff_quota: f.aff_quota ?? 0, group: f.group ?? 'default', setting: f.setting ?? '', email: f.email ?? '',
    })) as number;
    return { id, username, password };
  };
  const signIn = async (username: string, password: string, lang?: string) => {
    const b = new Browser(t.app);
    b.lang = lang;
    const r = await b.login(username, password);
    expect(r.body.success, r.body.message).toBe(true);
    return b;
  };
  const newUser = async (f: Parameters<typeof addUser>[0] = {}, lang?: string) => {
    const u = await addUser(f);
    return { ...u, b: await signIn(u.username, u.password, lang) };
  };
  const row = (id: number) => t.services.em.fork().findOneOrFail(UserEntity, { id });
  const epoch = async (section: string) => (await t.services.epochs.read()).get(section) ?? 0;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, overrides: { 'rate_limit.critical_count': 0, 'rate_limit.api_count': 0 } });
    root = await setupRoot(t.app);
  });
  afterAll(() => t.close());

  it('every call needs a signed-in user', async () => {
    const anon = new Browser(t.app);
    const calls = [
      ['PUT', '/api/user/self'], ['DELETE', '/api/user/self'], ['GET', '/api/user/token'], ['GET', '/api/user/aff'],
      ['POST', '/api/user/aff_transfer'], ['GET', '/api/user/models'], ['GET', '/api/user/self/groups'], ['PUT', '/api/user/setting'],
    ] as const;
    for (const [method, url] of calls) {
      const r = await anon.call(method, url, method === 'PUT' || method === 'POST' ? { quota: 1, notify_type: 'email', quota_warning_threshold: 1 } : undefined);
      expect(r.status, `${method} ${url}`).toBe(401);
      expect(r.body.success).toBe(false);
    }
  });

  describe('PUT /api/user/self', () => {
    it('changes the display name, and says when nothing changed (zh by default, en when asked)', async () => {
      const { id, b } = await newUser();
      let r = await b.call('PUT', '/api/user/self', { display_name: '  Alice A.  ' });
      expect(r.body).toMatchObject({ success: true, message: '用户信息更新成功' });
      expect((await row(id)).display_name).toBe('Alice A.');
      r = await b.call('PUT', '/api/user/self', { display_name: 'Alice A.' });
      expect(r.body).toEqual({ success: false, message: '您似乎并没有修改什么' });
      b.lang = 'en';
      r = await b.call('PUT', '/api/user/self', {});
      expect(r.body).toEqual({ success: false, message: 'You seem to have changed nothing' });
      r = await b.call('PUT', '/api/user/self', { display_name: 'x'.repeat(21) });
      expect(r.body).toEqual({ success: false, message: 'The display name may be at most 20 characters' });
      expect((await b.call('GET', '/api/user/self')).body.data.display_name).toBe('Alice A.');
    });

    it('changes the password only with the current one, and ends every other sign-in', async () => {
      const u = await addUser();
      const here = await signIn(u.username, u.password, 'en');
      const elsewhere = await signIn(u.username, u.password);
      let r = await here.call('PUT', '/api/user/self', { password: 'new-password-1' });
      expect(r.body).toEqual({ success: false, message: 'Please enter your current password' });
      r = await here.call('PUT', '/api/user/self', { original_password: 'wrong-password', password: 'new-password-1' });
      expect(r.body).toEqual({ success: false, message: 'The current password is wrong' });
      r = await here.call('PUT', '/api/user/self', { original_password: u.password, password: 'short' });
      expect(r.body).toEqual({ success: false, message: 'The password must be 8 to 20 characters long' });
      elsewhere.lang = 'zh';
      expect((await elsewhere.call('PUT', '/api/user/self', { original_password: u.password, password: 'x'.repeat(21) })).body)
        .toEqual({ success: false, message: '密码长度必须在 8 到 20 个字符之间' });
      // nothing changed so far: both sessions still work
      expect((await elsewhere.call('GET', '/api/user/self')).status).toBe(200);

      r = await here.call('PUT', '/api/user/self', { original_password: u.password, password: 'new-password-1' });
      expect(r.body).toEqual({ success: true, message: 'Password changed' });
      expect((await here.call('GET', '/api/user/self')).body.success).toBe(true); // this browser stays signed in
      expect((await elsewhere.call('GET', '/api/user/self')).status).toBe(401); // the other one is out
      expect(await t.services.em.fork().count(SessionEntity, { user_id: u.id })).toBe(1);
      expect((await new Browser(t.app).login(u.username, u.password)).body.success).toBe(false);
      expect((await new Browser(t.app).login(u.username, 'new-password-1')).body.success).toBe(true);
    });

    it('a password change through the access token ends every session', async () => {
      const u = await newUser();
      const token = (await u.b.call('GET', '/api/user/token')).body.data as string;
      const api = new Browser(t.app);
      api.userId = u.id;
      const r = await api.call('PUT', '/api/user/self', { original_password: u.password, password: 'via-token-pass-1' }, { authorization: token });
      expect(r.body.success, r.body.message).toBe(true);
      expect((await u.b.call('GET', '/api/user/self')).status).toBe(401);
      expect(await t.services.em.fork().count(SessionEntity, { user_id: u.id })).toBe(0);
    });
  });

  describe('DELETE /api/user/self', () => {
    it('deactivates the account: sessions end, sign-in fails, the name stays taken, the users cache hears of it', async () => {
      const u = await newUser({ quota: 100 });
      expect(await t.services.caches.users.get(u.id)).toBeDefined();
      const before = await epoch('users');
      const r = await u.b.call('DELETE', '/api/user/self');
      expect(r.body).toEqual({ success: true, message: '账户已删除' });
      expect(String(r.headers['set-cookie'])).toMatch(/session=;/);
      expect(await epoch('users')).toBe(before + 1);
      const stored = await row(u.id);
      expect(stored.deleted_at).toBe(now);
      expect(stored.username).toBe(u.username);
      expect((await u.b.call('GET', '/api/user/self')).status).toBe(401);
      expect((await new Browser(t.app).login(u.username, u.password)).body.success).toBe(false);
      await t.services.epochs.checkNow();
      expect(await t.services.caches.users.get(u.id)).toBeUndefined();
    });

    it('refuses the super administrator', async () => {
      const admin = await signIn(root.username, root.password, 'en');
      const r = await admin.call('DELETE', '/api/user/self');
      expect(r.body).toEqual({ success: false, message: 'The super administrator account cannot be deleted' });
      expect((await admin.call('GET', '/api/user/self')).body.success).toBe(true);
    });
  });

  describe('GET /api/user/token', () => {
    it('answers a new access token each time; only the newest one signs in', async () => {
      const u = await newUser();
      const first = (await u.b.call('GET', '/api/user/token')).body.data as string;
      const second = (await u.b.call('GET', '/api/user/token')).body.data as string;
      expect(first).toMatch(/^[0-9A-Za-z]{32}$/);
      expect(second).not.toBe(first);
      const api = new Browser(t.app);
      api.userId = u.id;
      expect((await api.call('GET', '/api/user/self', undefined, { authorization: `Bearer ${second}` })).body.data.id).toBe(u.id);
      const old = await api.call('GET', '/api/user/self', undefined, { authorization: first });
      expect(old.body.success).toBe(false);
      // the self view never carries it
      expect(JSON.stringify((await u.b.call('GET', '/api/user/self')).body)).not.toContain(second);
    });
  });

  describe('invite code and transfer', () => {
    it('creates the invite code once, also under concurrent calls', async () => {
      const u = await newUser();
      const codes = await Promise.all([1, 2, 3, 4].map(() => u.b.call('GET', '/api/user/aff')));
      const first = codes[0].body.data as string;
      expect(first).toMatch(/^[0-9A-Za-z]{4}$/);
      expect(codes.map((c) => c.body.data)).toEqual([first, first, first, first]);
      expect((await u.b.call('GET', '/api/user/aff')).body.data).toBe(first);
      expect((await row(u.id)).aff_code).toBe(first);
    });

    it('transfers at least one unit, never more than the invite balance, and bumps the users epoch', async () => {
      const u = await newUser({ quota: 7, aff_quota: 1_200_000 }, 'en');
      let r = await u.b.call('POST', '/api/user/aff_transfer', { quota: 499_999 });
      expect(r.body).toEqual({ success: false, message: 'The minimum transfer amount is $1.00' });
      u.b.lang = undefined;
      expect((await u.b.call('POST', '/api/user/aff_transfer', { quota: 100 })).body).toEqual({ success: false, message: '转移额度最小为 $1.00' });
      await t.services.options.set({ DisplayInCurrencyEnabled: 'false' });
      expect((await u.b.call('POST', '/api/user/aff_transfer', { quota: 100 })).body).toEqual({ success: false, message: '转移额度最小为 500000 点额度' });
      await t.services.options.set({ DisplayInCurrencyEnabled: 'true' });
      expect((await u.b.call('POST', '/api/user/aff_transfer', { quota: 600_000.5 })).body).toEqual({ success: false, message: '划转额度必须是正整数' });
      expect((await u.b.call('POST', '/api/user/aff_transfer', { quota: 1_200_001 })).body).toEqual({ success: false, message: '邀请额度不足' });
      const before = await epoch('users');
      r = await u.b.call('POST', '/api/user/aff_transfer', { quota: 700_000 });
      expect(r.body).toEqual({ success: true, message: '划转成功' });
      expect(await epoch('users')).toBe(before + 1);
      const stored = await row(u.id);
      expect([stored.quota, stored.aff_quota]).toEqual([700_007, 500_000]);
      expect((await u.b.call('POST', '/api/user/aff_transfer', { quota: 500_001 })).body.message).toBe('邀请额度不足');
    });

    it('concurrent transfers never take more than the invite balance holds', async () => {
      const u = await newUser({ quota: 0, aff_quota: 1_000_000 });
      const results = await Promise.all(Array.from({ length: 6 }, () => u.b.call('POST', '/api/user/aff_transfer', { quota: 500_000 })));
      expect(results.filter((r) => r.body.success)).toHaveLength(2);
      const stored = await row(u.id);
      expect([stored.quota, stored.aff_quota]).toEqual([1_000_000, 0]);
    });
  });

  describe('usable groups and models', () => {
    beforeAll(async () => {
      await t.services.options.set({
        GroupRatio: JSON.stringify({ default: 1, vip: 1.5, svip: 3, hidden: 2, mine: 0.8 }),
        UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'VIP 分组', unpriced: '没有倍率' }),
      });
      const add = (name: string, group: string, models: string, status = 1) =>
        t.services.channels.create(systemActor, { name, type: 1, key: `sk-${name}-0000000000`, base_url: 'http://127.0.0.1:9', models, group, status });
      await add('c-default', 'default', 'gpt-4o-mini,shared-model');
      await add('c-vip', 'vip', 'vip-model,shared-model');
      await add('c-svip', 'svip', 'svip-model');
      await add('c-mine', 'mine', 'mine-model');
      await add('c-off', 'default', 'disabled-model', 2);
    });

    it('lists the groups the user may choose, with ratio and description; the own group is always there', async () => {
      const plain = await newUser();
      expect((await plain.b.call('GET', '/api/user/self/groups')).body.data).toEqual({
        default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1.5, desc: 'VIP 分组' },
      });
      const own = await newUser({ group: 'mine' }, 'en');
      expect((await own.b.call('GET', '/api/user/self/groups')).body.data).toEqual({
        default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1.5, desc: 'VIP 分组' }, mine: { ratio: 0.8, desc: 'Your group' },
      });
    });

    it('lists the models of enabled channels in those groups, once each, sorted', async () => {
      const plain = await newUser();
      expect((await plain.b.call('GET', '/api/user/models')).body.data).toEqual(['gpt-4o-mini', 'shared-model', 'vip-model']);
      const own = await newUser({ group: 'mine' });
      expect((await own.b.call('GET', '/api/user/models')).body.data).toEqual(['gpt-4o-mini', 'mine-model', 'shared-model', 'vip-model']);
    });
  });

  describe('PUT /api/user/setting', () => {
    const good = { notify_type: 'webhook', quota_warning_threshold: 100000, webhook_url: 'https://hooks.example.com/q?x=1', webhook_secret: 's3cret' };

    it('refuses bad input with a clear message, in zh and en', async () => {
      const { b } = await newUser();
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ ...good, notify_type: 'sms' }, '通知方式只能是邮件或 Webhook', 'The notification method must be email or webhook'],
        [{ ...good, quota_warning_threshold: -1 }, '额度预警阈值必须是不小于 0 的整数', 'The quota warning threshold must be a whole number of at least 0'],
        [{ ...good, quota_warning_threshold: 1.5 }, '额度预警阈值必须是不小于 0 的整数', 'The quota warning threshold must be a whole number of at least 0'],
        [{ ...good, webhook_url: '' }, '请填写 Webhook 地址', 'Please enter the webhook URL'],
        [{ ...good, webhook_url: 'http://hooks.example.com/q' }, 'Webhook 地址必须是 https 地址', 'The webhook URL must be an https URL'],
        [{ ...good, webhook_url: 'not a url' }, 'Webhook 地址必须是 https 地址', 'The webhook URL must be an https URL'],
        [{ ...good, webhook_url: 'https://127.0.0.1/hook' }, 'Webhook 地址不能含用户名密码，也不能指向本机、内网或链路本地地址', 'The webhook URL may not contain user info or point at this machine, a private network or a link-local address'],
        [{ ...good, webhook_url: 'https://localhost:8443/hook' }, 'Webhook 地址不能含用户名密码，也不能指向本机、内网或链路本地地址', 'The webhook URL may not contain user info or point at this machine, a private network or a link-local address'],
        [{ ...good, webhook_url: 'https://192.168.1.20/hook' }, 'Webhook 地址不能含用户名密码，也不能指向本机、内网或链路本地地址', 'The webhook URL may not contain user info or point at this machine, a private network or a link-local address'],
        [{ ...good, webhook_url: 'https://[fd00::1]/hook' }, 'Webhook 地址不能含用户名密码，也不能指向本机、内网或链路本地地址', 'The webhook URL may not contain user info or point at this machine, a private network or a link-local address'],
        [{ ...good, webhook_url: 'https://169.254.169.254/latest' }, 'Webhook 地址不能含用户名密码，也不能指向本机、内网或链路本地地址', 'The webhook URL may not contain user info or point at this machine, a private network or a link-local address'],
        [{ ...good, webhook_url: 'https://user:pw@hooks.example.com/' }, 'Webhook 地址不能含用户名密码，也不能指向本机、内网或链路本地地址', 'The webhook URL may not contain user info or point at this machine, a private network or a link-local address'],
        [{ ...good, webhook_secret: 'x'.repeat(257) }, 'Webhook 密钥过长，最多 256 个字符', 'The webhook secret is too long (at most 256 characters)'],
        [{ ...good, webhook_secret: 42 }, 'Webhook 密钥必须是字符串', 'The webhook secret must be a string'],
        [{ notify_type: 'email', quota_warning_threshold: 5, notification_email: 'not-an-address' }, '通知邮箱格式不正确', 'The notification email address is not valid'],
      ];
      for (const [body, zh, en] of cases) {
        b.lang = undefined;
        expect((await b.call('PUT', '/api/user/setting', body)).body, JSON.stringify(body)).toEqual({ success: false, message: zh });
        b.lang = 'en';
        expect((await b.call('PUT', '/api/user/setting', body)).body, JSON.stringify(body)).toEqual({ success: false, message: en });
      }
    });

    it('saves the settings beside the other keys, never shows the secret back, and tells the relay cache', async () => {
      const u = await newUser({ setting: JSON.stringify({ accept_unset_model_ratio_model: true }) }, 'en');
      expect((await t.services.caches.users.get(u.id))?.quotaWarningThreshold).toBeNull();
      const before = await epoch('users');
      const r = await u.b.call('PUT', '/api/user/setting', good);
      expect(r.body).toEqual({
        success: true, message: 'Settings saved',
        data: { notify_type: 'webhook', quota_warning_threshold: 100000, webhook_url: good.webhook_url, webhook_secret: '', webhook_secret_set: true, notification_email: '' },
      });
      expect(await epoch('users')).toBe(before + 1);
      const stored = JSON.parse((await row(u.id)).setting);
      expect(stored).toMatchObject({ accept_unset_model_ratio_model: true, notify_type: 'webhook', quota_warning_threshold: 100000, webhook_url: good.webhook_url, webhook_secret: 's3cret', language: 'en' });
      const self = (await u.b.call('GET', '/api/user/self')).body.data;
      expect(self.setting).not.toContain('s3cret');
      expect(JSON.parse(self.setting)).toMatchObject({ accept_unset_model_ratio_model: true, webhook_secret: '', webhook_secret_set: true });
      await t.services.epochs.checkNow();
      expect(await t.services.caches.users.get(u.id)).toMatchObject({ quotaWarningThreshold: 100000, acceptUnsetModel: true });

      // '' keeps the secret, null removes it; switching to e-mail keeps the webhook fields for later
      await u.b.call('PUT', '/api/user/setting', { ...good, webhook_secret: '' });
      expect(JSON.parse((await row(u.id)).setting).webhook_secret).toBe('s3cret');
      await u.b.call('PUT', '/api/user/setting', { ...good, webhook_secret: null });
      expect(JSON.parse((await row(u.id)).setting).webhook_secret).toBe('');
      const mail = await u.b.call('PUT', '/api/user/setting', { notify_type: 'email', quota_warning_threshold: 0, notification_email: ' me@example.com ' });
      expect(mail.body.data).toMatchObject({ notify_type: 'email', quota_warning_threshold: 0, notification_email: 'me@example.com', webhook_url: good.webhook_url });
    });
  });
});
