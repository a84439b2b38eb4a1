// Every user and status answer is built from an explicit field list (lessons §2e: the new-api and one-api
// escalations came from serialising ORM rows). For each role — normal user, agent, a second super admin and the
// root from setup — call every user and status endpoint that role may call and check the keys of each answer, and
// that no password hash, access token (not even the caller's own, outside /api/user/token) or secret appears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionKeys } from '../../daemon/contract/options.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';

// Written out on purpose (not imported from the contract): adding a field to an answer must be a visible decision.
const LOGIN_KEYS = ['display_name', 'group', 'id', 'role', 'status', 'username'];
const SUB_USER_KEYS = [
  'DeletedAt', 'created_at', 'display_name', 'email', 'exclusive_price', 'group', 'id', 'last_login_time', 'quota', 'request_count',
  'role', 'status', 'used_quota', 'username',
];
const MANAGED_USER_KEYS = [
  ...SUB_USER_KEYS, 'aff_count', 'aff_history_quota', 'aff_quota', 'agent_id', 'allow_groups', 'github_id', 'inviter_id',
  'linux_do_id', 'models_ratio', 'order_num', 'referrer_id', 'telegram_id', 'wechat_id',
].sort();
const PAGE_KEYS = ['items', 'page', 'page_size', 'total'];
/** Keys that must never appear in any answer about users. */
const NEVER = ['password', 'access_token', 'auth_version', 'webhook_secret', 'secret', 'password_hash', 'deleted_at'];
const SECRET_OPTIONS = ['EpayKey', 'SMTPToken', 'GitHubClientSecret', 'LinuxDOClientSecret', 'WeChatServerToken', 'TelegramBotToken', 'TurnstileSecretKey', 'WorkerValidKey'];

function keysDeep(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysDeep(x, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) {
    out.add(k);
    keysDeep(x, out);
  }
  return out;
}
const sorted = (o: object) => Object.keys(o).sort();

