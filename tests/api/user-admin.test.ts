// User management by a super admin (spec 1 "User management", §4-§7; reference §7.5): list, search, get, create,
// edit, and the manage actions with their rank and root rules, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { SessionEntity } from '../../daemon/modules/session/session.entity.js';
import { LogEntity } from '../../daemon/modules/log/log.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';

describe('user management as super admin: /api/user', () => {
  let t: TestApp;
  let now = 1_900_000_000;
  let admin: Browser;
  let rootId: number;

  const em = () => t.services.em.fork();
  const row = (id: number) => em().findOneOrFail(UserEntity, { id });
  const epoch = async () => (await t.services.epochs.read()).get('users') ?? 0;
  const addUser = async (username: string, f: Partial<{ role: number; status: number; group: string; email: string; display_name: string; quota: number; agent_id: number }> = {}) =>
    Number(await em().insert(UserEntity, {
      username, password: await hashPassword(`${username}-pass-1`), role: f.role ?? 1, status: f.status ?? 1, group: f.group ?? 'default',
      email: f.email ?? '', display_name: f.display_name ?? username, quota: f.quota ?? 0, agent_id: f.agent_id ?? 0, created_at: now,
    }));
  const signIn = async (username: string, password = `${username}-pass-1`) => {
    const b = new Browser(t.app);
    b.lang = 'en';
    const r = await b.login(username, password);
    expect(r.body.success, r.body.message).toBe(true);
    return b;
  };
  const create = (body: Record<string, unknown>) => admin.call('POST', '/api/user/', body);
  const update = (body: Record<string, unknown>) => admin.call('PUT', '/api/user/', body);
  const manage = (body: Record<string, unknown>) => admin.call('POST', '/api/user/manage', body);

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const root = await setupRoot(t.app);
    admin = await signIn(root.username, root.password);
    rootId = admin.userId!;
  });
  afterAll(() => t.close());

  it('refuses anonymous calls with 401 and normal users with "insufficient role"', async () => {
    await addUser('plain');
    const plain = await signIn('plain');
    const anon = new Browser(t.app);
    const calls = [
      ['GET', '/api/user/'], ['GET', '/api/user/search?keyword=a'], ['GET', '/api/user/1'], ['POST', '/api/user/'],
      ['PUT', '/api/user/'], ['POST', '/api/user/manage'], ['GET', '/api/user/agent/'], ['GET', '/api/user/search/agent'],
      ['GET', '/api/group/'],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'GET' ? undefined : { id: 1, username: 'x', password: 'y', action: 'disable' };
      const a = await anon.call(method, url, body);
      expect(a.status, `${method} ${url}`).toBe(401);
      const p = await plain.call(method, url, body);
      expect(p.body, `${method} ${url}`).toEqual({ success: false, message: 'No permission: insufficient role' });
    }
  });

  it('creates a user from the add-user drawer: role 1, display name defaulting to the username, no inviter', async () => {
    const before = await epoch();
    const r = await create({ username: 'carol', password: 'carol-pass-1' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.data).toMatchObject({ username: 'carol', display_name: 'carol', role: 1, status: 1, group: 'default', quota: 0, inviter_id: 0, agent_id: 0, created_at: now, DeletedAt: null });
    expect(await epoch()).toBeGreaterThan(before);
    const stored = await row(r.body.data.id);
    expect(stored.password).toMatch(/^\$argon2/);
    expect(stored.password).not.toContain('carol-pass-1');
    const carol = await signIn('carol', 'carol-pass-1');
    expect(carol.userId).toBe(r.body.data.id);
  });

  it('gives a created user the new-user quota and records it', async () => {
    await t.services.options.set({ QuotaForNewUser: '250000' });
    const r = await create({ username: 'gifted', password: 'gifted-pass-1', display_name: 'Gifted One' });
    expect(r.body.data).toMatchObject({ display_name: 'Gifted One', quota: 250000 });
    const logs = await em().find(LogEntity, { user_id: r.body.data.id });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: 4, username: 'gifted' });
    expect(logs[0].content).toContain('0.500000');
    await t.services.options.set({ QuotaForNewUser: '0' });
  });

  it.each([
    [{ username: '', password: 'long-enough-1' }, 'Username and password cannot be empty'],
    [{ username: 'dan' }, 'Username and password cannot be empty'],
    [{ username: '   ', password: 'long-enough-1' }, 'Username and password cannot be empty'],
    [{ username: 'dan', password: 'short' }, 'The password must not be shorter than 8 characters'],
    [{ username: 'dan', password: 'x'.repeat(21) }, 'The password may be at most 20 characters'],
    [{ username: 'abcdefghijklm', password: 'long-enough-1' }, 'The username may be at most 12 characters'],
    [{ username: 'da n', password: 'long-enough-1' }, 'The username may not contain spaces or control characters'],
    [{ username: 'dan', password: 'long-enough-1', display_name: 'd'.repeat(21) }, 'The display name may be at most 20 characters'],
    [{ username: 'carol', password: 'long-enough-1' }, 'The username exists already, or was deactivated'],
  ])('refuses to create %j', async (body, message) => {
    const r = await create(body);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: false, message });
  });

  it('answers in Chinese when the request names no language', async () => {
    const b = new Browser(t.app);
    b.cookie = admin.cookie;
    b.userId = admin.userId;
    const r = await b.call('POST', '/api/user/', { username: 'x' });
    expect(r.body).toEqual({ success: false, message: '用户名和密码不能为空！' });
  });

  describe('list and search', () => {
    beforeAll(async () => {
      await addUser('s_alpha', { email: 'alpha@example.com', group: 'vip', display_name: 'Alpha Person' });
      await addUser('s_beta', { email: 'beta@example.com', display_name: 'Beta' });
      await addUser('s_gamma', { group: 'vip', display_name: 'Gamma 100%' });
      await addUser('s_delta_x', { display_name: 'Under_score' });
    });

    it('pages 1-based, newest first, with the total', async () => {
      const all = await admin.call('GET', '/api/user/?p=1&page_size=100');
      const total = all.body.data.total;
      expect(all.body.data.items).toHaveLength(total);
      const ids = all.body.data.items.map((u: { id: number }) => u.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const p2 = await admin.call('GET', '/api/user/?p=2&page_size=2');
      expect(p2.body.data).toMatchObject({ page: 2, page_size: 2, total });
      expect(p2.body.data.items.map((u: { id: number }) => u.id)).toEqual(ids.slice(2, 4));
      const def = await admin.call('GET', '/api/user/');
      expect(def.body.data).toMatchObject({ page: 1, page_size: 10 });
      const p0 = await admin.call('GET', '/api/user/?p=0&page_size=2');
      expect(p0.body.data.page).toBe(1);
      expect((await admin.call('GET', '/api/user/?page_size=101')).status).toBe(400);
    });

    const names = (r: { body: { data?: any } }) => (r.body.data.items as Array<{ username: string }>).map((u) => u.username).sort();

    it('searches username, e-mail and display name in any case, and the id', async () => {
      expect(names(await admin.call('GET', '/api/user/search?keyword=S_ALP'))).toEqual(['s_alpha']);
      expect(names(await admin.call('GET', '/api/user/search?keyword=beta@EXAMPLE'))).toEqual(['s_beta']);
      expect(names(await admin.call('GET', '/api/user/search?keyword=alpha%20person'))).toEqual(['s_alpha']);
      const alpha = (await admin.call('GET', '/api/user/search?keyword=s_alpha')).body.data.items[0];
      expect(names(await admin.call('GET', `/api/user/search?keyword=${alpha.id}`))).toContain('s_alpha');
    });

    it('treats LIKE wildcards in the keyword literally', async () => {
      expect(names(await admin.call('GET', '/api/user/search?keyword=%25'))).toEqual(['s_gamma']);
      expect(names(await admin.call('GET', '/api/user/search?keyword=r_s'))).toEqual(['s_delta_x']);
    });

    it('filters by group exactly, alone or with a keyword, and pages the result', async () => {
      expect(names(await admin.call('GET', '/api/user/search?group=vip'))).toEqual(['s_alpha', 's_gamma']);
      expect(names(await admin.call('GET', '/api/user/search?keyword=gamma&group=vip'))).toEqual(['s_gamma']);
      expect(names(await admin.call('GET', '/api/user/search?keyword=beta&group=vip'))).toEqual([]);
      const r = await admin.call('GET', '/api/user/search?group=vip&p=2&page_size=1');
      expect(r.body.data).toMatchObject({ total: 2, page: 2, page_size: 1 });
      expect(r.body.data.items).toHaveLength(1);
    });

    it('lists the groups of GroupRatio for the filter', async () => {
      const r = await admin.call('GET', '/api/group/');
      expect(r.body.success).toBe(true);
      expect(r.body.data).toEqual(expect.arrayContaining(['default', 'vip']));
    });
  });

  describe('get and edit', () => {
    let id: number;
    beforeAll(async () => {
      id = await addUser('edited', { quota: 1000, email: 'e@example.com' });
    });

    it('gets one user with the management fields', async () => {
      const r = await admin.call('GET', `/api/user/${id}`);
      expect(r.body.data).toMatchObject({ id, username: 'edited', email: 'e@example.com', quota: 1000, agent_id: 0, DeletedAt: null });
      expect((await admin.call('GET', '/api/user/999999')).body).toEqual({ success: false, message: 'User not found' });
    });

    it('edits name, display name, group, exclusive price, allowed groups and model ratios', async () => {
      const before = await epoch();
      const r = await update({
        id, username: 'edited2', display_name: 'Edited Two', group: 'vip', exclusive_price: 0.8, allow_groups: 'vip, default,vip',
        models_ratio: '{"gpt-4o": 1.5}',
      });
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.data).toMatchObject({ username: 'edited2', display_name: 'Edited Two', group: 'vip', exclusive_price: 0.8, allow_groups: 'vip,default', models_ratio: '{"gpt-4o":1.5}' });
      expect(await epoch()).toBeGreaterThan(before);
      const again = await update({ id, username: 'edited' });
      expect(again.body.data.username).toBe('edited');
    });

    it.each([
      [{ group: 'nope' }, 'The group nope does not exist'],
      [{ allow_groups: 'vip,ghost' }, 'The group ghost does not exist'],
      [{ models_ratio: '{not json' }, 'The model ratios are not a valid JSON string'],
      [{ models_ratio: '[1,2]' }, 'The model ratios must be a JSON object of model names to numbers of at least 0'],
      [{ models_ratio: '{"a": -1}' }, 'The model ratios must be a JSON object of model names to numbers of at least 0'],
      [{ exclusive_price: -1 }, 'The exclusive price must be a number of at least 0'],
      [{ password: 'short' }, 'The password must not be shorter than 8 characters'],
      [{ username: 'carol' }, 'The username exists already, or was deactivated'],
      [{ username: '' }, 'Username and password cannot be empty'],
      [{ quota: 1.5 }, `The quota must be a whole number of at most ${Number.MAX_SAFE_INTEGER}`],
      [{ quota: -1 }, 'The quota cannot be below 0'],
      [{ add_quota: -1001 }, 'The user\'s quota would fall below 0'],
      [{ quota: 5, add_quota: 5 }, 'Set the quota or add to it, not both'],
      [{ role: 10 }, 'The role changes only through promote or demote'],
      [{ status: 2 }, 'The status changes only through enable or disable'],
    ])('refuses the edit %j and changes nothing', async (patch, message) => {
      const before = await row(id);
      const r = await update({ id, ...patch });
      expect(r.body).toEqual({ success: false, message });
      const after = await row(id);
      expect({ ...after, last_login_time: 0 }).toEqual({ ...before, last_login_time: 0 });
    });

    it('sets and adds quota atomically and records each change in a manage log', async () => {
      const set = await update({ id, quota: 5000 });
      expect(set.body.data.quota).toBe(5000);
      const add = await update({ id, add_quota: 2500 });
      expect(add.body.data.quota).toBe(7500);
      const take = await update({ id, add_quota: -7500 });
      expect(take.body.data.quota).toBe(0);
      const logs = await em().find(LogEntity, { user_id: id, type: 3 }, { orderBy: { id: 'asc' } });
      expect(logs.map((l) => l.content)).toEqual([
        '管理员 admin 将用户额度从 ＄0.002000 额度 修改为 ＄0.010000 额度',
        '管理员 admin 将用户额度从 ＄0.010000 额度 修改为 ＄0.015000 额度',
        '管理员 admin 将用户额度从 ＄0.015000 额度 修改为 ＄0.000000 额度',
      ]);
    });

    it('adds concurrently without losing an increment', async () => {
      await update({ id, quota: 0 });
      await Promise.all(Array.from({ length: 10 }, () => update({ id, add_quota: 7 })));
      expect(Number((await row(id)).quota)).toBe(70);
    });

    it('a new password ends the user\'s sessions and works for the next sign-in', async () => {
      await update({ id, password: 'edited-pass-1' });
      const user = await signIn('edited', 'edited-pass-1');
      expect((await user.call('GET', '/api/user/self')).body.success).toBe(true);
      const version = (await row(id)).auth_version;
      const r = await update({ id, password: 'edited-pass-2' });
      expect(r.body.success).toBe(true);
      expect((await row(id)).auth_version).toBe(version + 1);
      expect(await em().count(SessionEntity, { user_id: id })).toBe(0);
      expect((await user.call('GET', '/api/user/self')).status).toBe(401);
      expect((await new Browser(t.app).login('edited', 'edited-pass-1')).body.success).toBe(false);
      await signIn('edited', 'edited-pass-2');
    });

    it('lets the super admin read and edit itself, but not another super admin', async () => {
      expect((await admin.call('GET', `/api/user/${rootId}`)).body.data.username).toBe('admin');
      expect((await update({ id: rootId, display_name: 'Root' })).body.data.display_name).toBe('Root');
      const other = await addUser('otherroot', { role: 100 });
      expect((await admin.call('GET', `/api/user/${other}`)).body).toEqual({ success: false, message: 'No permission to act on a user of the same or a higher role' });
      expect((await update({ id: other, display_name: 'x' })).body.success).toBe(false);
      expect((await manage({ id: other, action: 'disable' })).body.message).toBe('No permission to act on a user of the same or a higher role');
      await em().nativeDelete(UserEntity, { id: other });
    });
  });

  describe('manage', () => {
    it('disables: the user\'s sessions and access token end at once, the users cache epoch moves', async () => {
      const id = await addUser('victim');
      await em().nativeUpdate(UserEntity, { id }, { access_token: 'victim-access-token-0123456789' });
      const victim = await signIn('victim');
      const viaToken = () => t.app.inject({ method: 'GET', url: '/api/user/self', headers: { authorization: 'victim-access-token-0123456789', 'new-api-user': String(id) } });
      expect((await viaToken()).json().success).toBe(true);
      const before = await epoch();
      const r = await manage({ username: 'victim', action: 'disable' });
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.data).toMatchObject({ id, status: 2, role: 1 });
      expect(await epoch()).toBeGreaterThan(before);
      expect(await em().count(SessionEntity, { user_id: id })).toBe(0);
      expect((await victim.call('GET', '/api/user/self')).status).toBe(401);
      expect((await viaToken()).statusCode).toBe(401);
      expect((await row(id)).access_token).toBeNull();
      expect((await new Browser(t.app).login('victim', 'victim-pass-1')).body.success).toBe(false);

      const enabled = await manage({ username: 'victim', action: 'enable' });
      expect(enabled.body.data.status).toBe(1);
      await signIn('victim');
    });

    it('accepts the user id instead of the username', async () => {
      const id = await addUser('byid');
      expect((await manage({ id, action: 'disable' })).body.data.status).toBe(2);
    });

    it('promotes a normal user to agent and demotes back, ending their sessions each time', async () => {
      const id = await addUser('climber');
      const climber = await signIn('climber');
      const p = await manage({ username: 'climber', action: 'promote' });
      expect(p.body.data).toMatchObject({ role: 10, status: 1 });
      expect((await climber.call('GET', '/api/user/self')).status).toBe(401);
      expect((await manage({ username: 'climber', action: 'promote' })).body.message).toBe('Only normal users can be promoted');
      const agent = await signIn('climber');
      expect((await agent.call('GET', '/api/user/agent/')).body.success).toBe(true);
      const d = await manage({ username: 'climber', action: 'demote' });
      expect(d.body.data.role).toBe(1);
      expect((await agent.call('GET', '/api/user/self')).status).toBe(401);
      expect((await manage({ username: 'climber', action: 'demote' })).body.message).toBe('This user is already a normal user');
      expect((await row(id)).role).toBe(1);
    });

    it('never disables, deletes or demotes the super admin', async () => {
      for (const [action, message] of [
        ['disable', 'A super administrator cannot be disabled'],
        ['delete', 'A super administrator cannot be deleted'],
        ['demote', 'A super administrator cannot be demoted'],
        ['promote', 'Only normal users can be promoted'],
      ]) {
        expect((await manage({ username: 'admin', action })).body).toEqual({ success: false, message });
      }
      expect((await row(rootId))).toMatchObject({ role: 100, status: 1, deleted_at: null });
    });

    it('refuses unknown actions and users', async () => {
      expect((await manage({ username: 'carol', action: 'explode' })).body.message).toBe('Unknown action');
      expect((await manage({ username: 'nobody-here', action: 'disable' })).body.message).toBe('User not found');
      expect((await manage({ action: 'disable' })).body.message).toBe('Please name the user');
    });

    it('does not enable a user whose status is 3', async () => {
      await addUser('odd', { status: 3 });
      expect((await manage({ username: 'odd', action: 'enable' })).body.message).toBe('A user in this state cannot be enabled');
      expect((await manage({ username: 'odd', action: 'disable' })).body.data.status).toBe(2);
    });

    it('deletes softly and for good: listed as deactivated, no more sign-in, actions or edits, name stays taken', async () => {
      const id = await addUser('leaver');
      const leaver = await signIn('leaver');
      now += 10;
      const r = await manage({ username: 'leaver', action: 'delete' });
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.data).toMatchObject({ id, DeletedAt: now });
      expect((await leaver.call('GET', '/api/user/self')).status).toBe(401);
      expect((await new Browser(t.app).login('leaver', 'leaver-pass-1')).body.success).toBe(false);
      const listed = (await admin.call('GET', '/api/user/search?keyword=leaver')).body.data.items;
      expect(listed).toHaveLength(1);
      expect(listed[0].DeletedAt).toBe(now);
      expect((await admin.call('GET', `/api/user/${id}`)).body.data.DeletedAt).toBe(now);
      for (const action of ['enable', 'disable', 'delete', 'promote']) {
        expect((await manage({ username: 'leaver', action })).body.message).toBe('This user has been deactivated and can no longer be changed');
      }
      expect((await update({ id, display_name: 'back' })).body.message).toBe('This user has been deactivated and can no longer be changed');
      expect((await create({ username: 'leaver', password: 'leaver-pass-2' })).body.message).toBe('The username exists already, or was deactivated');
      expect(await em().count(UserEntity, { id })).toBe(1);
    });
  });
});
