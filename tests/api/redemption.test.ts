import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedemptionEntity } from '../../daemon/modules/redemption/redemption.entity.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { LogEntity } from '../../daemon/modules/log/log.entity.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';

const REDEEM_LIMIT = 4;

describe('redemption codes: /api/redemption and POST /api/user/topup', () => {
  let t: TestApp;
  const now = 1_900_000_000;
  let admin: Browser;
  let adminId: number;
  let user: Browser;
  let agent: Browser;
  let ipSeq = 0;
  let userSeq = 0;

  /** A distinct client address per call unless given, so per-IP redeem limits stay out of the way. */
  const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const redeem = async (b: Browser, key: unknown, ip = nextIp(), lang = b.lang ?? 'en') => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/user/topup', payload: { key } as Record<string, unknown>, remoteAddress: ip,
      headers: { cookie: b.cookie, 'new-api-user': String(b.userId), 'accept-language': lang },
    });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; data?: any } };
  };
  const freshUser = async (quota = 0) => {
    const name = `u${++userSeq}`;
    const id = await insertUser(t, name, { quota });
    return { id, name, b: await signInUser(t, name) };
  };
  const create = (body: Record<string, unknown>, lang = 'en') => admin.call('POST', '/api/redemption/', body, { 'accept-language': lang });
  const createKeys = async (body: Record<string, unknown>): Promise<string[]> => {
    const r = await create(body);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.data;
  };
  const row = (key: string) => t.services.em.fork().findOneOrFail(RedemptionEntity, { key });
  const quotaOf = async (id: number) => Number((await t.services.em.fork().findOneOrFail(UserEntity, { id })).quota);
  const topupLogs = (userIds: number[]) => t.services.em.fork().find(LogEntity, { type: 1, user_id: { $in: userIds } });

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      // Many sign-ins and calls come from one address here; the redeem limit is the one under test.
      overrides: { 'rate_limit.api_count': 0, 'rate_limit.critical_count': 0, 'rate_limit.redeem_count': REDEEM_LIMIT },
    });
    const root = await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    expect((await admin.login(root.username, root.password)).body.success).toBe(true);
    adminId = admin.userId!;
    await insertUser(t, 'plain');
    await insertUser(t, 'agent1', { role: 10 });
    user = await signInUser(t, 'plain');
    agent = await signInUser(t, 'agent1');
  });
  afterAll(() => t.close());

  describe('management', () => {
    const adminCalls = [
      ['GET', '/api/redemption/'], ['GET', '/api/redemption/search?keyword=a'], ['GET', '/api/redemption/1'],
      ['POST', '/api/redemption/'], ['PUT', '/api/redemption/'], ['PUT', '/api/redemption/?status_only=true'],
      ['DELETE', '/api/redemption/1'], ['DELETE', '/api/redemption/1/'],
    ] as const;
    const bodyFor = (method: string) => (method === 'POST' || method === 'PUT' ? { id: 1, name: 'x', status: 2 } : undefined);

    it('refuses anonymous callers with 401, and users and agents for every admin call', async () => {
      const [key] = await createKeys({ name: 'guarded' });
      const anon = new Browser(t.app);
      for (const [method, url] of [...adminCalls, ['POST', '/api/user/topup']] as const) {
        const r = await anon.call(method, url, bodyFor(method) ?? { key });
        expect(r.status, `${method} ${url}`).toBe(401);
        expect(r.body.success).toBe(false);
      }
      for (const b of [user, agent]) {
        for (const [method, url] of adminCalls) {
          const r = await b.call(method, url, bodyFor(method));
          expect(r.body, `${method} ${url}`).toEqual({ success: false, message: 'No permission: insufficient role' });
        }
      }
      // none of that touched the code
      expect(await row(key)).toMatchObject({ status: 1, name: 'guarded', deleted_at: null });
    });

    it('creates one code by default: 100000 quota, status unused, a 32-character lowercase hex key', async () => {
      const r = await create({ name: '  welcome  ' });
      expect(r.body.success).toBe(true);
      expect(r.body.data).toHaveLength(1);
      const [key] = r.body.data as string[];
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(await row(key)).toMatchObject({
        name: 'welcome', quota: 100000, status: 1, user_id: adminId, created_time: now, redeemed_time: 0, used_user_id: 0, deleted_at: null,
      });
    });

    it('creates a batch of distinct codes with the given quota', async () => {
      const keys = await createKeys({ name: 'batch', quota: 777, count: 25 });
      expect(keys).toHaveLength(25);
      expect(new Set(keys).size).toBe(25);
      const rows = await t.services.em.fork().find(RedemptionEntity, { key: { $in: keys } });
      expect(rows).toHaveLength(25);
      expect(rows.every((x) => Number(x.quota) === 777 && x.name === 'batch' && x.status === 1)).toBe(true);
    });

    it('refuses bad names, counts and quotas with readable messages in English and Chinese, creating nothing', async () => {
      const before = await t.services.em.fork().count(RedemptionEntity, {});
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ name: '' }, 'The name must be 1 to 20 characters long', '兑换码名称长度必须在 1 到 20 个字符之间'],
        [{ name: 'n'.repeat(21) }, 'The name must be 1 to 20 characters long', '兑换码名称长度必须在 1 到 20 个字符之间'],
        [{ name: 'ok', count: 0 }, 'The number of codes must be a whole number from 1 to 100', '兑换码个数必须是 1 到 100 之间的整数'],
        [{ name: 'ok', count: 101 }, 'The number of codes must be a whole number from 1 to 100', '兑换码个数必须是 1 到 100 之间的整数'],
        [{ name: 'ok', quota: -1 }, `The quota must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`, `额度必须是 1 到 ${Number.MAX_SAFE_INTEGER} 之间的整数`],
        [{ name: 'ok', quota: 1.5 }, `The quota must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`, `额度必须是 1 到 ${Number.MAX_SAFE_INTEGER} 之间的整数`],
      ];
      for (const [body, en, zh] of cases) {
        expect((await create(body, 'en')).body, JSON.stringify(body)).toEqual({ success: false, message: en });
        expect((await create(body, 'zh-CN')).body, JSON.stringify(body)).toEqual({ success: false, message: zh });
      }
      expect(await t.services.em.fork().count(RedemptionEntity, {})).toBe(before);
    });

    it('lists newest first with 1-based paging and a total, without deleted codes', async () => {
      const keys = await createKeys({ name: 'paging', count: 3 });
      const last = await row(keys[2]);
      const all = await admin.call('GET', '/api/redemption/?p=1&page_size=100');
      expect(all.body.success).toBe(true);
      const total = all.body.data.total as number;
      expect(all.body.data.items).toHaveLength(Math.min(total, 100));
      expect(all.body.data.items[0]).toEqual({
        id: last.id, user_id: adminId, key: keys[2], status: 1, name: 'paging', quota: 100000, created_time: now, redeemed_time: 0, used_user_id: 0,
      });
      const page2 = await admin.call('GET', '/api/redemption/?p=2&page_size=2');
      expect(page2.body.data).toMatchObject({ page: 2, page_size: 2, total });
      expect(page2.body.data.items.map((x: { id: number }) => x.id)).toEqual(all.body.data.items.slice(2, 4).map((x: { id: number }) => x.id));

      expect((await admin.call('DELETE', `/api/redemption/${last.id}`)).body.success).toBe(true);
      const after = await admin.call('GET', '/api/redemption/?p=1&page_size=100');
      expect(after.body.data.total).toBe(total - 1);
      expect(after.body.data.items.map((x: { id: number }) => x.id)).not.toContain(last.id);
    });

    it('searches by name prefix, and a number also by id', async () => {
      await createKeys({ name: 'Spring-2030' });
      await createKeys({ name: 'old spring' });
      await createKeys({ name: '100%off' });
      const names = async (keyword: string) =>
        ((await admin.call('GET', `/api/redemption/search?keyword=${encodeURIComponent(keyword)}&p=1&page_size=100`)).body.data.items as { name: string }[]).map((x) => x.name);
      expect(await names('spring')).toEqual(['Spring-2030']); // prefix, any case; "old spring" only contains it
      expect(await names('100%')).toEqual(['100%off']);
      expect(await names('1_0')).toEqual([]); // wildcards are literal
      const [key] = await createKeys({ name: 'by-id' });
      const { id } = await row(key);
      expect(await names(String(id))).toEqual(['by-id']);
      const search = await admin.call('GET', `/api/redemption/search?keyword=${id}&p=1&page_size=100`);
      expect(search.body.data).toMatchObject({ total: 1, page: 1 });
    });

    it('gets one code; unknown or deleted codes are not found', async () => {
      const [key] = await createKeys({ name: 'single' });
      const { id } = await row(key);
      expect((await admin.call('GET', `/api/redemption/${id}`)).body.data).toMatchObject({ id, key, name: 'single', status: 1 });
      expect((await admin.call('GET', '/api/redemption/999999')).body).toEqual({ success: false, message: 'Redemption code not found' });
      expect((await admin.call('GET', '/api/redemption/999999', undefined, { 'accept-language': 'zh' })).body).toEqual({ success: false, message: '兑换码不存在' });
    });

    it('edits name and quota of an unused code only', async () => {
      const [key] = await createKeys({ name: 'editable', quota: 10 });
      const { id } = await row(key);
      const r = await admin.call('PUT', '/api/redemption/', { id, name: 'renamed', quota: 20, status: 3 });
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.data).toMatchObject({ id, name: 'renamed', quota: 20, status: 1 }); // status ignored by a full edit
      expect((await admin.call('PUT', '/api/redemption/', { id, name: '' })).body).toEqual({ success: false, message: 'The name must be 1 to 20 characters long' });

      const refusedEn = { success: false, message: 'Only an unused redemption code can be edited (not a disabled or used one)' };
      const refusedZh = { success: false, message: '只能编辑未使用的兑换码（已禁用或已使用的不能编辑）' };
      expect((await admin.call('PUT', '/api/redemption/?status_only=true', { id, status: 2 })).body.success).toBe(true);
      expect((await admin.call('PUT', '/api/redemption/', { id, name: 'x', quota: 99 })).body).toEqual(refusedEn);

      const [usedKey] = await createKeys({ name: 'used-one', quota: 5 });
      const used = await freshUser();
      expect((await redeem(used.b, usedKey)).body.success).toBe(true);
      const usedId = (await row(usedKey)).id;
      expect((await admin.call('PUT', '/api/redemption/', { id: usedId, quota: 999999 })).body).toEqual(refusedEn);
      expect((await admin.call('PUT', '/api/redemption/', { id: usedId, quota: 999999 }, { 'accept-language': 'zh' })).body).toEqual(refusedZh);
      expect(await row(usedKey)).toMatchObject({ quota: 5, name: 'used-one', status: 3 });
      expect(await row(key)).toMatchObject({ quota: 20, name: 'renamed', status: 2 });
    });

    it('enables and disables; a used code keeps its status', async () => {
      const [key] = await createKeys({ name: 'toggle' });
      const { id } = await row(key);
      const set = (status: unknown, lang = 'en') => admin.call('PUT', '/api/redemption/?status_only=true', { id, status }, { 'accept-language': lang });
      expect((await set(2)).body.data).toMatchObject({ id, status: 2 });
      expect((await set(1)).body.data).toMatchObject({ id, status: 1 });
      expect((await set(3)).body).toEqual({ success: false, message: 'A redemption code can only be enabled or disabled' });
      expect((await set(undefined)).body).toEqual({ success: false, message: 'A redemption code can only be enabled or disabled' });

      const [usedKey] = await createKeys({ name: 'spent' });
      const u = await freshUser();
      expect((await redeem(u.b, usedKey)).body.success).toBe(true);
      const usedId = (await row(usedKey)).id;
      const setUsed = (status: number, lang = 'en') => admin.call('PUT', '/api/redemption/?status_only=true', { id: usedId, status }, { 'accept-language': lang });
      expect((await setUsed(1)).body).toEqual({ success: false, message: 'This redemption code has been used; it cannot be enabled or disabled' });
      expect((await setUsed(1, 'zh')).body).toEqual({ success: false, message: '兑换码已被使用，无法启用或禁用' });
      // disable-then-enable would reopen a spent code: disabling is refused too
      expect((await setUsed(2)).body.success).toBe(false);
      expect((await row(usedKey)).status).toBe(3);
    });

    it('deletes softly, with or without the trailing slash', async () => {
      const [a, b] = await createKeys({ name: 'gone', count: 2 });
      const ra = await row(a);
      const rb = await row(b);
      expect((await admin.call('DELETE', `/api/redemption/${ra.id}`)).body).toEqual({ success: true, message: '' });
      expect((await admin.call('DELETE', `/api/redemption/${rb.id}/`)).body.success).toBe(true);
      expect((await row(a)).deleted_at).toBe(now); // the row stays
      expect((await admin.call('DELETE', `/api/redemption/${ra.id}`)).body).toEqual({ success: false, message: 'Redemption code not found' });
      expect((await admin.call('PUT', '/api/redemption/', { id: ra.id, name: 'back' })).body).toEqual({ success: false, message: 'Redemption code not found' });
    });
  });

  describe('redeeming', () => {
    it('credits the quota once, logs a top-up in new-api wording and moves the users epoch', async () => {
      const [key] = await createKeys({ name: 'gift', quota: 100000 });
      const { id: codeId } = await row(key);
      const u = await freshUser(50);
      const epoch = (await t.services.epochs.read()).get('users') ?? 0;
      const r = await redeem(u.b, key.toUpperCase()); // pasted in capitals still works
      expect(r).toEqual({ status: 200, body: { success: true, message: '', data: 100000 } });
      expect(await quotaOf(u.id)).toBe(100050);
      expect(await row(key)).toMatchObject({ status: 3, used_user_id: u.id, redeemed_time: now });
      const logs = await topupLogs([u.id]);
      expect(logs).toHaveLength(1);
      // QuotaPerUnit 500000 and DisplayInCurrencyEnabled by default: 100000 = ＄0.2
      expect(logs[0]).toMatchObject({ type: 1, user_id: u.id, username: u.name, quota: 100000, created_at: now, content: `通过兑换码充值 ＄0.200000 额度，兑换码ID ${codeId}` });
      expect((await t.services.epochs.read()).get('users')).toBeGreaterThan(epoch);

      expect((await redeem(u.b, key)).body).toEqual({ success: false, message: 'This redemption code has been used' });
      expect((await redeem(u.b, key, nextIp(), 'zh-CN')).body).toEqual({ success: false, message: '该兑换码已被使用' });
      expect(await quotaOf(u.id)).toBe(100050);
      expect(await topupLogs([u.id])).toHaveLength(1);
    });

    it('disabled, used, deleted, unknown and malformed codes credit nothing', async () => {
      const [disabled, deleted, used] = await createKeys({ name: 'nothing', quota: 900, count: 3 });
      await admin.call('PUT', '/api/redemption/?status_only=true', { id: (await row(disabled)).id, status: 2 });
      await admin.call('DELETE', `/api/redemption/${(await row(deleted)).id}`);
      const first = await freshUser();
      expect((await redeem(first.b, used)).body.data).toBe(900);

      const u = await freshUser(7);
      expect((await redeem(u.b, disabled)).body).toEqual({ success: false, message: 'This redemption code has been used' });
      expect((await redeem(u.b, used)).body).toEqual({ success: false, message: 'This redemption code has been used' });
      const u2 = await freshUser(7); // a fresh budget of attempts for the rest
      expect((await redeem(u2.b, deleted)).body).toEqual({ success: false, message: 'Invalid redemption code' });
      expect((await redeem(u2.b, 'f'.repeat(32))).body).toEqual({ success: false, message: 'Invalid redemption code' });
      expect((await redeem(u2.b, 'not-a-code', nextIp(), 'zh')).body).toEqual({ success: false, message: '无效的兑换码' });
      expect((await redeem(u2.b, '   ')).body).toEqual({ success: false, message: 'Please enter the redemption code' });
      expect(await quotaOf(u.id)).toBe(7);
      expect(await quotaOf(u2.id)).toBe(7);
      expect(await topupLogs([u.id, u2.id])).toHaveLength(0);
      expect((await row(disabled)).status).toBe(2);
      expect(await row(deleted)).toMatchObject({ status: 1, used_user_id: 0 });
    });

    it('refuses a credit that would overflow the balance, leaving the code unused', async () => {
      const [key] = await createKeys({ name: 'too-much', quota: 100 });
      const rich = await freshUser(Number.MAX_SAFE_INTEGER - 10);
      expect((await redeem(rich.b, key)).body).toEqual({ success: false, message: 'The balance would exceed its maximum; the code was not redeemed' });
      expect(await quotaOf(rich.id)).toBe(Number.MAX_SAFE_INTEGER - 10);
      expect(await row(key)).toMatchObject({ status: 1, used_user_id: 0 });
      expect(await topupLogs([rich.id])).toHaveLength(0);
    });

    it('50 users redeeming one code at once: exactly one is credited, once', async () => {
      const [key] = await createKeys({ name: 'race', quota: 12345 });
      const users = [];
      for (let i = 0; i < 50; i++) users.push(await freshUser());
      const results = await Promise.all(users.map((u) => redeem(u.b, key)));
      const winners = results.filter((r) => r.body.success);
      expect(winners).toHaveLength(1);
      expect(winners[0].body.data).toBe(12345);
      for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toBe('This redemption code has been used');
      const ids = users.map((u) => u.id);
      const quotas = await Promise.all(ids.map(quotaOf));
      expect(quotas.reduce((a, b) => a + b, 0)).toBe(12345);
      const logs = await topupLogs(ids);
      expect(logs).toHaveLength(1);
      expect(logs.reduce((a, l) => a + Number(l.quota), 0)).toBe(12345);
      const winner = ids[quotas.indexOf(12345)];
      expect(await row(key)).toMatchObject({ status: 3, used_user_id: winner });
    });

    it('limits attempts per user, right or wrong, with a 429 refusal', async () => {
      const [key] = await createKeys({ name: 'late', quota: 1000 });
      const u = await freshUser();
      for (let i = 0; i < REDEEM_LIMIT; i++) expect((await redeem(u.b, 'e'.repeat(32))).body.message).toBe('Invalid redemption code');
      const over = await redeem(u.b, key);
      expect(over).toEqual({ status: 429, body: { success: false, message: 'Too many redemption attempts, please try again later' } });
      expect((await redeem(u.b, key, nextIp(), 'zh')).body.message).toBe('兑换尝试过于频繁，请稍后再试');
      expect(await quotaOf(u.id)).toBe(0);
      expect((await row(key)).status).toBe(1);
      // another user is not held back by this one
      const other = await freshUser();
      expect((await redeem(other.b, key)).body.data).toBe(1000);
    });

    it('limits attempts per IP address across users', async () => {
      const ip = '192.0.2.77';
      for (let i = 0; i < REDEEM_LIMIT; i++) {
        const u = await freshUser();
        expect((await redeem(u.b, 'd'.repeat(32), ip)).status).toBe(200);
      }
      const [key] = await createKeys({ name: 'ip' });
      const u = await freshUser();
      expect((await redeem(u.b, key, ip)).status).toBe(429);
      expect(await quotaOf(u.id)).toBe(0);
      expect((await redeem(u.b, key)).body.data).toBe(100000); // from elsewhere it goes through
    });
  });
});
