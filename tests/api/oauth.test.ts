// Third-party sign-in and binding against local fake providers (GitHub, LinuxDO, the WeChat server) and signed
// Telegram widget data: sign-in, registration, binding, and every refusal.
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_USER_FIELDS } from '../../daemon/contract/user.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { LogEntity } from '../../daemon/modules/log/log.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';
import { startFakeOAuth, type FakeOAuth, type FakeProvider, type FakeUser } from '../helpers/fake-oauth.js';

const BOT_TOKEN = '777000:test-telegram-bot-token';

describe('third-party sign-in and binding: /api/oauth', () => {
  let t: TestApp;
  let fake: FakeOAuth;
  let now = 1_900_000_000;
  let nextGithubId = 5000;

  const db = () => t.services.em.fork();
  const userById = (id: number) => db().findOneOrFail(UserEntity, { id });
  const userCount = () => db().count(UserEntity, {});
  const anon = (lang = 'en') => Object.assign(new Browser(t.app), { lang });
  const addUser = async (username: string, extra: Record<string, unknown> = {}) =>
    db().insert(UserEntity, { username, password: await hashPassword(`${username}-pass-1`), role: 1, status: 1, created_at: 1, ...extra });
  const signInWithPassword = async (username: string) => {
    const b = anon();
    expect((await b.login(username, `${username}-pass-1`)).body.success).toBe(true);
    return b;
  };
  const getState = async (b: Browser, aff?: string) => {
    const r = await b.call('GET', `/api/oauth/state${aff ? `?aff=${aff}` : ''}`);
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.data).toMatch(/^[\w-]{43}$/);
    return r.body.data as string;
  };
  /** The whole flow as the console runs it: state, the provider's code, the callback. */
  const viaProvider = async (b: Browser, provider: FakeProvider, user: FakeUser, aff?: string) => {
    const state = await getState(b, aff);
    const code = fake.issueCode(provider, user);
    const r = await b.call('GET', `/api/oauth/${provider}?code=${code}&state=${encodeURIComponent(state)}`);
    if (r.body.success && r.body.data?.id) b.userId = r.body.data.id;
    return r;
  };
  const ghUser = (extra: Partial<FakeUser> = {}): FakeUser => ({ id: ++nextGithubId, login: `octo${nextGithubId}`, name: 'Octo Cat', email: null, ...extra });
  const telegramQuery = (fields: Record<string, string>, token = BOT_TOKEN) => {
    const text = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n');
    const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(text).digest('hex');
    return new URLSearchParams({ ...fields, hash }).toString();
  };

  beforeAll(async () => {
    fake = await startFakeOAuth();
    t = await createTestApp({ clock: () => now, overrides: { ...fake.config(), 'rate_limit.critical_count': 0, 'rate_limit.api_count': 0 } });
    await setupRoot(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.tokenError = null;
    await t.services.options.set({
      GitHubOAuthEnabled: 'true', GitHubClientId: fake.clients.github.id, GitHubClientSecret: fake.clients.github.secret,
      LinuxDOOAuthEnabled: 'true', LinuxDOClientId: fake.clients.linuxdo.id, LinuxDOClientSecret: fake.clients.linuxdo.secret,
      WeChatAuthEnabled: 'true', WeChatServerAddress: fake.url, WeChatServerToken: fake.wechatToken,
      TelegramOAuthEnabled: 'true', TelegramBotName: 'test_bot', TelegramBotToken: BOT_TOKEN,
      RegisterEnabled: 'true', QuotaForNewUser: '0', QuotaForInvitee: '0', QuotaForInviter: '0', ServerAddress: 'https://gw.example.com',
    });
  });

  describe('GitHub and LinuxDO', () => {
    it('publishes the authorize URLs and client ids in the status', async () => {
      const s = (await anon().call('GET', '/api/status')).body.data;
      expect(s).toMatchObject({
        github_oauth: true, github_client_id: 'gh-client', github_authorize_url: `${fake.url}/github/authorize`,
        linuxdo_oauth: true, linuxdo_client_id: 'ld-client', linuxdo_authorize_url: `${fake.url}/linuxdo/authorize`,
      });
      expect(JSON.stringify(s)).not.toContain('gh-secret');
    });

    it('registers a new user at the first GitHub sign-in, with the new-user gift, and signs them in on a new session', async () => {
      await t.services.options.set({ QuotaForNewUser: '1234' });
      const before = await userCount();
      const b = anon();
      const state = await getState(b);
      const stateCookie = b.cookie;
      expect(stateCookie).toMatch(/^session=/);
      const gh = ghUser({ name: 'Grace Hopper', email: 'Grace@Example.com' });
      const r = await b.call('GET', `/api/oauth/github?code=${fake.issueCode('github', gh)}&state=${state}`);
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.message).not.toBe('bind');
      expect(Object.keys(r.body.data).sort()).toEqual([...LOGIN_USER_FIELDS].sort());
      expect(b.cookie).not.toBe(stateCookie); // a fresh session id at sign-in
      const u = await userById(r.body.data.id);
      expect(u).toMatchObject({
        username: `github_${u.id}`, display_name: 'Grace Hopper', email: 'grace@example.com', github_id: String(gh.id),
        role: 1, status: 1, quota: 1234, inviter_id: 0, password: '', last_login_time: now,
      });
      expect(u.aff_code).toMatch(/^[0-9A-Za-z]{4}$/);
      expect(await userCount()).toBe(before + 1);
      const gift = await db().findOne(LogEntity, { user_id: u.id, type: 4 });
      expect(gift?.content).toContain('新用户注册赠送');
      // the new session works; the anonymous one that carried the state is gone
      b.userId = u.id;
      expect((await b.call('GET', '/api/user/self')).body.data).toMatchObject({ id: u.id, github_id: String(gh.id) });
      const old = anon();
      old.cookie = stateCookie;
      old.userId = u.id;
      expect((await old.call('GET', '/api/user/self')).status).toBe(401);
      // the exchange went to the configured endpoints with the client secret in the body, never in the URL
      const tokenCall = fake.requests.filter((q) => q.path === '/github/token').at(-1)!;
      expect(JSON.parse(tokenCall.body)).toMatchObject({ client_id: 'gh-client', client_secret: 'gh-secret' });
    });

    it('signs the same GitHub account in to the same user the next time', async () => {
      const gh = ghUser();
      const first = await viaProvider(anon(), 'github', gh);
      const count = await userCount();
      now += 60;
      const again = await viaProvider(anon(), 'github', { ...gh, login: 'renamed', name: 'Renamed' });
      expect(again.body.success, again.body.message).toBe(true);
      expect(again.body.data.id).toBe(first.body.data.id);
      expect(await userCount()).toBe(count);
      expect((await userById(first.body.data.id)).last_login_time).toBe(now);
    });

    it('credits the invite code given with the state: the invitee and the inviter', async () => {
      await t.services.options.set({ QuotaForNewUser: '100', QuotaForInvitee: '50', QuotaForInviter: '70' });
      const inviterId = await addUser('inviter1', { aff_code: 'Inv1' });
      const r = await viaProvider(anon(), 'github', ghUser(), 'Inv1');
      expect(r.body.success, r.body.message).toBe(true);
      expect(await userById(r.body.data.id)).toMatchObject({ inviter_id: inviterId, quota: 150 });
      expect(await userById(inviterId)).toMatchObject({ aff_count: 1, aff_quota: 70, aff_history_quota: 70, quota: 0 });
      expect(await db().count(LogEntity, { user_id: inviterId, type: 4 })).toBe(1);
      expect(await db().count(LogEntity, { user_id: r.body.data.id, type: 4 })).toBe(2);
      // an unknown code is ignored; an e-mail address another account uses is not copied
      await addUser('mailowner', { email: 'taken@example.com' });
      const other = await viaProvider(anon(), 'github', ghUser({ email: 'TAKEN@example.com' }), 'nope');
      expect(await userById(other.body.data.id)).toMatchObject({ inviter_id: 0, quota: 100, email: '' });
    });

    it('refuses a missing, wrong, reused, expired or other-browser state, and creates no user', async () => {
      const count = await userCount();
      const b = anon();
      const state = await getState(b);
      const code = () => fake.issueCode('github', ghUser());
      const refused = async (browser: Browser, s: string) => {
        const r = await browser.call('GET', `/api/oauth/github?code=${code()}&state=${encodeURIComponent(s)}`);
        expect(r.status).toBe(403);
        expect(r.body).toEqual({ success: false, message: 'The sign-in state is missing, expired or already used; please start again' });
      };
      await refused(b, '');
      await refused(b, `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
      await refused(anon(), state); // another browser: no session holding it
      const other = anon();
      await getState(other);
      await refused(other, state); // another browser with its own state
      // the right state still works once (a wrong guess did not use it up), then never again
      const ok = await b.call('GET', `/api/oauth/github?code=${code()}&state=${state}`);
      expect(ok.body.success, ok.body.message).toBe(true);
      await refused(b, state);
      // expired: issued, then eleven minutes pass
      const late = anon();
      const lateState = await getState(late);
      now += 601;
      await refused(late, lateState);
      expect(await userCount()).toBe(count + 1);
    });

    it('lets only one of two concurrent callbacks use a state', async () => {
      const b = anon();
      const state = await getState(b);
      const results = await Promise.all([0, 1, 2].map(() => b.call('GET', `/api/oauth/github?code=${fake.issueCode('github', ghUser())}&state=${state}`)));
      expect(results.filter((r) => r.body.success)).toHaveLength(1);
      expect(results.filter((r) => r.status === 403)).toHaveLength(2);
    });

    it('registers one user when two browsers sign in with the same new GitHub account at once', async () => {
      const gh = ghUser();
      const browsers = [anon(), anon(), anon()];
      const states = await Promise.all(browsers.map((b) => getState(b)));
      const results = await Promise.all(browsers.map((b, i) => b.call('GET', `/api/oauth/github?code=${fake.issueCode('github', gh)}&state=${states[i]}`)));
      expect(results.every((r) => r.body.success), JSON.stringify(results.map((r) => r.body.message))).toBe(true);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      expect(await db().count(UserEntity, { github_id: String(gh.id) })).toBe(1);
    });

    it('does not register when registration is off, but still signs in bound users', async () => {
      const gh = ghUser();
      const bound = await viaProvider(anon(), 'github', gh);
      await t.services.options.set({ RegisterEnabled: 'false' });
      const count = await userCount();
      const r = await viaProvider(anon(), 'github', ghUser());
      expect(r.body).toEqual({ success: false, message: 'The administrator has turned off registration of new users' });
      expect(await userCount()).toBe(count);
      const zh = await viaProvider(anon('zh'), 'github', ghUser());
      expect(zh.body.message).toBe('管理员关闭了新用户注册');
      expect((await viaProvider(anon(), 'github', gh)).body.data.id).toBe(bound.body.data.id);
    });

    it('refuses disabled and deleted users', async () => {
      const gh = ghUser();
      const id = (await viaProvider(anon(), 'github', gh)).body.data.id;
      await db().nativeUpdate(UserEntity, { id }, { status: 2 });
      const banned = anon();
      const r = await viaProvider(banned, 'github', gh);
      expect(r.body).toEqual({ success: false, message: 'The user is banned' });
      expect((await banned.call('GET', '/api/user/self', undefined, { 'new-api-user': String(id) })).status).toBe(401);
      await db().nativeUpdate(UserEntity, { id }, { status: 1, deleted_at: now });
      const count = await userCount();
      expect((await viaProvider(anon(), 'github', gh)).body).toEqual({ success: false, message: 'The user has been deactivated' });
      expect(await userCount()).toBe(count); // the id stays reserved: no new account for it
    });

    it('refuses when the provider is off or not configured, and passes on the provider’s own error', async () => {
      await t.services.options.set({ GitHubOAuthEnabled: 'false' });
      expect((await viaProvider(anon(), 'github', ghUser())).body).toEqual({ success: false, message: 'The administrator has not enabled sign-in with GitHub' });
      await t.services.options.set({ GitHubOAuthEnabled: 'true', GitHubClientSecret: '' });
      expect((await viaProvider(anon(), 'github', ghUser())).body.message).toBe('The administrator has not finished setting up sign-in with GitHub');
      await t.services.options.set({ GitHubClientSecret: fake.clients.github.secret });
      fake.tokenError = 'bad_verification_code';
      expect((await viaProvider(anon(), 'github', ghUser())).body).toEqual({ success: false, message: 'GitHub authorization failed: fake says bad_verification_code' });
      fake.tokenError = null;
      const b = anon();
      const state = await getState(b);
      const denied = await b.call('GET', `/api/oauth/github?error=access_denied&error_description=The+user+has+denied+your+application+access.&state=${state}`);
      expect(denied.body).toEqual({ success: false, message: 'GitHub authorization failed: The user has denied your application access.' });
      const noCode = anon();
      expect((await noCode.call('GET', `/api/oauth/github?state=${await getState(noCode)}`)).body.message).toBe('The authorization code is missing; please start again');
    });

    it('says so when the provider cannot be reached', async () => {
      const down = await createTestApp({ clock: () => now, overrides: { ...fake.config(), 'oauth.github.token_url': 'http://127.0.0.1:9/token', 'oauth.timeout_ms': 2000 } });
      try {
        await setupRoot(down.app);
        await down.services.options.set({ GitHubOAuthEnabled: 'true', GitHubClientId: 'gh-client', GitHubClientSecret: 'gh-secret' });
        const b = Object.assign(new Browser(down.app), { lang: 'en' });
        const state = (await b.call('GET', '/api/oauth/state')).body.data;
        const r = await b.call('GET', `/api/oauth/github?code=x&state=${state}`);
        expect(r.body).toEqual({ success: false, message: 'Could not connect to GitHub, please try again later' });
      } finally {
        await down.close();
      }
    });

    it('binds GitHub to the signed-in user when the state was issued to their session', async () => {
      const aliceId = await addUser('alice');
      const alice = await signInWithPassword('alice');
      const cookie = alice.cookie;
      const gh = ghUser();
      const r = await viaProvider(alice, 'github', gh);
      expect(r.body).toEqual({ success: true, message: 'bind' });
      expect(alice.cookie).toBe(cookie); // still the same sign-in
      expect((await userById(aliceId)).github_id).toBe(String(gh.id));
      // from now on that GitHub account signs in as alice
      expect((await viaProvider(anon(), 'github', gh)).body.data.id).toBe(aliceId);
      // binding it again to alice is harmless
      expect((await viaProvider(alice, 'github', gh)).body).toEqual({ success: true, message: 'bind' });
    });

    it('refuses to bind an account that another user has bound', async () => {
      const gh = ghUser();
      const ownerId = (await viaProvider(anon(), 'github', gh)).body.data.id;
      await addUser('bob');
      const bob = await signInWithPassword('bob');
      const r = await viaProvider(bob, 'github', gh);
      expect(r.body).toEqual({ success: false, message: 'This GitHub account is already bound to another user' });
      expect((await db().findOneOrFail(UserEntity, { username: 'bob' })).github_id).toBe('');
      expect((await userById(ownerId)).github_id).toBe(String(gh.id));
    });

    it('refuses a bind whose session signed out in between', async () => {
      await addUser('carol');
      const carol = await signInWithPassword('carol');
      const state = await getState(carol);
      const cookie = carol.cookie;
      await carol.call('GET', '/api/user/logout');
      carol.cookie = cookie; // the old cookie, replayed
      const r = await carol.call('GET', `/api/oauth/github?code=${fake.issueCode('github', ghUser())}&state=${state}`);
      expect(r.status).toBe(403);
      expect((await db().findOneOrFail(UserEntity, { username: 'carol' })).github_id).toBe('');
    });

    it('registers LinuxDO users with Basic client auth and the configured redirect_uri, and binds LinuxDO', async () => {
      const r = await viaProvider(anon(), 'linuxdo', { id: 42, username: 'neo', name: 'Thomas' });
      expect(r.body.success, r.body.message).toBe(true);
      const u = await userById(r.body.data.id);
      expect(u).toMatchObject({ username: `linuxdo_${u.id}`, display_name: 'Thomas', linux_do_id: '42', email: '' });
      const tokenCall = fake.requests.filter((q) => q.path === '/linuxdo/token').at(-1)!;
      expect(tokenCall.headers.authorization).toBe(`Basic ${Buffer.from('ld-client:ld-secret').toString('base64')}`);
      expect(new URLSearchParams(tokenCall.body).get('redirect_uri')).toBe('https://gw.example.com/oauth/linuxdo');
      const daveId = await addUser('dave');
      const dave = await signInWithPassword('dave');
      expect((await viaProvider(dave, 'linuxdo', { id: 43, username: 'trinity' })).body).toEqual({ success: true, message: 'bind' });
      expect((await userById(daveId)).linux_do_id).toBe('43');
      expect((await viaProvider(dave, 'linuxdo', { id: 42 })).body.message).toBe('This LinuxDO account is already bound to another user');
      // a GitHub id and a LinuxDO id with the same number are different accounts
      const gh42 = await viaProvider(anon(), 'github', { id: 42 });
      expect(gh42.body.data.id).not.toBe(u.id);
    });
  });

  describe('WeChat', () => {
    const wechatCode = (wechatId: string) => {
      const code = `wx${Math.floor(Math.random() * 1e6)}`;
      fake.wechatCodes.set(code, wechatId);
      return code;
    };

    it('registers and then signs in by the code from the official account', async () => {
      const b = anon();
      const r = await b.call('GET', `/api/oauth/wechat?code=${wechatCode('wx-open-1')}`);
      expect(r.body.success, r.body.message).toBe(true);
      const u = await userById(r.body.data.id);
      expect(u).toMatchObject({ username: `wechat_${u.id}`, display_name: 'WeChat User', wechat_id: 'wx-open-1', inviter_id: 0 });
      expect(b.cookie).toMatch(/^session=/);
      const call = fake.requests.filter((q) => q.path.startsWith('/api/wechat/user')).at(-1)!;
      expect(call.headers.authorization).toBe(fake.wechatToken);
      const again = await anon().call('GET', `/api/oauth/wechat?code=${wechatCode('wx-open-1')}`);
      expect(again.body.data.id).toBe(u.id);
    });

    it('refuses a wrong code, an empty code, and sign-in when WeChat is off or registration is closed', async () => {
      expect((await anon().call('GET', '/api/oauth/wechat?code=nope')).body).toEqual({ success: false, message: 'The WeChat server answered: 验证码错误或已过期' });
      expect((await anon().call('GET', '/api/oauth/wechat?code=')).body).toEqual({ success: false, message: 'Please enter the verification code' });
      await t.services.options.set({ RegisterEnabled: 'false' });
      expect((await anon().call('GET', `/api/oauth/wechat?code=${wechatCode('wx-new')}`)).body.message).toBe('The administrator has turned off registration of new users');
      await t.services.options.set({ WeChatAuthEnabled: 'false' });
      expect((await anon().call('GET', `/api/oauth/wechat?code=${wechatCode('wx-new')}`)).body.message).toBe('The administrator has not enabled sign-in with WeChat');
      await t.services.options.set({ WeChatAuthEnabled: 'true', WeChatServerToken: 'wrong-token', RegisterEnabled: 'true' });
      expect((await anon().call('GET', `/api/oauth/wechat?code=${wechatCode('wx-new')}`)).body.message).toBe('The WeChat server answered: unauthorized');
    });

    it('refuses sign-in requests the browser marks as cross-site', async () => {
      const r = await anon().call('GET', `/api/oauth/wechat?code=${wechatCode('wx-csrf')}`, undefined, { 'sec-fetch-site': 'cross-site' });
      expect(r.status).toBe(403);
      expect(r.body.success).toBe(false);
      expect(await db().count(UserEntity, { wechat_id: 'wx-csrf' })).toBe(0);
    });

    it('binds WeChat to the signed-in user, only with the user header, and never an id bound elsewhere', async () => {
      const erinId = await addUser('erin');
      const erin = await signInWithPassword('erin');
      const noHeader = await erin.call('GET', `/api/oauth/wechat/bind?code=${wechatCode('wx-erin')}`, undefined, { 'new-api-user': '' });
      expect(noHeader.status).toBe(401);
      const r = await erin.call('GET', `/api/oauth/wechat/bind?code=${wechatCode('wx-erin')}`);
      expect(r.body).toEqual({ success: true, message: 'Bound' });
      expect((await userById(erinId)).wechat_id).toBe('wx-erin');
      expect((await erin.call('GET', `/api/oauth/wechat/bind?code=${wechatCode('wx-open-1')}`)).body.message).toBe('This WeChat account is already bound to another user');
      expect((await anon().call('GET', `/api/oauth/wechat/bind?code=${wechatCode('wx-x')}`)).status).toBe(401);
    });
  });

  describe('e-mail binding', () => {
    const issue = (email: string) => t.services.verification.issueCode('email_verify', email);
    const bind = (b: Browser, email: string, code: string) =>
      b.call('GET', `/api/oauth/email/bind?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`);

    it('binds the address the code was sent to, once', async () => {
      const ivyId = await addUser('ivy');
      const ivy = await signInWithPassword('ivy');
      const code = await issue('ivy@example.com');
      expect((await bind(ivy, 'ivy@example.com', code === '000000' ? '000001' : '000000')).body).toEqual({ success: false, message: 'The verification code is wrong or has expired' });
      const r = await bind(ivy, ' Ivy@Example.com ', code);
      expect(r.body).toEqual({ success: true, message: 'Email address bound' });
      expect((await userById(ivyId)).email).toBe('ivy@example.com');
      expect((await bind(ivy, 'ivy@example.com', code)).body.message).toBe('The verification code is wrong or has expired');
      ivy.lang = 'zh';
      expect((await bind(ivy, 'ivy@example.com', code)).body.message).toBe('验证码错误或已过期');
    });

    it('needs both fields, a valid address, the code of that address, and a signed-in user with the header', async () => {
      await addUser('jack');
      const jack = await signInWithPassword('jack');
      expect((await bind(jack, '', '123456')).body).toEqual({ success: false, message: 'Email address and verification code are both required' });
      expect((await bind(jack, 'jack@example.com', '')).body.message).toBe('Email address and verification code are both required');
      expect((await bind(jack, 'not-an-address', '123456')).body.message).toBe('Invalid email address');
      const code = await issue('someone-else@example.com');
      expect((await bind(jack, 'jack@example.com', code)).body.message).toBe('The verification code is wrong or has expired');
      expect((await bind(anon(), 'someone-else@example.com', code)).status).toBe(401);
      expect((await jack.call('GET', `/api/oauth/email/bind?email=someone-else@example.com&code=${code}`, undefined, { 'new-api-user': '' })).status).toBe(401);
      expect((await db().findOneOrFail(UserEntity, { username: 'jack' })).email).toBe('');
    });

    it('refuses an address another account uses', async () => {
      await addUser('kate', { email: 'kate@example.com' });
      await addUser('liam');
      const liam = await signInWithPassword('liam');
      const r = await bind(liam, 'KATE@example.com', await issue('kate@example.com'));
      expect(r.body).toEqual({ success: false, message: 'This email address is used by another account' });
      expect((await db().findOneOrFail(UserEntity, { username: 'liam' })).email).toBe('');
    });
  });

  describe('Telegram', () => {
    const fields = (id: string, authDate = now - 30) => ({ id, first_name: 'Tele', username: `tg${id}`, auth_date: String(authDate) });

    it('binds through the widget data, then signs in with it', async () => {
      const frankId = await addUser('frank');
      const frank = await signInWithPassword('frank');
      expect((await frank.call('GET', `/api/oauth/telegram/bind?${telegramQuery(fields('1001'))}`)).body).toEqual({ success: true, message: 'Bound' });
      expect((await userById(frankId)).telegram_id).toBe('1001');
      const b = anon();
      const r = await b.call('GET', `/api/oauth/telegram/login?${telegramQuery({ ...fields('1001'), lang: 'en' })}`);
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.data.id).toBe(frankId);
      b.userId = frankId;
      expect((await b.call('GET', '/api/user/self')).body.data.telegram_id).toBe('1001');
    });

    it('does not register through Telegram', async () => {
      const count = await userCount();
      const r = await anon().call('GET', `/api/oauth/telegram/login?${telegramQuery(fields('2002'))}`);
      expect(r.body.message).toBe('This Telegram account is not bound to any user; sign in another way and bind it in personal settings');
      expect(await userCount()).toBe(count);
    });

    it('refuses a bad hash, another bot’s signature, and stale data', async () => {
      const good = telegramQuery(fields('1001'));
      const tampered = good.replace('id=1001', 'id=1002');
      expect((await anon().call('GET', `/api/oauth/telegram/login?${tampered}`)).body).toEqual({ success: false, message: 'Invalid Telegram sign-in data' });
      expect((await anon().call('GET', `/api/oauth/telegram/login?${telegramQuery(fields('1001'), 'other:bot')}`)).body.message).toBe('Invalid Telegram sign-in data');
      expect((await anon().call('GET', `/api/oauth/telegram/login?${telegramQuery(fields('1001', now - 86_401))}`)).body).toEqual({
        success: false, message: 'The Telegram sign-in has expired; sign in with Telegram again',
      });
      await addUser('gina');
      const gina = await signInWithPassword('gina');
      expect((await gina.call('GET', `/api/oauth/telegram/bind?${tampered}`)).body.message).toBe('Invalid Telegram sign-in data');
      expect((await gina.call('GET', `/api/oauth/telegram/bind?${good}`)).body.message).toBe('This Telegram account is already bound to another user');
    });

    it('refuses Telegram when it is off or has no bot token', async () => {
      await t.services.options.set({ TelegramOAuthEnabled: 'false' });
      expect((await anon().call('GET', `/api/oauth/telegram/login?${telegramQuery(fields('1001'))}`)).body.message).toBe('The administrator has not enabled sign-in with Telegram');
      await t.services.options.set({ TelegramOAuthEnabled: 'true', TelegramBotToken: '' });
      expect((await anon().call('GET', `/api/oauth/telegram/login?${telegramQuery(fields('1001'))}`)).body.message).toBe('The administrator has not finished setting up sign-in with Telegram');
    });

    it('refuses disabled users', async () => {
      const id = await addUser('hank', { telegram_id: '3003', status: 2 });
      expect(id).toBeGreaterThan(0);
      expect((await anon().call('GET', `/api/oauth/telegram/login?${telegramQuery(fields('3003'))}`)).body).toEqual({ success: false, message: 'The user is banned' });
    });
  });
});
