// An agent's view of usage logs (design agents.md §6, spec 3 "Usage log"): its own lines (agent shares among them)
// or, with all_users, its sub-users' lines; never another agent's users, never channel details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentEntity } from '../../daemon/modules/agent/agent.entity.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';

const NOW = 1_800_000_000;
type Row = { user_id: number; username: string; type: number; channel: number; channel_name: string; other: string; id: number };

describe('agent view of usage logs', () => {
  let t: TestApp;
  let agentA: Browser;
  let agentB: Browser;
  let admin: Browser;
  const id: Record<string, number> = {};

  const users = (r: { body: { data?: any } }) => [...new Set((r.body.data.items as Row[]).map((x) => x.username))].sort();

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    const root = await setupRoot(t.app);
    const em = t.services.em.fork();
    for (const name of ['agent_a', 'agent_b']) {
      id[name] = await insertUser(t, name, { role: 10 });
      await em.insert(AgentEntity, { agent_id: id[name], domain: `${name.replace('_', '-')}.example.com`, level: 10, created_at: 1 });
    }
    id.sub1 = await insertUser(t, 'sub1', { agent_id: id.agent_a });
    id.sub2 = await insertUser(t, 'sub2', { agent_id: id.agent_a });
    id.sub_b = await insertUser(t, 'sub_b', { agent_id: id.agent_b });
    id.loner = await insertUser(t, 'loner');
    const other = JSON.stringify({ model_ratio: 2, admin_info: { use_channel: [3, 5] } });
    const add = (who: string, o: Record<string, unknown> = {}) =>
      t.services.usage.add({
        type: 2, created_at: NOW - 30, user_id: id[who] ?? 1, username: who, model_name: 'gpt-4o', token_name: 'k', quota: 100,
        prompt_tokens: 10, completion_tokens: 5, channel: 5, channel_name: 'secret-upstream', other, ...o,
      });
    add('agent_a', { quota: 1 });
    add('agent_a', { type: 5, quota: 0, model_name: '', content: 'agent share of order T1', channel: 0, channel_name: '', other: '' });
    add('sub1');
    add('sub1', { quota: 200, created_at: NOW - 3600 });
    add('sub2', { quota: 50, model_name: 'claude' });
    add('sub2', { type: 6, quota: 0, content: 'upstream error' });
    add('sub_b', { quota: 7000 });
    add('agent_b', { type: 5, quota: 0, content: 'agent share of order T2', other: '' });
    add('loner', { quota: 9000 });
    add('admin', { quota: 3 });
    await t.services.usage.flush();
    agentA = await signInUser(t, 'agent_a');
    agentB = await signInUser(t, 'agent_b');
    admin = new Browser(t.app);
    admin.lang = 'en';
    await admin.login(root.username, root.password);
  });
  afterAll(() => t.close());

  it("shows an agent its own lines by default, the agent-share type among them", async () => {
    for (const q of ['', '?all_users=false']) {
      const r = await agentA.call('GET', `/api/log/agent${q}`);
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.data.total).toBe(2);
      expect(users(r)).toEqual(['agent_a']);
    }
    const shares = await agentA.call('GET', '/api/log/agent?type=5');
    expect(shares.body.data.items).toMatchObject([{ type: 5, content: 'agent share of order T1', user_id: id.agent_a }]);
  });

  it('with all_users, lists every sub-user of the agent and nobody else, without channel or admin details', async () => {
    const r = await agentA.call('GET', '/api/log/agent?all_users=true&page_size=100');
    expect(users(r)).toEqual(['sub1', 'sub2']);
    expect(r.body.data.total).toBe(4);
    for (const row of r.body.data.items as Row[]) {
      expect([id.sub1, id.sub2]).toContain(row.user_id);
      expect(row.channel).toBe(0);
      expect(row.channel_name).toBe('');
      expect(row.other).not.toContain('admin_info');
      expect(row.id).toBeLessThan(1024);
    }
    expect(JSON.stringify(r.body)).not.toContain('secret-upstream');
    // the other agent sees its own sub-user only
    expect(users(await agentB.call('GET', '/api/log/agent?all_users=true'))).toEqual(['sub_b']);
  });

  it('narrows by username and user id only within its sub-users; another user gives nothing', async () => {
    const byId = await agentA.call('GET', `/api/log/agent?all_users=true&user_id=${id.sub1}`);
    expect(users(byId)).toEqual(['sub1']);
    expect(byId.body.data.total).toBe(2);
    expect(users(await agentA.call('GET', '/api/log/agent?all_users=true&username=sub2'))).toEqual(['sub2']);
    expect(users(await agentA.call('GET', '/api/log/agent?all_users=true&username=sub%25'))).toEqual(['sub1', 'sub2']);
    for (const q of [`user_id=${id.sub_b}`, `user_id=${id.loner}`, 'user_id=1', 'username=sub_b', 'username=loner', 'username=admin']) {
      for (const all of ['true', 'false']) {
        const r = await agentA.call('GET', `/api/log/agent?all_users=${all}&${q}`);
        expect(r.body.data, `${all} ${q}`).toMatchObject({ total: 0, items: [] });
      }
    }
    // channel is an admin filter: ignored here, so it can neither leak nor probe channel ids
    expect((await agentA.call('GET', '/api/log/agent?all_users=true&channel=999')).body.data.total).toBe(4);
    // the other filters work as in the other views
    const claude = await agentA.call('GET', '/api/log/agent?all_users=true&model_name=claude');
    expect(claude.body.data.items).toMatchObject([{ username: 'sub2', quota: 50 }]);
    const errors = await agentA.call('GET', '/api/log/agent?all_users=true&type=6');
    expect(errors.body.data.items).toMatchObject([{ username: 'sub2', content: 'upstream error', channel: 0 }]);
  });

  it('computes statistics over the same scope', async () => {
    const subs = await agentA.call('GET', '/api/log/agent/stat?all_users=true');
    expect(subs.body.data).toEqual({ quota: 100 + 200 + 50, rpm: 2, tpm: 30 });
    const windowed = await agentA.call('GET', `/api/log/agent/stat?all_users=true&start_timestamp=${NOW - 60}&user_id=${id.sub1}`);
    expect(windowed.body.data).toEqual({ quota: 100, rpm: 1, tpm: 15 });
    expect((await agentA.call('GET', '/api/log/agent/stat')).body.data).toEqual({ quota: 1, rpm: 1, tpm: 15 });
    expect((await agentA.call('GET', `/api/log/agent/stat?all_users=true&user_id=${id.loner}`)).body.data).toEqual({ quota: 0, rpm: 0, tpm: 0 });
  });

  it('follows a sub-user moved to another agent at once (the scope is read from users on every call)', async () => {
    await t.services.em.fork().nativeUpdate(UserEntity, { id: id.sub2 }, { agent_id: id.agent_b });
    try {
      expect(users(await agentA.call('GET', '/api/log/agent?all_users=true'))).toEqual(['sub1']);
      expect(users(await agentB.call('GET', '/api/log/agent?all_users=true'))).toEqual(['sub2', 'sub_b']);
    } finally {
      await t.services.em.fork().nativeUpdate(UserEntity, { id: id.sub2 }, { agent_id: id.agent_a });
    }
  });

  it('refuses users and sub-users, asks anonymous callers to sign in; an admin is scoped by its own id', async () => {
    for (const name of ['sub1', 'loner']) {
      const b = await signInUser(t, name);
      for (const url of ['/api/log/agent?all_users=true', '/api/log/agent/stat']) {
        expect((await b.call('GET', url)).body, `${name} ${url}`).toEqual({ success: false, message: 'No permission: insufficient role' });
      }
    }
    const anon = new Browser(t.app);
    expect((await anon.call('GET', '/api/log/agent')).status).toBe(401);
    expect((await anon.call('GET', '/api/log/agent/stat')).status).toBe(401);
    expect(users(await admin.call('GET', '/api/log/agent'))).toEqual(['admin']);
    expect((await admin.call('GET', '/api/log/agent?all_users=true')).body.data.total).toBe(0);
  });

  it('rejects a malformed all_users', async () => {
    const r = await agentA.call('GET', '/api/log/agent?all_users=maybe');
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
  });
});
