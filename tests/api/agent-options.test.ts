// White-label options (design agents.md §5): an agent edits only its own copy of the white-label keys; its domain and
// its sub-users see its values (key by key over the site's); the site, the administrator and other agents never do.
// Every other key is the super admin's alone, refused on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOptionKeys, optionKeys, optionRegistry, type OptionKey } from '../../daemon/contract/options.js';
import { LogType } from '../../daemon/contract/roles.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { AgentEntity } from '../../daemon/modules/agent/agent.entity.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';

describe('white-label options of agents', () => {
  let t: TestApp;
  let admin: Browser;
  let agentA: Browser;
  let agentB: Browser;
  let subA: Browser;
  let siteUser: Browser;
  let idA = 0;
  let idB = 0;

  const addUser = (username: string, role: number, agentId = 0) => insertUser(t, username, { role, agent_id: agentId });
  const addAgent = async (id: number, domain: string) => {
    await t.services.em.fork().insert(AgentEntity, { agent_id: id, domain, agent_agent_id: 0, level: 10, created_at: 1 });
    await t.services.epochs.bump('agents');
    await t.services.epochs.pending;
  };
  const signIn = (username: string) => signInUser(t, username);
  const put = (b: Browser, key: string, value: unknown) => b.call('PUT', '/api/option/', { key, value });
  const visitor = (host?: string) => {
    const b = new Browser(t.app);
    return { get: (url: string) => b.call('GET', url, undefined, host ? { host } : {}) };
  };
  const status = async (b: { get?: (u: string) => ReturnType<Browser['call']>; call?: Browser['call'] }) =>
    (await (b.get ? b.get('/api/status') : b.call!('GET', '/api/status'))).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    const root = await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    await admin.login(root.username, root.password);
    idA = await addUser('agent_a', 10);
    idB = await addUser('agent_b', 10);
    await addUser('sub_a', 1, idA);
    await addUser('site_user', 1);
    await addAgent(idA, 'agent-a.example');
    await addAgent(idB, 'agent-b.example');
    [agentA, agentB, subA, siteUser] = await Promise.all(['agent_a', 'agent_b', 'sub_a', 'site_user'].map(signIn));
    expect((await put(admin, 'SystemName', 'Main Site')).body.success).toBe(true);
    expect((await put(admin, 'Logo', 'https://main.example/logo.png')).body.success).toBe(true);
    expect((await put(admin, 'Notice', 'site notice')).body.success).toBe(true);
  });
  afterAll(() => t?.close());

  it('an agent is refused every key outside the white-label list, in English and Chinese, and nothing is stored', async () => {
    const before = new Map(optionKeys.map((k) => [k, t.services.options.get(k)]));
    for (const key of optionKeys.filter((k) => optionRegistry[k].scope !== 'agent')) {
      const r = await put(agentA, key, optionRegistry[key].default === 'true' ? 'false' : 'x');
      expect(r.body, key).toEqual({ success: false, message: `Only the super administrator may change ${key}` });
    }
    agentA.lang = 'zh';
    expect((await put(agentA, 'PasswordLoginEnabled', 'false')).body.message).toBe('仅超级管理员可以修改 PasswordLoginEnabled');
    agentA.lang = 'en';
    expect(new Map(optionKeys.map((k) => [k, t.services.options.get(k)]))).toEqual(before);
    // the holes this closes: no zero ratios, no sign-in switched off, no SMTP of the agent's own
    for (const [key, value] of [['ModelRatio', '{"gpt-4o":0}'], ['PasswordLoginEnabled', 'false'], ['SMTPServer', 'smtp.evil.example']] as const)
      expect((await put(agentA, key, value)).body.success, key).toBe(false);
    expect((await agentA.call('POST', '/api/option/rest_model_ratio')).body.success).toBe(false);
  });

  it("GET /api/option/agent and GET /api/option/: exactly the white-label keys, with the agent's effective values", async () => {
    for (const url of ['/api/option/agent', '/api/option/']) {
      const r = await agentA.call('GET', url);
      expect(r.body.success).toBe(true);
      expect(r.body.data.map((i: { key: string }) => i.key)).toEqual([...agentOptionKeys]);
      expect(r.body.data.find((i: { key: string }) => i.key === 'SystemName').value).toBe('Main Site'); // the site's, until it sets its own
    }
    expect((await subA.call('GET', '/api/option/agent')).body.success).toBe(false);
    expect((await new Browser(t.app).call('GET', '/api/option/agent')).status).toBe(401);
  });

  it("a save writes only the agent's own copy, with a log naming the agent; the site's value stays", async () => {
    const r = await put(agentA, 'SystemName', 'Agent A Cloud');
    expect(r.body).toEqual({ success: true, message: 'Saved', data: [{ key: 'SystemName', value: 'Agent A Cloud' }] });
    expect(t.services.options.get('SystemName')).toBe('Main Site');
    const rows = await t.services.em.fork().execute('select agent_id, "key", "value" from agent_options');
    expect(rows.map((x: Record<string, unknown>) => ({ ...x, agent_id: Number(x.agent_id) }))).toEqual([{ agent_id: idA, key: 'SystemName', value: 'Agent A Cloud' }]);
    const logs = await t.services.em.fork().execute('select user_id, type, content from logs where user_id = ?', [idA]);
    expect(logs).toHaveLength(1);
    expect(Number(logs[0].type)).toBe(LogType.manage);
    expect(logs[0].content).toContain('agent_a');
    expect(logs[0].content).toContain('SystemName');
    // the same value again: nothing written, no second log
    expect((await put(agentA, 'SystemName', 'Agent A Cloud')).body).toMatchObject({ success: true, message: 'You seem to have changed nothing', data: [] });
    expect(await t.services.em.fork().execute('select id from logs where user_id = ?', [idA])).toHaveLength(1);
    // the values are validated as the site's are
    expect((await put(agentA, 'ApiAddress', '[')).body).toEqual({ success: false, message: 'ApiAddress is not a valid JSON string' });
    expect((await put(agentA, 'TopUpLink', 'javascript:alert(1)')).body.success).toBe(false);
    expect((await put(agentA, 'WorkInfoEnabled', 'maybe')).body.success).toBe(false);
  });

  it("the agent's domain and its sub-users see its values, key by key over the site's", async () => {
    await put(agentA, 'Notice', '**agent A notice**');
    await put(agentA, 'WorkInfoEnabled', 'true');
    await put(agentA, 'HomePageContent', '# Welcome to A');
    await put(agentA, 'Footer', 'A footer');
    await put(agentA, 'TopUpLink', 'https://shop.agent-a.example');
    for (const who of [visitor('agent-a.example'), visitor('Agent-A.example:3000'), { get: (u: string) => subA.call('GET', u) }, { get: (u: string) => agentA.call('GET', u) }]) {
      const s = await status(who);
      expect(s).toMatchObject({ system_name: 'Agent A Cloud', logo: 'https://main.example/logo.png', work_info_enabled: true, top_up_link: 'https://shop.agent-a.example' });
      expect(s.footer_html).toContain('A footer');
      expect((await who.get('/api/notice')).body.data).toContain('<strong>agent A notice</strong>');
      expect((await who.get('/api/home_page_content')).body.data).toContain('Welcome to A');
    }
  });

  it('the site, the administrator, the site’s users and other agents see none of it', async () => {
    await put(agentB, 'SystemName', 'Agent B Hub');
    const who = [visitor(), visitor('main.example'), { get: (u: string) => admin.call('GET', u) }, { get: (u: string) => siteUser.call('GET', u) }];
    for (const w of who) {
      const s = await status(w);
      expect(s).toMatchObject({ system_name: 'Main Site', work_info_enabled: false, top_up_link: '' });
      expect((await w.get('/api/notice')).body.data).toContain('site notice');
    }
    for (const w of [visitor('agent-b.example'), { get: (u: string) => agentB.call('GET', u) }]) {
      const s = await status(w);
      expect(s.system_name).toBe('Agent B Hub');
      expect(s.work_info_enabled).toBe(false);
      expect((await w.get('/api/notice')).body.data).toContain('site notice');
    }
    // a signed-in user's own affiliation wins over the domain it is on
    expect((await status({ get: (u: string) => siteUser.call('GET', u, undefined, { host: 'agent-a.example' }) })).system_name).toBe('Main Site');
    expect((await status({ get: (u: string) => subA.call('GET', u, undefined, { host: 'agent-b.example' }) })).system_name).toBe('Agent A Cloud');
    // the administrator's list is the site's
    const adminList = await admin.call('GET', '/api/option/agent');
    expect(adminList.body.data.find((i: { key: string }) => i.key === 'SystemName').value).toBe('Main Site');
  });

  it("the administrator's change of a key reaches agents that have no value of their own, and only them", async () => {
    await put(admin, 'Logo', 'https://main.example/logo2.png');
    await put(admin, 'SystemName', 'Main Site 2');
    const a = await status(visitor('agent-a.example'));
    expect(a).toMatchObject({ system_name: 'Agent A Cloud', logo: 'https://main.example/logo2.png' });
    expect((await status(visitor())).system_name).toBe('Main Site 2');
  });

  it("a deleted agent's domain and sub-users fall back to the site", async () => {
    await t.services.em.fork().execute('update agents set deleted_at = 1 where agent_id = ?', [idA], 'run');
    await t.services.epochs.bump('agents');
    await t.services.epochs.pending;
    expect((await status(visitor('agent-a.example'))).system_name).toBe('Main Site 2');
    expect((await status({ get: (u: string) => subA.call('GET', u) })).system_name).toBe('Main Site 2');
  });

  it('another process sees an agent’s save (the agent_options epoch)', async () => {
    await t.services.em.fork().execute('insert into agent_options (agent_id, "key", "value") values (?, ?, ?)', [idB, 'Keywords', 'b, hub'], 'run');
    await t.services.epochs.bump('agent_options');
    await t.services.epochs.pending;
    expect((await status(visitor('agent-b.example'))).keywords_seo).toBe('b, hub');
  });
});

describe('X-Forwarded-Host', () => {
  const run = async (trust: boolean) => {
    const t = await createTestApp({ overrides: { 'server.trust_proxy': trust } });
    try {
      await setupRoot(t.app);
      const id = Number(await t.services.em.fork().insert(UserEntity, {
        username: 'fwd_agent', password: 'x', role: 10, status: 1, group: 'default', quota: 0, display_name: 'fwd', created_at: 1,
      }));
      await t.services.em.fork().insert(AgentEntity, { agent_id: id, domain: 'fwd.example', agent_agent_id: 0, level: 10, created_at: 1 });
      await t.services.agentOptions.set({ id, username: 'fwd_agent' }, 'SystemName' as OptionKey, 'Forwarded Agent');
      await t.services.epochs.bump('agents');
      await t.services.epochs.pending;
      const r = await t.app.inject({ method: 'GET', url: '/api/status', headers: { host: 'gateway.internal', 'x-forwarded-host': 'fwd.example' } });
      return r.json().data.system_name as string;
    } finally {
      await t.close();
    }
  };
  it('names the agent only when server.trust_proxy is on', async () => {
    expect(await run(false)).toBe('New API');
    expect(await run(true)).toBe('Forwarded Agent');
  });
});
