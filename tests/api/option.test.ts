// /api/option (spec 2 §6, §7): lists by role with secrets masked, one-key saves with the registry's validation and
// the cross-option rules, agent scope enforced on the server, and changes visible at once (status, relay).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionKeys, optionRegistry } from '../../daemon/contract/options.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';

describe('/api/option', () => {
  let t: TestApp;
  let admin: Browser;
  let agent: Browser;
  let user: Browser;

  const addUser = async (username: string, role: number) =>
    Number(await t.services.em.fork().insert(UserEntity, {
      username, password: await hashPassword(`${username}-pass-1`), role, status: 1, group: 'default', quota: 0, display_name: username, created_at: 1,
    }));
  const signIn = async (username: string, password = `${username}-pass-1`) => {
    const b = new Browser(t.app);
    b.lang = 'en';
    const r = await b.login(username, password);
    expect(r.body.success, r.body.message).toBe(true);
    return b;
  };
  const put = (b: Browser, key: string, value: unknown) => b.call('PUT', '/api/option/', { key, value });
  const stored = (key: string) => t.services.options.get(key as never);
  const asMap = (items: Array<{ key: string; value: string; secret_set?: boolean }>) => new Map(items.map((i) => [i.key, i]));

  beforeAll(async () => {
    t = await createTestApp();
    const root = await setupRoot(t.app);
    admin = await signIn(root.username, root.password);
    await addUser('agent1', 10);
    await addUser('plain', 1);
    agent = await signIn('agent1');
    user = await signIn('plain');
  });
  afterAll(() => t?.close());

  it('GET /all: every key for the super admin, secrets masked; refused to agents, users and strangers', async () => {
    expect((await put(admin, 'EpayKey', 'epay-secret-123')).body.success).toBe(true);
    const r = await admin.call('GET', '/api/option/all');
    expect(r.body.success).toBe(true);
    const items = asMap(r.body.data);
    expect([...items.keys()].sort()).toEqual([...optionKeys].sort());
    expect(items.get('EpayKey')).toEqual({ key: 'EpayKey', value: '', secret_set: true });
    expect(items.get('SMTPToken')).toEqual({ key: 'SMTPToken', value: '', secret_set: false });
    expect(items.get('SystemName')).toEqual({ key: 'SystemName', value: 'New API' });
    expect(JSON.stringify(r.body)).not.toContain('epay-secret-123');
    expect(stored('EpayKey')).toBe('epay-secret-123');

    expect((await agent.call('GET', '/api/option/all')).body).toMatchObject({ success: false, message: 'No permission: insufficient role' });
    expect((await user.call('GET', '/api/option/all')).body.success).toBe(false);
    expect((await new Browser(t.app).call('GET', '/api/option/all')).status).toBe(401);
  });

  it('GET /agent and GET /: the agent scope for agents, everything for the super admin, nothing for users', async () => {
    const agentKeys = optionKeys.filter((k) => optionRegistry[k].scope === 'agent').sort();
    const viaAgent = await agent.call('GET', '/api/option/agent');
    expect(viaAgent.body.data.map((i: { key: string }) => i.key).sort()).toEqual(agentKeys);
    expect(asMap(viaAgent.body.data).has('EpayKey')).toBe(false);
    expect(asMap(viaAgent.body.data).has('ModelRequestRateLimitCount')).toBe(false);
    const own = await agent.call('GET', '/api/option/');
    expect(own.body.data.map((i: { key: string }) => i.key).sort()).toEqual(agentKeys);
    const all = await admin.call('GET', '/api/option/');
    expect(all.body.data).toHaveLength(optionKeys.length);
    expect((await user.call('GET', '/api/option/')).body.success).toBe(false);
    expect((await user.call('GET', '/api/option/agent')).body.success).toBe(false);
  });

  it('PUT: one key at a time; normalised value in the answer; changes reach /api/status at once', async () => {
    const r = await put(admin, 'SystemName', 'Gateway One');
    expect(r.body).toEqual({ success: true, message: 'Saved', data: [{ key: 'SystemName', value: 'Gateway One' }] });
    expect((await admin.call('GET', '/api/status')).body.data.system_name).toBe('Gateway One');
    const slash = await put(admin, 'ServerAddress', 'https://gw.example.com///');
    expect(slash.body.data).toEqual([{ key: 'ServerAddress', value: 'https://gw.example.com' }]);
    expect(stored('ServerAddress')).toBe('https://gw.example.com');
    // booleans may arrive as JSON booleans
    expect((await put(admin, 'DrawingEnabled', false)).body.success).toBe(true);
    expect((await admin.call('GET', '/api/status')).body.data.enable_drawing).toBe(false);
    // a secret's answer is masked too
    expect((await put(admin, 'SMTPToken', 'smtp-pass')).body.data).toEqual([{ key: 'SMTPToken', value: '', secret_set: true }]);
  });

  it('saving what is already stored changes nothing', async () => {
    const r = await put(admin, 'SystemName', 'Gateway One');
    expect(r.body).toEqual({ success: true, message: 'You seem to have changed nothing', data: [] });
    admin.lang = 'zh';
    expect((await put(admin, 'SystemName', 'Gateway One')).body.message).toBe('你似乎并没有修改什么');
    admin.lang = 'en';
  });

  it("an agent writes only its own white-label copy and is refused everything else, on the server", async () => {
    expect((await put(admin, 'Notice', 'site notice')).body.success).toBe(true);
    expect((await put(agent, 'Notice', '<b>hello</b>')).body).toMatchObject({ success: true, message: 'Saved' });
    expect((await put(agent, 'TitleSeo', 'SEO title')).body.success).toBe(true);
    expect(stored('Notice')).toBe('site notice'); // the agent's copy (tests/api/agent-options.test.ts), not the site's
    for (const key of ['EpayKey', 'QuotaPerUnit', 'RetryTimes', 'CompletionRatio', 'ModelRequestRateLimitEnabled', 'claude.default_max_tokens', 'DemoSiteEnabled', 'ModelRatio', 'PasswordLoginEnabled', 'SMTPServer']) {
      const r = await put(agent, key, optionRegistry[key as keyof typeof optionRegistry].default);
      expect(r.body, key).toEqual({ success: false, message: `Only the super administrator may change ${key}` });
    }
    agent.lang = 'zh';
    expect((await put(agent, 'EpayId', '1')).body.message).toBe('仅超级管理员可以修改 EpayId');
    agent.lang = 'en';
    expect(stored('EpayId')).toBe('');
    expect((await put(user, 'Notice', 'x')).body).toMatchObject({ success: false, message: 'No permission: insufficient role' });
    expect((await new Browser(t.app).call('PUT', '/api/option/', { key: 'Notice', value: 'x' })).status).toBe(401);
    expect(stored('Notice')).toBe('site notice');
  });

  it('validation messages in English and Chinese; nothing is stored on a refusal', async () => {
    const cases: Array<[string, unknown, string, string]> = [
      ['ModelRatio', '{bad', 'ModelRatio is not a valid JSON string', 'ModelRatio 不是合法的 JSON 字符串'],
      ['Price', 'seven', 'Price: please enter a number', 'Price 请输入数字'],
      ['MinTopUp', '0', 'MinTopUp must be at least 1', 'MinTopUp 不能小于 1'],
      ['ModelRequestRateLimitSuccessCount', '0', 'ModelRequestRateLimitSuccessCount must be at least 1', 'ModelRequestRateLimitSuccessCount 不能小于 1'],
      ['gemini.thinking_adapter_budget_tokens_percentage', '1.5', 'gemini.thinking_adapter_budget_tokens_percentage must be at most 1', 'gemini.thinking_adapter_budget_tokens_percentage 不能大于 1'],
      ['DataExportInterval', '0', 'DataExportInterval must be at least 1', 'DataExportInterval 不能小于 1'],
      ['GroupRatio', '{"default":-1}', 'GroupRatio: the value of default must be a number of at least 0', 'GroupRatio 中 default 的值必须是不小于 0 的数字'],
      ['ApiAddress', '[', 'ApiAddress is not a valid JSON string', 'ApiAddress 不是合法的 JSON 字符串'],
      ['RegisterEnabled', 'maybe', 'RegisterEnabled must be true or false', 'RegisterEnabled 只能是 true 或 false'],
      ['PayAddress', 'ftp://pay', 'PayAddress must be an http(s) URL', 'PayAddress 必须是 http(s) 地址'],
      ['NoSuchKey', 'x', 'Unknown option: NoSuchKey', '未知的配置项：NoSuchKey'],
    ];
    for (const [key, value, en, zh] of cases) {
      const before = optionKeys.includes(key as never) ? stored(key) : undefined;
      expect((await put(admin, key, value)).body, key).toEqual({ success: false, message: en });
      admin.lang = 'zh';
      expect((await put(admin, key, value)).body.message, key).toBe(zh);
      admin.lang = undefined; // no Accept-Language: Chinese
      expect((await put(admin, key, value)).body.message, key).toBe(zh);
      admin.lang = 'en';
      if (before !== undefined) expect(stored(key)).toBe(before);
    }
    expect((await admin.call('PUT', '/api/option/', { key: 'SystemName' })).body.success).toBe(false); // no value
  });

  it('cross-option rules: sign-in providers need their credentials, SMTP 465 forces SSL, price and ratio exclude each other', async () => {
    expect((await put(admin, 'GitHubOAuthEnabled', 'true')).body).toEqual({
      success: false, message: 'Fill in GitHubClientId, GitHubClientSecret before turning on or setting GitHubOAuthEnabled',
    });
    await put(admin, 'GitHubClientId', 'gh-id');
    await put(admin, 'GitHubClientSecret', 'gh-secret');
    expect((await put(admin, 'GitHubOAuthEnabled', 'true')).body.success).toBe(true);
    expect((await admin.call('GET', '/api/status')).body.data).toMatchObject({ github_oauth: true, github_client_id: 'gh-id' });
    expect((await put(admin, 'GitHubClientId', '')).body).toEqual({
      success: false, message: 'GitHubOAuthEnabled is on or set and needs GitHubClientId: turn off or clear GitHubOAuthEnabled first',
    });
    expect((await put(admin, 'TurnstileCheckEnabled', 'true')).body.success).toBe(false);

    const smtp = await put(admin, 'SMTPPort', '465');
    expect(smtp.body.data).toEqual([{ key: 'SMTPPort', value: '465' }, { key: 'SMTPSSLEnabled', value: 'true' }]);
    expect((await put(admin, 'SMTPSSLEnabled', 'false')).body).toEqual({ success: false, message: 'SMTPSSLEnabled must stay on while SMTPPort is 465' });

    await put(admin, 'ModelRatio', '{"a":1,"b":2}');
    await put(admin, 'CompletionRatio', '{"a":3}');
    const price = await put(admin, 'ModelPrice', '{"a":0.05}');
    expect(price.body.data).toEqual([{ key: 'ModelPrice', value: '{"a":0.05}' }, { key: 'ModelRatio', value: '{"b":2}' }, { key: 'CompletionRatio', value: '{}' }]);
    await put(admin, 'ModelRatio', '{"a":4,"b":2}');
    expect(stored('ModelPrice')).toBe('{}');

    expect((await put(admin, 'SelfUseModeEnabled', 'true')).body.success).toBe(true);
    expect((await put(admin, 'DemoSiteEnabled', 'true')).body).toEqual({ success: false, message: 'DemoSiteEnabled and SelfUseModeEnabled cannot both be on' });
    await put(admin, 'SelfUseModeEnabled', 'false');
  });

  it('turning off password sign-in is saved with the lock-out warning', async () => {
    const r = await put(admin, 'PasswordLoginEnabled', 'false');
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('Saved. Note: users with no other sign-in method bound, administrators included, can no longer sign in or register with a password');
    expect((await admin.call('GET', '/api/status')).body.data.password_login_enabled).toBe(false);
    expect((await new Browser(t.app).call('POST', '/api/user/login', { username: 'plain', password: 'plain-pass-1' })).body.success).toBe(false);
    await put(admin, 'PasswordLoginEnabled', 'true');
  });

  it('POST /rest_model_ratio puts the built-in model ratios back (super admin only)', async () => {
    await put(admin, 'ModelRatio', '{"only":1}');
    expect((await agent.call('POST', '/api/option/rest_model_ratio')).body.success).toBe(false);
    expect(stored('ModelRatio')).toBe('{"only":1}');
    expect((await admin.call('POST', '/api/option/rest_model_ratio')).body).toEqual({ success: true, message: 'Model ratios reset to the defaults' });
    expect(stored('ModelRatio')).toBe(optionRegistry.ModelRatio.default);
  });

  it('concurrent saves of related tables apply one after the other (no lost update)', async () => {
    await put(admin, 'ModelPrice', '{}');
    await put(admin, 'ModelRatio', JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`m${i}`, 1]))));
    // ten price saves at once, each removing its own model from ModelRatio: a read outside the lock would lose some
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => put(admin, 'ModelPrice', JSON.stringify({ [`m${i}`]: 0.1 }))));
    expect(all.every((r) => r.body.success)).toBe(true);
    expect(JSON.parse(stored('ModelRatio'))).toEqual({});
  });
});
