// An agent (role 10) managing its sub-users (spec 1 §4-§6): it sees only users whose agent id is its own, through
// the agent endpoints, may enable or disable them and edit them within its limits. Every limit is called here
// directly with the forbidden payload, as a hostile client would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { SessionEntity } from '../../daemon/modules/session/session.entity.js';
import { LogEntity } from '../../daemon/modules/log/log.entity.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';

describe('user management as agent', () => {
  let t: TestApp;
  let agent: Browser;
  let agentId: number;
  let otherAgentId: number;
  let mine: number;
  let mine2: number;
  let theirs: number;
  let loose: number;

  const em = () => t.services.em.fork();
  const row = (id: number) => em().findOneOrFail(UserEntity, { id });
  const addUser = (username: string, f: Parameters<typeof insertUser>[2] = {}) => insertUser(t, username, f);
  const signIn = (username: string) => signInUser(t, username);
  const update = (body: Record<string, unknown>) => agent.call('PUT', '/api/user/', body);
  const manage = (body: Record<string, unknown>) => agent.call('POST', '/api/user/manage', body);
  const names = (r: { body: { data?: any } }) => (r.body.data.items as Array<{ username: string }>).map((u) => u.username).sort();

  beforeAll(async () => {
    t = await createTestApp();
    await setupRoot(t.app);
    agentId = await addUser('agent1', { role: 10, exclusive_price: 1.0 });
    otherAgentId = await addUser('agent2', { role: 10 });
    mine = await addUser('sub_a', { agent_id: agentId, quota: 1000, group: 'default' });
    mine2 = await addUser('sub_b', { agent_id: agentId, group: 'vip' });
    theirs = await addUser('sub_c', { agent_id: otherAgentId, quota: 1000 });
    loose = await addUser('loner');
    agent = await signIn('agent1');
  });
  afterAll(() => t.close());

  it('lists only its own sub-users, with the sub-user fields and no agent id', async () => {
    const r = await agent.call('GET', '/api/user/agent/?p=1&page_size=10');
    expect(r.body.success, r.body.message).toBe(true);
    expect(names(r)).toEqual(['sub_a', 'sub_b']);
    expect(r.body.data).toMatchObject({ total: 2, page: 1, page_size: 10 });
    for (const u of r.body.data.items) {
      expect(u).not.toHaveProperty('agent_id');
      expect(u).not.toHaveProperty('allow_groups');
      expect(u).not.toHaveProperty('models_ratio');
    }
    expect(names(await agent.call('GET', '/api/user/agent'))).toEqual(['sub_a', 'sub_b']);
  });

  it('searches only within its own sub-users, by keyword and group', async () => {
    expect(names(await agent.call('GET', '/api/user/search/agent?keyword=sub_'))).toEqual(['sub_a', 'sub_b']);
    expect(names(await agent.call('GET', '/api/user/search/agent?keyword=sub_c'))).toEqual([]);
    expect(names(await agent.call('GET', '/api/user/search/agent?keyword=loner'))).toEqual([]);
    expect(names(await agent.call('GET', '/api/user/search/agent?group=vip'))).toEqual(['sub_b']);
  });

  it('cannot use the admin list, search or create', async () => {
    for (const [method, url] of [['GET', '/api/user/'], ['GET', '/api/user/search?keyword=sub'], ['POST', '/api/user/']] as const) {
      const r = await agent.call(method, url, method === 'POST' ? { username: 'made', password: 'made-pass-1' } : undefined);
      expect(r.body, `${method} ${url}`).toEqual({ success: false, message: 'No permission: insufficient role' });
    }
    expect(await em().count(UserEntity, { username: 'made' })).toBe(0);
  });

  it('reads its own sub-user; any other user is "not found"', async () => {
    const r = await agent.call('GET', `/api/user/${mine}`);
    expect(r.body.data).toMatchObject({ id: mine, username: 'sub_a', quota: 1000 });
    expect(r.body.data).not.toHaveProperty('agent_id');
    for (const id of [theirs, loose, otherAgentId, agentId, 1]) {
      expect((await agent.call('GET', `/api/user/${id}`)).body, String(id)).toEqual({ success: false, message: 'User not found' });
    }
  });

  it('enables and disables its sub-users; the disabled one is signed out at once', async () => {
    const sub = await signIn('sub_a');
    const r = await manage({ username: 'sub_a', action: 'disable' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.data).toMatchObject({ id: mine, status: 2 });
    expect(r.body.data).not.toHaveProperty('agent_id');
    expect((await sub.call('GET', '/api/user/self')).status).toBe(401);
    expect(await em().count(SessionEntity, { user_id: mine })).toBe(0);
    expect((await manage({ id: mine, action: 'enable' })).body.data.status).toBe(1);
  });

  it.each(['promote', 'demote', 'delete'])('may not %s, even its own sub-user', async (action) => {
    const r = await manage({ username: 'sub_b', action });
    expect(r.body).toEqual({ success: false, message: 'Agents may only enable or disable users' });
    expect(await row(mine2)).toMatchObject({ role: 1, status: 1, deleted_at: null });
  });

  it('may not touch users that are not its sub-users', async () => {
    for (const username of ['sub_c', 'loner', 'agent2', 'admin', 'agent1']) {
      expect((await manage({ username, action: 'disable' })).body, username).toEqual({ success: false, message: 'User not found' });
    }
    for (const id of [theirs, loose]) {
      expect((await update({ id, display_name: 'hijacked' })).body).toEqual({ success: false, message: 'User not found' });
      expect((await update({ id, add_quota: 100 })).body.success).toBe(false);
    }
    expect(await row(theirs)).toMatchObject({ status: 1, display_name: 'sub_c', quota: 1000 });
    expect(await row(loose)).toMatchObject({ status: 1, display_name: 'loner' });
  });

  it('may edit, but not manage, a sub-user of its own rank (its sub-agent, design agents.md §2)', async () => {
    const peer = await addUser('sub_peer', { agent_id: agentId, role: 10 });
    expect((await manage({ id: peer, action: 'disable' })).body).toEqual({ success: false, message: 'No permission to act on a user of the same or a higher role' });
    expect((await row(peer)).status).toBe(1);
    // the quota comes out of the agent's own balance, which is empty here
    expect((await update({ id: peer, add_quota: 5 })).body.message).toBe('Your own quota is not enough to give this user $0.000010');
    expect((await update({ id: peer, display_name: 'Peer' })).body.data.display_name).toBe('Peer');
  });

  it('edits name, display name and password of a sub-user', async () => {
    const r = await update({ id: mine2, display_name: 'Sub B', password: 'new-sub-pass-1' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.data.display_name).toBe('Sub B');
    expect((await new Browser(t.app).login('sub_b', 'new-sub-pass-1')).body.success).toBe(true);
    // the change is on the sub-user's record, naming the agent and what changed, never the password itself
    const [log] = await em().find(LogEntity, { user_id: mine2, type: 3 }, { orderBy: { id: 'desc' }, limit: 1 });
    expect(log?.content).toBe('代理 agent1 修改了用户的 display_name, password');
  });

  it('leaves a line naming the agent when it disables or enables a sub-user', async () => {
    expect((await manage({ id: mine2, action: 'disable' })).body.success).toBe(true);
    expect((await manage({ id: mine2, action: 'enable' })).body.success).toBe(true);
    const logs = await em().find(LogEntity, { user_id: mine2, type: 3 }, { orderBy: { id: 'desc' }, limit: 2 });
    expect(logs.map((l) => l.content)).toEqual(['代理 agent1 对用户执行了 enable', '代理 agent1 对用户执行了 disable']);
  });

  it('adds non-negative quota out of its own balance, recorded as the agent\'s change', async () => {
    await em().nativeUpdate(UserEntity, { id: agentId }, { quota: 1100 });
    const r = await update({ id: mine, add_quota: 500 });
    expect(r.body.data.quota).toBe(1500);
    const log = await em().findOneOrFail(LogEntity, { user_id: mine, type: 3 });
    expect(log.content).toContain('代理 agent1');
    const raised = await update({ id: mine, quota: 2000 });
    expect(raised.body.data.quota).toBe(2000);
    expect(Number((await row(agentId)).quota)).toBe(100); // 1100 − 500 − 500
    expect((await em().find(LogEntity, { user_id: agentId, type: 3 })).map((l) => l.content)).toHaveLength(2);
    // more than the agent has: refused, and nothing moves on either side
    const refused = await update({ id: mine, add_quota: 101 });
    expect(refused.body).toEqual({ success: false, message: 'Your own quota is not enough to give this user $0.000202' });
    expect(Number((await row(mine)).quota)).toBe(2000);
    expect(Number((await row(agentId)).quota)).toBe(100);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ add_quota: -1 }, 'An agent cannot add negative quota'],
    [{ quota: -5 }, 'An agent cannot add negative quota'],
    [{ quota: 10 }, 'An agent cannot lower a user\'s quota'],
    [{ exclusive_price: 1.09 }, 'Exclusive price too low: it must be at least 1.1'],
    [{ exclusive_price: 0 }, 'Exclusive price too low: it must be at least 1.1'],
    [{ allow_groups: 'vip' }, 'Agents may not change allow_groups'],
    [{ allow_groups: '' }, 'Agents may not change allow_groups'],
    [{ models_ratio: '{"gpt-4o":0.1}' }, 'Agents may not change models_ratio'],
    [{ group: 'vip' }, 'Agents may not change the group'],
    [{ role: 10 }, 'The role changes only through promote or demote'],
    [{ status: 2 }, 'The status changes only through enable or disable'],
    [{ display_name: 'x', add_quota: -100 }, 'An agent cannot add negative quota'],
  ])('refuses the forbidden edit %j and changes nothing', async (patch, message) => {
    await em().nativeUpdate(UserEntity, { id: mine }, { exclusive_price: 2 });
    const before = await row(mine);
    const r = await update({ id: mine, ...patch });
    expect(r.body).toEqual({ success: false, message });
    expect(await row(mine)).toEqual(before);
  });

  it('sets an exclusive price of at least 1.1 times its own', async () => {
    expect((await update({ id: mine, exclusive_price: 1.1 })).body.data.exclusive_price).toBe(1.1);
    expect((await update({ id: mine, exclusive_price: 3 })).body.data.exclusive_price).toBe(3);
    // sending back the stored group unchanged is fine
    expect((await update({ id: mine, group: 'default', display_name: 'A' })).body.success).toBe(true);
  });

  it('follows its own price as it is now', async () => {
    await em().nativeUpdate(UserEntity, { id: agentId }, { exclusive_price: 2 });
    expect((await update({ id: mine, exclusive_price: 2.19 })).body.message).toBe('Exclusive price too low: it must be at least 2.2');
    expect((await update({ id: mine, exclusive_price: 2.2 })).body.success).toBe(true);
  });

  it('loses every right over its sub-users once demoted', async () => {
    const admin = new Browser(t.app);
    admin.lang = 'en';
    await admin.login('admin', 'correct-horse-1');
    expect((await admin.call('POST', '/api/user/manage', { username: 'agent1', action: 'demote' })).body.success).toBe(true);
    const again = await signIn('agent1');
    expect((await again.call('GET', '/api/user/agent/')).body.message).toBe('No permission: insufficient role');
    expect((await again.call('POST', '/api/user/manage', { username: 'sub_a', action: 'disable' })).body.message).toBe('No permission: insufficient role');
  });
});