describe('user answers carry only their listed fields, for every role', () => {
  let t: TestApp;
  const secrets: string[] = [];
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const sessions: Record<string, Browser> = {};
  const seen: Array<{ who: string; call: string; text: string; data: unknown }> = [];

  const em = () => t.services.em.fork();
  const addUser = async (username: string, role: number, agentId = 0) => {
    ids[username] = Number(await em().insert(UserEntity, {
      username, password: await hashPassword(`${username}-pass-1`), role, status: 1, agent_id: agentId, display_name: username, created_at: 1,
      setting: JSON.stringify({ notify_type: 'webhook', webhook_url: 'https://hooks.example.com/x', webhook_secret: `whsec-${username}-0001` }),
    }));
    secrets.push(`whsec-${username}-0001`);
  };
  const call = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const r = await sessions[who].call(method, url, body);
    seen.push({ who, call: `${method} ${url}`, text: JSON.stringify(r.body), data: r.body.data });
    return r;
  };
  const expectOk = (r: { body: { success: boolean; message: string } }, what: string) => expect(r.body.success, `${what}: ${r.body.message}`).toBe(true);

  beforeAll(async () => {
    t = await createTestApp();
    await setupRoot(t.app, 'root', 'root-pass-123');
    ids.root = (await em().findOneOrFail(UserEntity, { username: 'root' })).id;
    await addUser('admin2', 100);
    await addUser('agent', 10);
    await addUser('user', 1);
    await addUser('sub', 1, ids.agent);
    await em().nativeUpdate(UserEntity, { id: ids.agent }, { quota: 1_000_000 }); // an agent gives from its own balance
    for (const [name, id] of Object.entries(ids)) {
      tokens[name] = `access-${name}-${'x'.repeat(20)}`;
      await em().nativeUpdate(UserEntity, { id }, { access_token: tokens[name] });
    }
    for (const key of SECRET_OPTIONS.filter((k) => (optionKeys as readonly string[]).includes(k))) {
      const value = `option-secret-${key}-7f3a`;
      await t.services.options.set({ [key]: value });
      secrets.push(value);
    }
    for (const who of ['root', 'admin2', 'agent', 'user']) {
      sessions[who] = new Browser(t.app);
      const r = await sessions[who].login(who, who === 'root' ? 'root-pass-123' : `${who}-pass-1`);
      expect(r.body.success, r.body.message).toBe(true);
      expect(sorted(r.body.data)).toEqual(LOGIN_KEYS);
      seen.push({ who, call: 'POST /api/user/login', text: JSON.stringify(r.body), data: r.body.data });
    }
  });
  afterAll(() => t.close());

  it.each(['root', 'admin2', 'agent', 'user'])('%s: status, setup and own-user calls', async (who) => {
    for (const url of ['/api/status', '/api/setup', '/api/notice']) expectOk(await call(who, 'GET', url), url);
    const self = await call(who, 'GET', '/api/user/self');
    expectOk(self, 'self');
    expect(self.body.data.id).toBe(ids[who]);
    for (const k of NEVER) expect(self.body.data, `self has ${k}`).not.toHaveProperty(k);
    // Other calls about the signed-in user, where they exist in this build (registered by their own modules).
    for (const url of ['/api/user/aff', '/api/user/models', '/api/user/self/groups', '/api/user/groups']) {
      if (!t.app.hasRoute({ method: 'GET', url })) continue;
      expect((await call(who, 'GET', url)).status, url).toBe(200);
    }
  });

  it.each(['root', 'admin2'])('%s: every management call answers management rows only', async (who) => {
    for (const url of ['/api/user/?p=1&page_size=100', '/api/user/search?keyword=a&p=1&page_size=100', '/api/user/search?group=default']) {
      const r = await call(who, 'GET', url);
      expectOk(r, url);
      expect(sorted(r.body.data)).toEqual(PAGE_KEYS);
      expect(r.body.data.items.length).toBeGreaterThan(0);
      for (const u of r.body.data.items) expect(sorted(u), `${url} #${u.id}`).toEqual(MANAGED_USER_KEYS);
    }
    const get = await call(who, 'GET', `/api/user/${ids.user}`);
    expect(sorted(get.body.data)).toEqual(MANAGED_USER_KEYS);
    const created = await call(who, 'POST', '/api/user/', { username: `new_${who}`, password: 'created-pass-1' });
    expect(sorted(created.body.data)).toEqual(MANAGED_USER_KEYS);
    const edited = await call(who, 'PUT', '/api/user/', { id: created.body.data.id, display_name: 'Edited', add_quota: 10 });
    expect(sorted(edited.body.data)).toEqual(MANAGED_USER_KEYS);
    for (const action of ['disable', 'enable', 'promote', 'demote', 'delete']) {
      const m = await call(who, 'POST', '/api/user/manage', { username: `new_${who}`, action });
      expectOk(m, action);
      expect(sorted(m.body.data), action).toEqual(MANAGED_USER_KEYS);
    }
    expectOk(await call(who, 'GET', '/api/group/'), 'groups');
  });

  it('agent: every sub-user call answers sub-user rows only', async () => {
    for (const url of ['/api/user/agent/?p=1&page_size=10', '/api/user/search/agent?keyword=sub']) {
      const r = await call('agent', 'GET', url);
      expectOk(r, url);
      expect(sorted(r.body.data)).toEqual(PAGE_KEYS);
      expect(r.body.data.items).toHaveLength(1);
      for (const u of r.body.data.items) expect(sorted(u), url).toEqual(SUB_USER_KEYS);
    }
    expect(sorted((await call('agent', 'GET', `/api/user/${ids.sub}`)).body.data)).toEqual(SUB_USER_KEYS);
    expect(sorted((await call('agent', 'PUT', '/api/user/', { id: ids.sub, display_name: 'Sub', add_quota: 5 })).body.data)).toEqual(SUB_USER_KEYS);
    for (const action of ['disable', 'enable']) {
      expect(sorted((await call('agent', 'POST', '/api/user/manage', { username: 'sub', action })).body.data)).toEqual(SUB_USER_KEYS);
    }
    expectOk(await call('agent', 'GET', '/api/group/'), 'groups');
  });

  it('no answer holds a forbidden key, a password hash, an access token or a secret', () => {
    expect(seen.length).toBeGreaterThan(40);
    for (const s of seen) {
      const keys = keysDeep(s.data);
      for (const k of NEVER) expect(keys.has(k), `${s.who} ${s.call} has key ${k}`).toBe(false);
      expect(s.text, `${s.who} ${s.call}`).not.toContain('$argon2');
      for (const [name, tok] of Object.entries(tokens)) expect(s.text.includes(tok), `${s.who} ${s.call} shows ${name}'s access token`).toBe(false);
      for (const secret of secrets) {
        // A user's own notification settings are theirs to read back; nobody else's, and never an option secret.
        const own = secret === `whsec-${s.who}-0001` && s.call === 'GET /api/user/self';
        if (!own) expect(s.text.includes(secret), `${s.who} ${s.call} shows ${secret}`).toBe(false);
      }
    }
  });
});
