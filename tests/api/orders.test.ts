// Orders and invoice requests (spec 3 "Orders page", design agents.md §4) on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TopUpEntity } from '../../daemon/modules/topup/topup.entity.js';
import { InvoiceEntity } from '../../daemon/modules/invoice/invoice.entity.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';

describe('orders and invoices: /api/user/…orders, /api/user/…invoice', () => {
  let t: TestApp;
  const now = 1_900_000_000;
  let admin: Browser;
  let alice: Browser;
  let bob: Browser;
  let agent: Browser;
  let carol: Browser;
  let ids: Record<'alice' | 'bob' | 'agent' | 'carol', number>;
  let seq = 0;
  let frankId = 0;

  const addOrder = (user_id: number, money_micros: number, f: Partial<{ status: string; create_time: number; trade_no: string; proxy_user_id: number; pay_type: string }> = {}) =>
    t.services.em.fork().insert(TopUpEntity, {
      user_id, money_micros, amount: Math.round(money_micros / 7_300_000), status: f.status ?? 'success', pay_type: f.pay_type ?? 'alipay',
      trade_no: f.trade_no ?? `USR${user_id}NO${String(++seq).padStart(6, '0')}`, create_time: f.create_time ?? now - 1000 + seq,
      proxy_user_id: f.proxy_user_id ?? 0, agent_commission_micros: f.proxy_user_id ? 1_230_000 : 0,
    });
  const invoiceable = async (b: Browser) => {
    const r = await b.call('GET', '/api/user/total/invoice');
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.data as number;
  };
  const form = (total_amount: unknown, o: Record<string, unknown> = {}) => ({
    customer_name: 'ACME Ltd', customer_tax_id: '91310000MA1X', email: 'billing@acme.cn', total_amount, types: 'dzpp', remark: '', ...o,
  });
  const apply = (b: Browser, total_amount: unknown, o: Record<string, unknown> = {}) => b.call('POST', '/api/user/invoice', form(total_amount, o));
  const signIn = async (name: string) => signInUser(t, name);

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const root = await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    expect((await admin.login(root.username, root.password)).body.success).toBe(true);
    const agentId = await insertUser(t, 'agent', { role: 10 });
    ids = {
      alice: await insertUser(t, 'alice'),
      bob: await insertUser(t, 'bob'),
      agent: agentId,
      carol: await insertUser(t, 'carol', { agent_id: agentId }),
    };
    [alice, bob, agent, carol] = await Promise.all(['alice', 'bob', 'agent', 'carol'].map(signIn));
    // alice: two paid orders, one pending, one failed; bob: one paid; carol (the agent's sub-user): one paid
    await addOrder(ids.alice, 7_300_000, { trade_no: 'USR1NOAAA111', pay_type: 'wxpay', create_time: now - 500 });
    await addOrder(ids.alice, 1_000_100_000, { trade_no: 'USR1NOBBB222', create_time: now - 400 });
    await addOrder(ids.alice, 50_000_000, { status: 'pending', trade_no: 'USR1NOCCC333', create_time: now - 300 });
    await addOrder(ids.alice, 60_000_000, { status: 'fail', trade_no: 'USR1NODDD444', create_time: now - 200 });
    await addOrder(ids.bob, 20_000_000, { trade_no: 'USR2NOEEE555' });
    await addOrder(ids.carol, 30_000_000, { trade_no: 'USR4NOFFF666', proxy_user_id: agentId });
  });
  afterAll(() => t.close());

  it('needs a signed-in user, and an admin for the lists of everyone and the review', async () => {
    const anon = new Browser(t.app);
    const calls = [
      ['GET', '/api/user/self/orders'], ['GET', '/api/user/orders'], ['GET', '/api/user/total/invoice'], ['POST', '/api/user/invoice'],
      ['GET', '/api/user/self/invoice'], ['GET', '/api/user/invoice'], ['PUT', '/api/user/invoice'],
    ] as const;
    for (const [method, url] of calls) {
      const r = await anon.call(method, url, method === 'GET' ? undefined : { id: 1, status: '1' });
      expect(r.status, `${method} ${url}`).toBe(401);
      expect(r.body.success).toBe(false);
    }
    for (const b of [alice, agent]) {
      for (const [method, url] of [['GET', '/api/user/orders'], ['GET', '/api/user/invoice'], ['PUT', '/api/user/invoice']] as const) {
        const r = await b.call(method, url, method === 'PUT' ? { id: 1, status: '1' } : undefined);
        expect(r.body, `${method} ${url}`).toMatchObject({ success: false, message: 'No permission: insufficient role' });
      }
    }
  });

  describe('orders', () => {
    it("answers the user's own orders only, newest first, money in yuan, without the agent's fields", async () => {
      const r = await alice.call('GET', '/api/user/self/orders?p=1&page_size=10&user_id=' + ids.bob);
      expect(r.body.success).toBe(true);
      expect(r.body.data).toMatchObject({ total: 4, page: 1, page_size: 10 });
      expect(r.body.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual(['USR1NODDD444', 'USR1NOCCC333', 'USR1NOBBB222', 'USR1NOAAA111']);
      expect(r.body.data.items[3]).toEqual({
        id: expect.any(Number), create_time: now - 500, complete_time: 0, user_id: ids.alice, trade_no: 'USR1NOAAA111', pay_type: 'wxpay',
        amount: 1, money: 7.3, status: 'success',
      });
      expect(r.body.data.items[2].money).toBe(1000.1);
      const b = await bob.call('GET', '/api/user/self/orders');
      expect(b.body.data.items.map((o: { user_id: number }) => o.user_id)).toEqual([ids.bob]);
    });

    it('filters by part of the order number, time window and page', async () => {
      const part = await alice.call('GET', '/api/user/self/orders?trade_no=BBB');
      expect(part.body.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual(['USR1NOBBB222']);
      expect((await alice.call('GET', '/api/user/self/orders?trade_no=bbb')).body.data.total).toBe(0); // case-sensitive on both
      expect((await alice.call('GET', '/api/user/self/orders?trade_no=EEE')).body.data.total).toBe(0); // bob's
      const window = await alice.call('GET', `/api/user/self/orders?start_timestamp=${now - 450}&end_timestamp=${now - 300}`);
      expect(window.body.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual(['USR1NOCCC333', 'USR1NOBBB222']);
      const page2 = await alice.call('GET', '/api/user/self/orders?p=2&page_size=3');
      expect(page2.body.data).toMatchObject({ total: 4, page: 2, page_size: 3 });
      expect(page2.body.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual(['USR1NOAAA111']);
      expect((await alice.call('GET', '/api/user/self/orders?page_size=101')).status).toBe(400);
    });

    it("lets admins read every order with the agent's fields, filtered by user", async () => {
      const all = await admin.call('GET', '/api/user/orders?page_size=100');
      expect(all.body.data.total).toBe(6);
      const carolsOrder = all.body.data.items.find((o: { user_id: number }) => o.user_id === ids.carol);
      expect(carolsOrder).toMatchObject({ proxy_user_id: ids.agent, agent_commission: 1.23, paid: 0, money: 30 });
      const bobs = await admin.call('GET', `/api/user/orders?user_id=${ids.bob}`);
      expect(bobs.body.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual(['USR2NOEEE555']);
      const found = await admin.call('GET', '/api/user/orders?trade_no=NOFFF');
      expect(found.body.data.items.map((o: { user_id: number }) => o.user_id)).toEqual([ids.carol]);
      // the admin's own list is its own (none)
      expect((await admin.call('GET', '/api/user/self/orders')).body.data.total).toBe(0);
    });

    it("lets an agent read its sub-users' orders with all_user, and only theirs", async () => {
      const r = await agent.call('GET', '/api/user/self/orders?all_user=true');
      expect(r.body.data.items.map((o: { user_id: number }) => o.user_id)).toEqual([ids.carol]);
      expect(r.body.data.items[0].agent_commission).toBe(1.23);
      expect((await agent.call('GET', `/api/user/self/orders?all_user=true&user_id=${ids.alice}`)).body.data.total).toBe(0);
      expect((await agent.call('GET', '/api/user/self/orders')).body.data.total).toBe(0);
      // a plain user asking for all_user still gets its own
      expect((await carol.call('GET', '/api/user/self/orders?all_user=true')).body.data.items).toHaveLength(1);
    });
  });

  describe('invoice requests', () => {
    it('counts only paid orders: exact decimal arithmetic over micros', async () => {
      expect(await invoiceable(alice)).toBe(1007.4); // 7.30 + 1000.10; pending and failed orders don't count
      expect(await invoiceable(bob)).toBe(20);
      const dave = await insertUser(t, 'dave');
      for (let i = 0; i < 3; i++) await addOrder(dave, 333_330_000);
      const d = await signIn('dave');
      expect(await invoiceable(d)).toBe(999.99);
      expect((await apply(d, 999.99)).body).toMatchObject({ success: false, message: 'Invoicing amount under 1000, cannot invoice yet' });
      expect((await apply(d, 1000)).body).toMatchObject({ success: false, message: 'The invoicing amount exceeds the invoiceable amount of 999.99' });
      await addOrder(dave, 100_000); // 0.10
      await addOrder(dave, 200_000); // 0.20: 0.1 + 0.2 in floats would not be 0.3
      expect(await invoiceable(d)).toBe(1000.29);
      const r = await apply(d, '1000.29');
      expect(r.body).toMatchObject({ success: true, message: 'Application successful, invoicing generally takes 1-3 working days' });
      expect(r.body.data).toMatchObject({ total_amount: 1000.29, status: '0', user_id: dave, agent_id: 0, types: 'dzpp', created_time: now });
      expect(await invoiceable(d)).toBe(0);
      const stored = await t.services.em.fork().findOneOrFail(InvoiceEntity, { id: r.body.data.id });
      expect(stored.total_amount_micros).toBe(1_000_290_000);
    });

    it('checks the form in the spec order, in English and Chinese', async () => {
      const eve = await insertUser(t, 'eve');
      await addOrder(eve, 5_000_000_000);
      const e = await signIn('eve');
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ customer_name: ' ' }, 'Please enter the invoice title', '请输入发票抬头'],
        [{ customer_tax_id: '' }, 'Please enter the taxpayer ID!', '请输入纳税人识别号！'],
        [{ email: '' }, 'Please enter the receiving e-mail!', '请输入接收邮箱！'],
        [{ email: 'not-an-address' }, 'Please enter a valid e-mail address', '请输入正确的邮箱地址'],
        [{ total_amount: '999.99' }, 'Invoicing amount under 1000, cannot invoice yet', '开票金额不足1000，暂不能开票'],
        [{ total_amount: '1000.101' }, 'The invoicing amount must be a number with at most 2 decimals', '开票金额必须是最多两位小数的数字'],
        [{ total_amount: -1000 }, 'The invoicing amount must be a number with at most 2 decimals', '开票金额必须是最多两位小数的数字'],
        [{ total_amount: '5000.01' }, 'The invoicing amount exceeds the invoiceable amount of 5000.00', '开票金额超过可开票金额 5000.00'],
        [{ types: 'paper' }, 'The invoice type must be an ordinary e-invoice or a VAT special e-invoice', '发票类型只能是电子普通发票或电子增值税专用发票'],
      ];
      for (const [o, en, zh] of cases) {
        e.lang = 'en';
        expect((await apply(e, '1000', o)).body, en).toMatchObject({ success: false, message: en });
        e.lang = 'zh-CN';
        expect((await apply(e, '1000', o)).body, zh).toMatchObject({ success: false, message: zh });
      }
      e.lang = 'zh-CN';
      const missing = await e.call('POST', '/api/user/invoice', {});
      expect(missing.body).toMatchObject({ success: false, message: '请输入发票抬头' });
      const done = await apply(e, '1000.10', { remark: ' please hurry ', types: '' });
      expect(done.body).toMatchObject({ success: true, message: '申请成功，开票一般需要1-3个工作日' });
      expect(done.body.data).toMatchObject({ total_amount: 1000.1, remark: 'please hurry', types: 'dzpp', customer_name: 'ACME Ltd', email: 'billing@acme.cn' });
      expect(await invoiceable(e)).toBe(3999.9);
    });

    it('never exceeds the invoiceable amount under 10 concurrent requests', async () => {
      const frank = (frankId = await insertUser(t, 'frank', { agent_id: ids.agent }));
      await addOrder(frank, 3_500_000_000); // 3500: room for three requests of 1000
      const f = await signIn('frank');
      const results = await Promise.all(Array.from({ length: 10 }, () => apply(f, 1000)));
      const passed = results.filter((r) => r.body.success);
      expect(passed).toHaveLength(3);
      for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toMatch(/exceeds the invoiceable amount of (500|1500|2500)\.00/);
      expect(await invoiceable(f)).toBe(500);
      const rows = await t.services.em.fork().find(InvoiceEntity, { user_id: frank });
      expect(rows.reduce((s, r) => s + r.total_amount_micros, 0)).toBe(3_000_000_000);
      expect(rows.every((r) => r.agent_id === ids.agent && r.status === '0')).toBe(true);
    });

    it("lists the user's own requests; admins every request; agents their sub-users' with all_user", async () => {
      const own = await bob.call('GET', '/api/user/self/invoice');
      expect(own.body.data).toMatchObject({ total: 0, page: 1, items: [] });
      const carolOrders = await invoiceable(carol);
      expect(carolOrders).toBe(30);
      await addOrder(ids.carol, 1_000_000_000, { proxy_user_id: ids.agent });
      expect((await apply(carol, 1000)).body.success).toBe(true);
      const mine = await carol.call('GET', `/api/user/self/invoice?user_id=${ids.bob}`);
      expect(mine.body.data.items.map((i: { user_id: number }) => i.user_id)).toEqual([ids.carol]);
      expect(mine.body.data.items[0]).toMatchObject({ agent_id: ids.agent, customer_tax_id: '91310000MA1X', total_amount: 1000, status: '0', updated_at: now });
      const all = await admin.call('GET', '/api/user/invoice?page_size=100');
      expect(new Set(all.body.data.items.map((i: { user_id: number }) => i.user_id)).size).toBeGreaterThanOrEqual(4);
      const carols = await admin.call('GET', `/api/user/invoice?user_id=${ids.carol}`);
      expect(carols.body.data.total).toBe(1);
      const windowed = await admin.call('GET', `/api/user/invoice?start_timestamp=${now + 1}`);
      expect(windowed.body.data.total).toBe(0);
      const subs = await agent.call('GET', '/api/user/self/invoice?all_user=true&page_size=100');
      expect(new Set(subs.body.data.items.map((i: { user_id: number }) => i.user_id))).toEqual(new Set([ids.carol, frankId]));
      expect(subs.body.data.items.every((i: { agent_id: number }) => i.agent_id === ids.agent)).toBe(true);
      expect((await agent.call('GET', '/api/user/self/invoice')).body.data.total).toBe(0);
    });

    it('lets an admin move a pending request once; rejected and failed free the amount, done keeps it', async () => {
      const gina = await insertUser(t, 'gina');
      await addOrder(gina, 3_000_000_000);
      const g = await signIn('gina');
      const ask = async () => {
        const r = await apply(g, 1000);
        expect(r.body.success, r.body.message).toBe(true);
        return r.body.data.id as number;
      };
      const [a, b, c] = [await ask(), await ask(), await ask()];
      expect(await invoiceable(g)).toBe(0);

      const done = await admin.call('PUT', '/api/user/invoice', { id: a, status: '1', remark: 'sent' });
      expect(done.body).toMatchObject({ success: true, data: { id: a, status: '1', remark: 'sent' } });
      expect(await invoiceable(g)).toBe(0);
      const again = await admin.call('PUT', '/api/user/invoice', { id: a, status: '2' });
      expect(again.body).toMatchObject({ success: false, message: 'This invoice request has already been handled' });

      expect((await admin.call('PUT', '/api/user/invoice', { id: b, status: '2' })).body.data.status).toBe('2');
      expect(await invoiceable(g)).toBe(1000);
      expect((await admin.call('PUT', '/api/user/invoice', { id: c, status: '3' })).body.data.status).toBe('3');
      expect(await invoiceable(g)).toBe(2000);
      expect((await admin.call('PUT', '/api/user/invoice', { id: c, status: '1' })).body.success).toBe(false);

      expect((await admin.call('PUT', '/api/user/invoice', { id: b, status: '0' })).body.message).toBe('An invoice request can only be marked done, rejected or failed');
      expect((await admin.call('PUT', '/api/user/invoice', { id: 999_999, status: '1' })).body.message).toBe('Invoice request not found');
      // concurrent reviews of one request: exactly one wins
      const d = await ask();
      const raced = await Promise.all(['1', '2', '3', '1', '2'].map((status) => admin.call('PUT', '/api/user/invoice', { id: d, status })));
      expect(raced.filter((r) => r.body.success)).toHaveLength(1);
      const list = await g.call('GET', '/api/user/self/invoice');
      expect(list.body.data.items.map((i: { status: string }) => i.status).sort()).toEqual(['1', '2', '3', raced.find((r) => r.body.success)!.body.data.status].sort());
    });
  });
});
