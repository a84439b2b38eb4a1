// Agents (design agents.md §1, §2, §6; spec 3 §5, §7): the administrator makes agents, every new account joins the
// agent of its page's domain or of its invite code (password registration, GitHub, WeChat), agents price their
// sub-users and sub-agents from their own effective price, only the administrator moves users between agents, and
// ending an agent (delete or demote) hands its users to its parent. The tests share one database and run in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { LogEntity } from '../../daemon/modules/log/log.entity.js';
import { AgentEntity } from '../../daemon/modules/agent/agent.entity.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';
import { startFakeOAuth, type FakeOAuth } from '../helpers/fake-oauth.js';

const SITE = 'gw.example.com';
const A_HOST = 'agent-a.example.com';
const B_HOST = 'agent-b.example.com';

describe('agents', () => {
  let t: TestApp;
  let fake: FakeOAuth;
  let admin: Browser;
  const ids: Record<string, number> = {};
  let nextGithubId = 9000;

  const em = () => t.services.em.fork();
  const user = (username: string) => em().findOneOrFail(UserEntity, { username });
  const agentRow = (id: number) => em().findOne(AgentEntity, { agent_id: id });
  const addAgent = (body: Record<string, unknown>, b: Browser = admin) => b.call('POST', '/api/user/add/agents', body);
  const register = async (username: string, opts: { host?: string; aff?: string; headers?: Record<string, string>; app?: TestApp } = {}) => {
    const r = await (opts.app ?? t).app.inject({
      method: 'POST', url: '/api/user/register', payload: { username, password: 'password-1', aff_code: opts.aff },
      headers: { 'accept-language': 'en', host: opts.host ?? SITE, ...opts.headers },
    });
    expect(r.json().success, r.json().message).toBe(true);
    return (opts.app ?? t).services.em.fork().findOneOrFail(UserEntity, { username });
  };

  beforeAll(async () => {
    fake = await startFakeOAuth();
    t = await createTestApp({
      overrides: { ...fake.config(), 'rate_limit.critical_count': 0, 'rate_limit.register_count': 0, 'rate_limit.api_count': 0 },
    });
    await setupRoot(t.app);
    await t.services.options.set({
      GitHubOAuthEnabled: 'true', GitHubClientId: fake.clients.github.id, GitHubClientSecret: fake.clients.github.secret,
      WeChatAuthEnabled: 'true', WeChatServerAddress: fake.url, WeChatServerToken: fake.wechatToken,
      RegisterEnabled: 'true', ServerAddress: `https://${SITE}`,
    });
    admin = new Browser(t.app);
    admin.lang = 'en';
    expect((await admin.login('admin', 'correct-horse-1')).body.success).toBe(true);
    for (const name of ['ag_a', 'ag_b', 'ag_c', 'plain']) ids[name] = await insertUser(t, name);
    ids.off = await insertUser(t, 'off', { status: 2 });
    ids.gone = await insertUser(t, 'gone');
    await em().nativeUpdate(UserEntity, { id: ids.gone }, { deleted_at: 5 });
    await em().nativeUpdate(UserEntity, { id: ids.ag_b }, { aff_code: 'AGB1' });
    await em().nativeUpdate(UserEntity, { id: ids.plain }, { aff_code: 'PLN1' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('POST /api/user/add/agents', () => {
    it.each<[Record<string, unknown>, string]>([
      [{}, 'agent id, domain, parent id cannot be empty!'],
      [{ agent_id: 5, domain: 'x.example' }, 'agent id, domain, parent id cannot be empty!'],
      [{ agent_id: 5, domain: 'x.example', referrer_id: null }, 'agent id, domain, parent id cannot be empty!'],
      [{ agent_id: 5, domain: '  ', referrer_id: 0 }, 'agent id, domain, parent id cannot be empty!'],
      [{ agent_id: 0, domain: 'x.example', referrer_id: 0 }, 'agent id, domain, parent id cannot be empty!'],
      [{ agent_id: 'five', domain: 'x.example', referrer_id: 0 }, 'The agent id and parent id must be whole numbers (parent id 0 means none)'],
      [{ agent_id: 5, domain: 'x.example', referrer_id: -1 }, 'The agent id and parent id must be whole numbers (parent id 0 means none)'],
      [{ agent_id: 5, domain: 'https://x.example/', referrer_id: 0 }, 'The domain is not valid: give a host name only, such as agent.example.com (no http://, port or path)'],
      [{ agent_id: 5, domain: 'x.example:8080', referrer_id: 0 }, 'The domain is not valid: give a host name only, such as agent.example.com (no http://, port or path)'],
      [{ agent_id: 5, domain: 'x.example', referrer_id: 5 }, 'An agent cannot be its own parent'],
      [{ agent_id: 5, domain: SITE, referrer_id: 0 }, 'The site\'s own domain cannot be an agent\'s domain'],
      [{ agent_id: 99_999, domain: 'x.example', referrer_id: 0 }, 'The user does not exist or has been deactivated'],
    ])('refuses %j', async (body, message) => {
      expect((await addAgent(body)).body).toEqual({ success: false, message });
    });

    it('refuses deleted, disabled and admin users, and a parent that is no agent; Chinese by default', async () => {
      expect((await addAgent({ agent_id: ids.gone, domain: 'x.example', referrer_id: 0 })).body.message).toBe('The user does not exist or has been deactivated');
      expect((await addAgent({ agent_id: ids.off, domain: 'x.example', referrer_id: 0 })).body.message).toBe('This user is disabled and cannot become an agent');
      expect((await addAgent({ agent_id: 1, domain: 'x.example', referrer_id: 0 })).body.message).toBe('An administrator cannot become an agent');
      expect((await addAgent({ agent_id: ids.ag_a, domain: 'x.example', referrer_id: ids.plain })).body.message)
        .toBe('The parent agent does not exist or has been deleted');
      const zh = Object.assign(new Browser(t.app), { cookie: admin.cookie, userId: admin.userId });
      expect((await addAgent({}, zh)).body).toEqual({ success: false, message: '代理ID、域名、上级ID不能为空！' });
      expect(await em().count(AgentEntity, {})).toBe(0);
    });

    it('makes a user an agent: role 10, a live row at level 10, its domain lower-cased, a log row', async () => {
      const r = await addAgent({ agent_id: ids.ag_a, domain: ' Agent-A.Example.COM ', referrer_id: 0 });
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.message).toBe('Agent relationship created!');
      expect(r.body.data).toMatchObject({
        agent_id: ids.ag_a, username: 'ag_a', domain: A_HOST, agent_agent_id: 0, level: 10, user_num: 0, order_num: 0, order_money: 0,
        share_profit: 0, share_profit_quota: 0, DeletedAt: null,
      });
      expect(await user('ag_a')).toMatchObject({ role: 10, agent_id: 0 });
      expect((await em().findOneOrFail(LogEntity, { user_id: ids.ag_a, type: 3 })).content).toContain('agent-a.example.com');
      // the directory that brands pages follows at once
      await t.services.epochs.pending;
      expect(t.services.branding.agentFor(null, A_HOST)).toBe(ids.ag_a);
    });

    it('refuses a second agency and a domain another live agent has (in any case); agents cannot add agents', async () => {
      expect((await addAgent({ agent_id: ids.ag_a, domain: 'other.example', referrer_id: 0 })).body.message).toBe('This user is already an agent');
      expect((await addAgent({ agent_id: ids.ag_b, domain: 'AGENT-A.example.com', referrer_id: 0 })).body.message).toBe('Another agent already uses this domain');
      const agent = await signInUser(t, 'ag_a');
      expect((await addAgent({ agent_id: ids.ag_b, domain: B_HOST, referrer_id: ids.ag_a }, agent)).body)
        .toEqual({ success: false, message: 'No permission: insufficient role' });
      expect(await agentRow(ids.ag_b)).toBeNull();
    });

    it('the database holds one live agent per domain too (partial unique index)', async () => {
      await expect(em().execute('insert into agents (agent_id, domain, created_at) values (?, ?, 1)', [ids.plain, A_HOST])).rejects.toThrow();
      // deleted rows and empty domains do not count
      await em().execute('insert into agents (agent_id, domain, created_at, deleted_at) values (?, ?, 1, 2)', [ids.plain, A_HOST]);
      await em().execute('insert into agents (agent_id, domain, created_at, deleted_at) values (?, ?, 1, 2)', [ids.gone, '']);
      await em().nativeDelete(AgentEntity, { agent_id: { $in: [ids.plain, ids.gone] } });
    });

    it('of two agents given one domain at the same moment, exactly one is made', async () => {
      const [x, y] = [await insertUser(t, 'race_x'), await insertUser(t, 'race_y')];
      const results = await Promise.all([x, y].map((id) => addAgent({ agent_id: id, domain: 'race.example', referrer_id: 0 })));
      expect(results.filter((r) => r.body.success)).toHaveLength(1);
      expect(results.find((r) => !r.body.success)?.body.message).toBe('Another agent already uses this domain');
      expect(await em().count(AgentEntity, { domain: 'race.example' })).toBe(1);
      // end that agency again so the lists below show only the agents they name
      const made = results[0].body.success ? 'race_x' : 'race_y';
      expect((await admin.call('POST', '/api/user/manage', { username: made, action: 'delete' })).body.success).toBe(true);
    });

    it('adds a sub-agent under a live parent: the parent sees it among its users', async () => {
      const r = await addAgent({ agent_id: String(ids.ag_b), domain: B_HOST, referrer_id: ids.ag_a });
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.data).toMatchObject({ agent_id: ids.ag_b, agent_agent_id: ids.ag_a, level: 10 });
      expect(await user('ag_b')).toMatchObject({ role: 10, agent_id: ids.ag_a });
      const agent = await signInUser(t, 'ag_a');
      const mine = await agent.call('GET', '/api/user/agent/');
      expect(mine.body.data.items.map((u: { username: string }) => u.username)).toEqual(['ag_b']);
    });
  });

  describe('agent lists', () => {
    it('GET /api/user/agents: an agent its own row with live sub-users counted and money in yuan; admins every live agent', async () => {
      await em().nativeUpdate(AgentEntity, { agent_id: ids.ag_a }, { order_num: 3, order_money_micros: 12_345_678, share_profit_micros: 1_000_000, share_profit_quota: 500_000 });
      const agent = await signInUser(t, 'ag_a');
      const own = await agent.call('GET', '/api/user/agents');
      expect(own.body.success, own.body.message).toBe(true);
      expect(own.body.data.items).toHaveLength(1);
      expect(own.body.data.items[0]).toMatchObject({
        agent_id: ids.ag_a, user_num: 1, order_num: 3, order_money: 12.35, share_profit: 1, share_profit_quota: 500_000, balance_platform: '',
      });
      const all = await admin.call('GET', '/api/user/agents?p=1&page_size=10');
      expect(all.body.data.items.map((a: { agent_id: number }) => a.agent_id).sort()).toEqual([ids.ag_a, ids.ag_b].sort());
      expect(all.body.data).toMatchObject({ total: 2, page: 1, page_size: 10 });
      const plain = await signInUser(t, 'plain');
      expect((await plain.call('GET', '/api/user/agents')).body).toEqual({ success: false, message: 'No permission: insufficient role' });
    });

    it('GET /api/user/search/agents (admins): by user id, paged', async () => {
      const r = await admin.call('GET', `/api/user/search/agents?user_id=${ids.ag_b}&p=1&page_size=5`);
      expect(r.body.data).toMatchObject({ total: 1, page: 1, page_size: 5 });
      expect(r.body.data.items[0]).toMatchObject({ agent_id: ids.ag_b, username: 'ag_b', domain: B_HOST, DeletedAt: null });
      // deleted agents are listed too (the race's winner, deleted above)
      const every = (await admin.call('GET', '/api/user/search/agents')).body.data;
      expect(every.total).toBe(3);
      expect(every.items.filter((a: { DeletedAt: number | null }) => a.DeletedAt !== null)).toHaveLength(1);
      const agent = await signInUser(t, 'ag_a');
      expect((await agent.call('GET', '/api/user/search/agents')).body.message).toBe('No permission: insufficient role');
    });

    it('GET /api/agent_page_content is public: an https address as is, text sanitised', async () => {
      await t.services.options.set({ AgentPageContent: 'https://rules.example.com/agents' });
      expect((await new Browser(t.app).call('GET', '/api/agent_page_content')).body).toEqual({ success: true, message: '', data: 'https://rules.example.com/agents' });
      await t.services.options.set({ AgentPageContent: '<p>Earn <b>more</b></p><script>alert(1)</script>' });
      const data = (await new Browser(t.app).call('GET', '/api/agent_page_content')).body.data as string;
      expect(data).toContain('<b>more</b>');
      expect(data).not.toContain('<script');
    });
  });

  describe('new accounts join an agent', () => {
    it('registration on an agent\'s domain (Host header, any case, with a port) attaches to it', async () => {
      expect((await register('r_host', { host: A_HOST })).agent_id).toBe(ids.ag_a);
      expect((await register('r_host2', { host: 'AGENT-B.example.com:8443' })).agent_id).toBe(ids.ag_b);
      expect((await register('r_site', { host: SITE })).agent_id).toBe(0);
    });

    it('by invite code: an agent\'s own code, or a sub-user\'s code (its agent); a plain user\'s code attaches to nobody', async () => {
      expect(await register('r_affb', { aff: 'AGB1' })).toMatchObject({ agent_id: ids.ag_b, inviter_id: ids.ag_b });
      await em().nativeUpdate(UserEntity, { username: 'r_host' }, { aff_code: 'SUBA' });
      expect(await register('r_affsub', { aff: 'SUBA' })).toMatchObject({ agent_id: ids.ag_a, inviter_id: (await user('r_host')).id });
      expect(await register('r_affpl', { aff: 'PLN1' })).toMatchObject({ agent_id: 0, inviter_id: ids.plain });
      // the domain wins over the code
      expect((await register('r_both', { host: A_HOST, aff: 'AGB1' })).agent_id).toBe(ids.ag_a);
    });

    it('ignores X-Forwarded-Host unless server.trust_proxy is on', async () => {
      expect((await register('r_fwd', { host: SITE, headers: { 'x-forwarded-host': A_HOST } })).agent_id).toBe(0);
      const proxied = await createTestApp({ overrides: { 'server.trust_proxy': true, 'rate_limit.critical_count': 0, 'rate_limit.register_count': 0 } });
      try {
        const agentId = await insertUser(proxied, 'pa', { role: 10 });
        await proxied.services.em.fork().execute('insert into agents (agent_id, domain, level, created_at) values (?, ?, 10, 1)', [agentId, A_HOST]);
        expect((await register('r_fwd', { app: proxied, host: '127.0.0.1', headers: { 'x-forwarded-host': A_HOST } })).agent_id).toBe(agentId);
        expect((await register('r_nofwd', { app: proxied, host: A_HOST })).agent_id).toBe(agentId);
      } finally {
        await proxied.close();
      }
    });

    it('a GitHub sign-up started on the agent\'s domain joins it, though the provider returns to the site\'s address', async () => {
      const b = new Browser(t.app); // the browser's cookies on the agent's domain
      const state = (await b.call('GET', '/api/oauth/state', undefined, { host: A_HOST })).body.data as string;
      expect(state.endsWith(`~${A_HOST}`)).toBe(true);
      const gh = { id: ++nextGithubId, login: 'octo-a', name: 'Octo', email: null };
      const code = fake.issueCode('github', gh);
      // The provider returns to the site's address, where this browser has no cookie: the answer sends it on to the
      // agent's domain with code and state, and nothing is signed in or created here.
      const onSite = await new Browser(t.app).call('GET', `/api/oauth/github?code=${code}&state=${encodeURIComponent(state)}`, undefined, { host: SITE });
      expect(onSite.body).toEqual({
        success: true, message: 'continue',
        data: { continue_url: `http://${A_HOST}/oauth/github?${new URLSearchParams({ code, state })}` },
      });
      expect(await em().count(UserEntity, { github_id: String(gh.id) })).toBe(0);
      const r = await b.call('GET', new URL(onSite.body.data.continue_url).pathname.replace('/oauth/', '/api/oauth/') + new URL(onSite.body.data.continue_url).search, undefined, { host: A_HOST });
      expect(r.body.success, r.body.message).toBe(true);
      expect((await em().findOneOrFail(UserEntity, { github_id: String(gh.id) })).agent_id).toBe(ids.ag_a);
      // a state naming a host that is no live agent, or the host it arrives on, is simply invalid
      for (const [forged, host] of [[`${'x'.repeat(32)}~evil.example.com`, SITE], [`${'x'.repeat(32)}~${A_HOST}`, A_HOST]]) {
        const bad = await new Browser(t.app).call('GET', `/api/oauth/github?code=c&state=${encodeURIComponent(forged)}`, undefined, { host });
        expect(bad.status).toBe(403);
      }
      // on the site's own address the state names no host
      const plain = (await new Browser(t.app).call('GET', '/api/oauth/state', undefined, { host: SITE })).body.data as string;
      expect(plain).not.toContain('~');
      // started on the site with a sub-agent's code: that sub-agent
      const b2 = new Browser(t.app);
      const state2 = (await b2.call('GET', '/api/oauth/state?aff=AGB1', undefined, { host: SITE })).body.data as string;
      const gh2 = { id: ++nextGithubId, login: 'octo-b', name: 'Octo', email: null };
      expect((await b2.call('GET', `/api/oauth/github?code=${fake.issueCode('github', gh2)}&state=${state2}`, undefined, { host: A_HOST })).body.success).toBe(true);
      expect((await em().findOneOrFail(UserEntity, { github_id: String(gh2.id) })).agent_id).toBe(ids.ag_b);
    });

    it('a WeChat sign-up joins the agent of the page\'s host, or of the invite code it sends', async () => {
      fake.wechatCodes.set('wx-code-a', 'wx-a');
      fake.wechatCodes.set('wx-code-b', 'wx-b');
      expect((await new Browser(t.app).call('GET', '/api/oauth/wechat?code=wx-code-a', undefined, { host: B_HOST })).body.success).toBe(true);
      expect((await em().findOneOrFail(UserEntity, { wechat_id: 'wx-a' })).agent_id).toBe(ids.ag_b);
      expect((await new Browser(t.app).call('GET', '/api/oauth/wechat?code=wx-code-b&aff=SUBA', undefined, { host: SITE })).body.success).toBe(true);
      expect((await em().findOneOrFail(UserEntity, { wechat_id: 'wx-b' })).agent_id).toBe(ids.ag_a);
    });
  });

  describe('prices and edits of an agent (design agents.md §2)', () => {
    it('an agent without an exclusive price is held to 1.1 × the site\'s top-up price of its group', async () => {
      const agent = await signInUser(t, 'ag_a');
      const sub = (await user('r_host')).id;
      // Price 7.3 × TopupGroupRatio.default 1 → at least 8.03
      expect((await agent.call('PUT', '/api/user/', { id: sub, exclusive_price: 8 })).body)
        .toEqual({ success: false, message: 'Exclusive price too low: it must be at least 8.03' });
      expect((await agent.call('PUT', '/api/user/', { id: sub, exclusive_price: 8.03 })).body.data.exclusive_price).toBe(8.03);
      // 0 ("the site's price") is below the floor too, once it is a change
      expect((await agent.call('PUT', '/api/user/', { id: sub, exclusive_price: 0 })).body.message).toBe('Exclusive price too low: it must be at least 8.03');
      await t.services.options.set({ TopupGroupRatio: JSON.stringify({ default: 1, vip: 2 }) });
      await em().nativeUpdate(UserEntity, { id: ids.ag_a }, { group: 'vip' });
      expect((await agent.call('PUT', '/api/user/', { id: sub, exclusive_price: 16 })).body.message).toBe('Exclusive price too low: it must be at least 16.06');
      await em().nativeUpdate(UserEntity, { id: ids.ag_a }, { group: 'default' });
    });

    it('with an exclusive price, that price is the base', async () => {
      await em().nativeUpdate(UserEntity, { id: ids.ag_a }, { exclusive_price: 5 });
      const agent = await signInUser(t, 'ag_a');
      const sub = (await user('r_host')).id;
      expect((await agent.call('PUT', '/api/user/', { id: sub, exclusive_price: 5.49 })).body.message).toBe('Exclusive price too low: it must be at least 5.5');
      expect((await agent.call('PUT', '/api/user/', { id: sub, exclusive_price: 5.5 })).body.success).toBe(true);
    });

    it('a parent agent edits its sub-agent within the same floor and gives it quota from its own; manage stays refused', async () => {
      await em().nativeUpdate(UserEntity, { id: ids.ag_a }, { quota: 1000 });
      const agent = await signInUser(t, 'ag_a');
      expect((await agent.call('GET', `/api/user/${ids.ag_b}`)).body.data).toMatchObject({ id: ids.ag_b, username: 'ag_b' });
      expect((await agent.call('PUT', '/api/user/', { id: ids.ag_b, exclusive_price: 5.4 })).body.message).toBe('Exclusive price too low: it must be at least 5.5');
      const r = await agent.call('PUT', '/api/user/', { id: ids.ag_b, exclusive_price: 6, add_quota: 400 });
      expect(r.body.success, r.body.message).toBe(true);
      expect(await user('ag_b')).toMatchObject({ exclusive_price: 6, quota: 400 });
      expect((await user('ag_a')).quota).toBe(600);
      expect((await agent.call('POST', '/api/user/manage', { id: ids.ag_b, action: 'disable' })).body.message)
        .toBe('No permission to act on a user of the same or a higher role');
      // the sub-agent is no parent of its parent
      const child = await signInUser(t, 'ag_b');
      expect((await child.call('PUT', '/api/user/', { id: ids.ag_a, exclusive_price: 100 })).body.message).toBe('User not found');
    });
  });

  describe('moving users between agents (admins)', () => {
    it('moves a sub-user to another live agent, or to none, with a log row', async () => {
      const sub = await user('r_affsub');
      const r = await admin.call('PUT', '/api/user/', { id: sub.id, agent_id: ids.ag_b });
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.data.agent_id).toBe(ids.ag_b);
      const log = await em().findOneOrFail(LogEntity, { user_id: sub.id, type: 3 });
      expect(log.content).toBe(`管理员 admin 将用户所属代理从 ${ids.ag_a} 改为 ${ids.ag_b}`);
      expect((await admin.call('PUT', '/api/user/', { id: sub.id, agent_id: 0 })).body.data.agent_id).toBe(0);
      expect((await admin.call('PUT', '/api/user/', { id: sub.id, agent_id: ids.ag_a })).body.data.agent_id).toBe(ids.ag_a);
    });

    it('refuses a target that is no live agent, the user itself, a cycle, and any agent sending agent_id', async () => {
      const sub = await user('r_affsub');
      expect((await admin.call('PUT', '/api/user/', { id: sub.id, agent_id: ids.plain })).body).toEqual({ success: false, message: 'No such agent, or it has been deleted' });
      expect((await admin.call('PUT', '/api/user/', { id: sub.id, agent_id: 99_999 })).body.message).toBe('No such agent, or it has been deleted');
      expect((await admin.call('PUT', '/api/user/', { id: sub.id, agent_id: sub.id })).body.message).toBe('A user cannot be its own agent');
      expect((await admin.call('PUT', '/api/user/', { id: ids.ag_a, agent_id: ids.ag_b })).body.message).toBe('An agent cannot be moved under one of its own sub-agents');
      const agent = await signInUser(t, 'ag_a');
      expect((await agent.call('PUT', '/api/user/', { id: sub.id, agent_id: ids.ag_a })).body).toEqual({ success: false, message: 'Only an administrator may move a user to another agent' });
      expect((await agent.call('PUT', '/api/user/', { id: sub.id, agent_id: 0 })).body.message).toBe('Only an administrator may move a user to another agent');
      expect((await user('r_affsub')).agent_id).toBe(ids.ag_a);
    });

    it('moving an agent moves its agents row under the new parent too', async () => {
      expect((await addAgent({ agent_id: ids.ag_c, domain: 'agent-c.example.com', referrer_id: ids.ag_a })).body.success).toBe(true);
      expect((await admin.call('PUT', '/api/user/', { id: ids.ag_c, agent_id: ids.ag_b })).body.success).toBe(true);
      expect((await agentRow(ids.ag_c))?.agent_agent_id).toBe(ids.ag_b);
      expect((await user('ag_c')).agent_id).toBe(ids.ag_b);
    });
  });

  describe('ending an agent', () => {
    it('deleting an agent (its user) marks its row deleted and hands its sub-users and sub-agents to its parent', async () => {
      const subsOfB = (await em().find(UserEntity, { agent_id: ids.ag_b })).map((u) => u.id);
      expect(subsOfB.length).toBeGreaterThanOrEqual(3); // r_host2, r_affb, the WeChat user, ag_c
      const r = await admin.call('POST', '/api/user/manage', { username: 'ag_b', action: 'delete' });
      expect(r.body.success, r.body.message).toBe(true);
      expect((await agentRow(ids.ag_b))?.deleted_at).not.toBeNull();
      for (const id of subsOfB) expect((await em().findOneOrFail(UserEntity, { id })).agent_id, String(id)).toBe(ids.ag_a);
      expect((await agentRow(ids.ag_c))?.agent_agent_id).toBe(ids.ag_a);
      const search = await admin.call('GET', `/api/user/search/agents?user_id=${ids.ag_b}`);
      expect(search.body.data.items[0].DeletedAt).toEqual(expect.any(Number));
      expect((await admin.call('GET', '/api/user/agents')).body.data.items.map((a: { agent_id: number }) => a.agent_id).sort())
        .toEqual([ids.ag_a, ids.ag_c].sort());
      await t.services.epochs.pending;
      expect(t.services.branding.agentFor(null, B_HOST)).toBe(0);
    });

    it('a deleted agent is never a target again: moves, new sign-ups on its domain or with its code', async () => {
      const sub = await user('r_affsub');
      expect((await admin.call('PUT', '/api/user/', { id: sub.id, agent_id: ids.ag_b })).body.message).toBe('No such agent, or it has been deleted');
      expect((await register('r_after', { host: B_HOST, aff: 'AGB1' })).agent_id).toBe(0);
      // its domain is free again for a live agent
      const d = await insertUser(t, 'ag_d');
      expect((await addAgent({ agent_id: d, domain: B_HOST, referrer_id: 0 })).body.success).toBe(true);
    });

    it('sign-ups racing the deletion of their agent never stay attached to it', async () => {
      const e = await insertUser(t, 'ag_e');
      expect((await addAgent({ agent_id: e, domain: 'agent-e.example.com', referrer_id: ids.ag_a })).body.success).toBe(true);
      const signUps = Array.from({ length: 8 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/user/register', payload: { username: `race_e_${i}`, password: 'password-1' }, headers: { host: 'agent-e.example.com' } }));
      const [deleted] = await Promise.all([admin.call('POST', '/api/user/manage', { username: 'ag_e', action: 'delete' }), ...signUps]);
      expect(deleted.body.success, deleted.body.message).toBe(true);
      const made = await em().find(UserEntity, { username: { $like: 'race_e_%' } });
      expect(made).toHaveLength(8);
      // each joined the agent before it ended (and moved to its parent with the rest) or came after it (nobody)
      for (const u of made) expect([ids.ag_a, 0], u.username).toContain(u.agent_id);
      expect(await em().count(UserEntity, { agent_id: e })).toBe(0);
    });

    it('an agent deleting its own account ends its agency too: its domain stops branding, its users go to its parent', async () => {
      const d = await user('ag_d');
      const sub = await register('r_of_d', { host: B_HOST });
      expect(sub.agent_id).toBe(d.id);
      const self = await signInUser(t, 'ag_d');
      const r = await self.call('DELETE', '/api/user/self');
      expect(r.body.success, r.body.message).toBe(true);
      expect((await agentRow(d.id))?.deleted_at).not.toBeNull();
      expect((await user('r_of_d')).agent_id).toBe(0);
      await t.services.epochs.pending;
      expect(t.services.branding.agentFor(null, B_HOST)).toBe(0);
      expect((await register('r_after_d', { host: B_HOST })).agent_id).toBe(0);
    });

    it('demoting an agent ends its agency the same way; its users go to its parent (here: none)', async () => {
      const subsOfA = (await em().find(UserEntity, { agent_id: ids.ag_a })).map((u) => u.id);
      expect(subsOfA.length).toBeGreaterThan(3);
      expect((await admin.call('POST', '/api/user/manage', { username: 'ag_a', action: 'demote' })).body.success).toBe(true);
      expect(await user('ag_a')).toMatchObject({ role: 1, deleted_at: null });
      expect((await agentRow(ids.ag_a))?.deleted_at).not.toBeNull();
      for (const id of subsOfA) expect((await em().findOneOrFail(UserEntity, { id })).agent_id).toBe(0);
      expect((await agentRow(ids.ag_c))?.agent_agent_id).toBe(0);
      // made an agent again later, its row comes back with its counters
      expect((await addAgent({ agent_id: ids.ag_a, domain: A_HOST, referrer_id: 0 })).body.data).toMatchObject({ DeletedAt: null, order_num: 3, user_num: 0 });
    });
  });
});
