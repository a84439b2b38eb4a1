// Agents' money (design agents.md §2–§3) on both databases: commissions credited by real epay callbacks through a
// local provider (a sub-user's paid top-up credits its agent and the agent above, once, however the callback
// arrives), the profit order lists, the payout account, and settlements (concurrent requests never withdraw more than
// there is; cancel and fail give back exactly what was held, complete does not; one review per row; role checks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { LogType } from '../../daemon/contract/roles.js';
import { AgentEntity } from '../../daemon/modules/agent/agent.entity.js';
import { microsToQuota, splitCommission } from '../../daemon/modules/agent/commission.js';
import { SettlementEntity } from '../../daemon/modules/settlement/settlement.entity.js';
import { TopUpEntity } from '../../daemon/modules/topup/topup.entity.js';
import { topUpPrice } from '../../daemon/modules/topup/topup-money.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';
import { startEpayServer, type EpayServer } from '../helpers/epay-server.js';

describe('agents’ money: commissions, profit orders, payout account, settlements', () => {
  let t: TestApp;
  let epay: EpayServer;
  let gateway = '';
  let admin: Browser;
  const now = 1_900_000_000;
  let seq = 0;
  const PER_UNIT = 500_000;

  const em = () => t.services.em.fork();
  const name = (p: string) => `${p}${++seq}`;
  /** An agent: a role-10 user and its live agents row (directly: the add-agent route is another helper's). */
  const makeAgent = async (f: { parent?: number; exclusive_price?: number; group?: string; account?: boolean } = {}) => {
    const username = name('ag');
    const id = await insertUser(t, username, { role: 10, exclusive_price: f.exclusive_price ?? 0, group: f.group ?? 'default', agent_id: f.parent ?? 0 });
    await em().insert(AgentEntity, {
      agent_id: id, domain: `${username}.example.com`, agent_agent_id: f.parent ?? 0, level: 10, created_at: now,
      ...(f.account ? { balance_account: 'wx-acc', balance_username: '张三', balance_platform: 'weixin' } : {}),
    });
    return { id, username, b: await signInUser(t, username) };
  };
  const makeUser = async (f: Parameters<typeof insertUser>[2] = {}) => {
    const username = name('u');
    const id = await insertUser(t, username, f);
    return { id, username, b: await signInUser(t, username) };
  };
  const agentRow = (id: number) => em().findOneOrFail(AgentEntity, { agent_id: id });
  const shareLogs = (userId: number) =>
    em().execute<{ quota: unknown; content: string }[]>('select quota, content from logs where type = ? and user_id = ? order by id', [LogType.agentShare, userId]);
  const order = (trade_no: string) => em().findOneOrFail(TopUpEntity, { trade_no });
  const quotaOf = async (id: number) => Number((await em().execute<{ quota: unknown }[]>('select quota from users where id = ?', [id]))[0].quota);
  const setWithdrawable = (id: number, quota: number) => em().nativeUpdate(AgentEntity, { agent_id: id }, { share_profit_quota: quota });

  const payAndSubmit = async (b: Browser, amount: number) => {
    const r = await b.call('POST', '/api/user/pay', { amount, payment_method: 'zfb', top_up_code: '' });
    expect(r.body.success, r.body.message).toBe(true);
    const { url, params } = r.body.data as { url: string; params: Record<string, string> };
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    expect(res.status).toBe(200);
    return { tradeNo: params.out_trade_no, money: params.money };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, overrides: { 'rate_limit.api_count': 0, 'rate_limit.critical_count': 0, 'payment.order_expire_minutes': 30 } });
    const root = await setupRoot(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    gateway = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    epay = await startEpayServer();
    await t.services.options.set({
      ServerAddress: gateway, PayAddress: epay.url, EpayId: epay.pid, EpayKey: epay.key, CustomCallbackAddress: '',
      Price: 7.3, TopupGroupRatio: '{"default":1,"vip":0.9}', MinTopUp: 1,
    });
    admin = new Browser(t.app);
    admin.lang = 'en';
    expect((await admin.login(root.username, root.password)).body.success).toBe(true);
  });
  afterAll(async () => {
    await epay?.close();
    await t?.close();
  });

  describe('commissions on a paid top-up', () => {
    it("credits the sub-user's agent and the agent above, with type-5 logs, the order's agent fields and the profit lists", async () => {
      const top = await makeAgent({ exclusive_price: 6 });
      const mid = await makeAgent({ parent: top.id, exclusive_price: 6.8 });
      const buyer = await makeUser({ agent_id: mid.id, exclusive_price: 8 });
      const { tradeNo, money } = await payAndSubmit(buyer.b, 10);
      expect(money).toBe('80.00');
      expect(await epay.notify(tradeNo)).toBe('success');

      expect(await quotaOf(buyer.id)).toBe(10 * PER_UNIT);
      // 80.00 paid: mid bought at 68.00 → 12.00; top at 60.00 → 8.00; the site keeps 60.00
      expect(await order(tradeNo)).toMatchObject({ status: 'success', proxy_user_id: mid.id, agent_commission_micros: 12_000_000 });
      expect(await agentRow(mid.id)).toMatchObject({ share_profit_micros: 12_000_000, share_profit_quota: 12 * PER_UNIT, order_num: 1, order_money_micros: 80_000_000 });
      // only the buyer's own agent counts the order; the one above gets its share
      expect(await agentRow(top.id)).toMatchObject({ share_profit_micros: 8_000_000, share_profit_quota: 8 * PER_UNIT, order_num: 0, order_money_micros: 0 });
      const midLogs = await shareLogs(mid.id);
      expect(midLogs).toHaveLength(1);
      expect(Number(midLogs[0].quota)).toBe(12 * PER_UNIT);
      expect(midLogs[0].content).toBe(`代理分成：订单 ${tradeNo}，用户 ${buyer.username}（ID ${buyer.id}）支付 80.00，分成 12.00`);
      const topLogs = await shareLogs(top.id);
      expect(topLogs).toHaveLength(1);
      expect(topLogs[0].content).toContain(tradeNo);
      expect(topLogs[0].content).toContain('分成 8.00');

      // profit lists: the agent's own (with its commission), not the agent above's; every order with an agent for admins
      const mine = await mid.b.call('GET', '/api/user/agent/profit');
      expect(mine.body).toMatchObject({ success: true, data: { total: 1, page: 1, page_size: 10 } });
      expect(mine.body.data.items[0]).toMatchObject({ trade_no: tradeNo, user_id: buyer.id, money: 80, proxy_user_id: mid.id, agent_commission: 12, status: 'success' });
      expect((await top.b.call('GET', '/api/user/agent/profit')).body.data.total).toBe(0);
      const all = await admin.call('GET', `/api/user/profit?trade_no=${tradeNo.slice(3, 12)}`);
      expect(all.body.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual([tradeNo]);
      expect((await admin.call('GET', `/api/user/profit?user_id=${buyer.id}&start_timestamp=${now + 1}`)).body.data.total).toBe(0);
      expect((await mid.b.call('GET', `/api/user/agent/profit?user_id=${buyer.id}&end_timestamp=${now}`)).body.data.total).toBe(1);
    });

    it('gives nothing for a user without an agent, a deleted agent, or a redemption code', async () => {
      const plain = await makeUser();
      const p = await payAndSubmit(plain.b, 2);
      expect(await epay.notify(p.tradeNo)).toBe('success');
      expect(await order(p.tradeNo)).toMatchObject({ status: 'success', proxy_user_id: 0, agent_commission_micros: 0 });

      const gone = await makeAgent({ exclusive_price: 5 });
      await em().nativeUpdate(AgentEntity, { agent_id: gone.id }, { deleted_at: now });
      const orphan = await makeUser({ agent_id: gone.id });
      const q = await payAndSubmit(orphan.b, 3);
      expect(await epay.notify(q.tradeNo)).toBe('success');
      expect(await quotaOf(orphan.id)).toBe(3 * PER_UNIT);
      expect(await order(q.tradeNo)).toMatchObject({ proxy_user_id: 0, agent_commission_micros: 0 });
      expect(await agentRow(gone.id)).toMatchObject({ share_profit_micros: 0, order_num: 0 });
      expect(await shareLogs(gone.id)).toHaveLength(0);

      const agent = await makeAgent({ exclusive_price: 5 });
      const sub = await makeUser({ agent_id: agent.id });
      const created = await admin.call('POST', '/api/redemption/', { name: 'gift', quota: 100_000, count: 1 });
      expect(created.body.success, created.body.message).toBe(true);
      expect((await sub.b.call('POST', '/api/user/topup', { key: created.body.data[0] })).body.success).toBe(true);
      expect(await agentRow(agent.id)).toMatchObject({ share_profit_micros: 0, share_profit_quota: 0, order_num: 0 });
    });

    it("pays a sub-agent's own top-up spread to its parent (agents.agent_agent_id when users.agent_id is 0)", async () => {
      const parent = await makeAgent({ exclusive_price: 6 });
      const child = await makeAgent({ exclusive_price: 7 });
      await em().nativeUpdate(AgentEntity, { agent_id: child.id }, { agent_agent_id: parent.id });
      const { tradeNo } = await payAndSubmit(child.b, 10);
      expect(await epay.notify(tradeNo)).toBe('success');
      expect(await order(tradeNo)).toMatchObject({ proxy_user_id: parent.id, agent_commission_micros: 10_000_000 });
      expect(await agentRow(parent.id)).toMatchObject({ share_profit_micros: 10_000_000, order_num: 1, order_money_micros: 70_000_000 });
      expect(await agentRow(child.id)).toMatchObject({ share_profit_micros: 0, order_num: 0 });
    });

    it('credits once for the same callback 10 at once and then repeated', async () => {
      const top = await makeAgent({ exclusive_price: 6 });
      const mid = await makeAgent({ parent: top.id, exclusive_price: 7 });
      const buyer = await makeUser({ agent_id: mid.id }); // Price 7.3 × ratio 1
      const { tradeNo } = await payAndSubmit(buyer.b, 20);
      const answers = await Promise.all(Array.from({ length: 10 }, () => epay.notify(tradeNo)));
      expect(answers).toEqual(Array(10).fill('success'));
      for (let i = 0; i < 3; i++) expect(await epay.notify(tradeNo, { method: i === 1 ? 'POST' : 'GET' })).toBe('success');
      expect(await quotaOf(buyer.id)).toBe(20 * PER_UNIT);
      // 146.00: mid 146 − 140 = 6.00, top 140 − 120 = 20.00
      expect(await agentRow(mid.id)).toMatchObject({ share_profit_micros: 6_000_000, share_profit_quota: 3_000_000, order_num: 1, order_money_micros: 146_000_000 });
      expect(await agentRow(top.id)).toMatchObject({ share_profit_micros: 20_000_000, share_profit_quota: 10_000_000, order_num: 0 });
      expect(await shareLogs(mid.id)).toHaveLength(1);
      expect(await shareLogs(top.id)).toHaveLength(1);
    });

    it('property: random chains of up to three agents and random prices — shares + site part = money paid, each share ≥ 0', async () => {
      let state = 424242;
      const r = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const price = () => Math.round((1 + r() * 9) * 100) / 100;
      let earning = 0;
      let deep = 0;
      for (let c = 0; c < 8; c++) {
        const depth = Math.floor(r() * 4);
        const chain: Array<{ id: number; price: number; group: string }> = [];
        for (let i = 0; i < depth; i++) {
          const group = r() < 0.3 ? 'vip' : 'default';
          const exclusive = r() < 0.7 ? price() : 0; // 0 = the site's price × the group's ratio
          chain.unshift({ id: 0, price: exclusive, group });
        }
        // create from the top down so each agent can name its parent
        let parent = 0;
        for (const a of chain) {
          a.id = (await makeAgent({ parent, exclusive_price: a.price, group: a.group })).id;
          parent = a.id;
        }
        chain.reverse(); // nearest first
        const buyer = await makeUser({ agent_id: parent, exclusive_price: r() < 0.5 ? price() : 0, group: r() < 0.5 ? 'vip' : 'default' });
        const amount = 1 + Math.floor(r() * 300);
        const { tradeNo } = await payAndSubmit(buyer.b, amount);
        expect(await epay.notify(tradeNo)).toBe('success');
        const paid = BigInt((await order(tradeNo)).money_micros);
        const expected = splitCommission(paid, amount, chain.map((a) => topUpPrice({ exclusivePrice: a.price, price: 7.3, groupRatios: { default: 1, vip: 0.9 }, group: a.group })));
        const credited: bigint[] = [];
        for (const a of chain) {
          const row = await agentRow(a.id);
          credited.push(BigInt(row.share_profit_micros));
          expect(BigInt(row.share_profit_quota)).toBe(microsToQuota(BigInt(row.share_profit_micros), PER_UNIT));
          const logs = await shareLogs(a.id);
          expect(logs.reduce((s, l) => s + Number(l.quota), 0)).toBe(Number(row.share_profit_quota));
        }
        const site = paid - credited.reduce((s, v) => s + v, 0n);
        expect(credited, `case ${c}`).toEqual(expected.shares);
        expect(credited.every((s) => s >= 0n) && site >= 0n, `case ${c}`).toBe(true);
        expect(credited.reduce((s, v) => s + v, 0n) + site).toBe(paid);
        expect((await order(tradeNo)).agent_commission_micros).toBe(Number(expected.shares[0] ?? 0n));
        earning += credited.filter((v) => v > 0n).length;
        if (chain.length >= 2) deep++;
      }
      expect(earning).toBeGreaterThanOrEqual(3); // the cases really pay commissions, and through chains
      expect(deep).toBeGreaterThanOrEqual(2);
    });

    it("a sub-user's order waits in its agent's lists while pending, and the provider returns a buyer on the agent's domain there", async () => {
      const a = await makeAgent({ exclusive_price: 5 });
      const u = await makeUser({ agent_id: a.id });
      const host = `${a.username}.example.com`;
      await t.services.epochs.bump('agents'); // the row was written directly: the domain directory learns of it
      await t.services.epochs.pending;
      const r = await u.b.call('POST', '/api/user/pay', { amount: 3, payment_method: 'wx', top_up_code: '' }, { host });
      expect(r.body.success, r.body.message).toBe(true);
      const params = r.body.data.params as Record<string, string>;
      expect(params.return_url).toBe(`http://${host}/topup?result=return&trade_no=${params.out_trade_no}`);
      expect(params.notify_url.startsWith(gateway)).toBe(true); // the provider still calls the site
      const pending = await a.b.call('GET', '/api/user/self/orders?all_user=true');
      expect(pending.body.data.items.map((o: { trade_no: string; status: string }) => [o.trade_no, o.status])).toEqual([[params.out_trade_no, 'pending']]);
      // on the site's own address the buyer goes back to the site
      const site = await u.b.call('POST', '/api/user/pay', { amount: 3, payment_method: 'wx', top_up_code: '' });
      expect((site.body.data.params as Record<string, string>).return_url.startsWith(`${gateway}/topup`)).toBe(true);
    });
  });

  describe('payout account: PUT /api/user/agent', () => {
    it('saves weixin accounts of live agents only, with clear messages (en and zh)', async () => {
      const a = await makeAgent();
      const put = (b: Browser, body: Record<string, unknown>) => b.call('PUT', '/api/user/agent', body);
      const good = { balance_account: 'wx-123', balance_username: '李四', balance_platform: 'weixin' };
      expect((await put(a.b, { ...good, balance_account: ' ' })).body).toEqual({ success: false, message: 'Please enter the settlement account' });
      expect((await put(a.b, { ...good, balance_username: '' })).body).toEqual({ success: false, message: 'Please enter the real name' });
      expect((await put(a.b, { ...good, balance_platform: 'alipay' })).body).toEqual({ success: false, message: 'Alipay is not supported yet' });
      expect((await put(a.b, { ...good, balance_platform: 'paypal' })).body.success).toBe(false);
      a.b.lang = 'zh-CN';
      expect((await put(a.b, { ...good, balance_platform: 'alipay' })).body.message).toBe('支付宝结算暂不支持');
      expect((await put(a.b, good)).body).toEqual({ success: true, message: '保存成功' });
      a.b.lang = 'en';
      expect((await put(a.b, { ...good, balance_account: 'wx-456' })).body).toEqual({ success: true, message: 'Saved successfully' });
      expect(await agentRow(a.id)).toMatchObject({ balance_account: 'wx-456', balance_username: '李四', balance_platform: 'weixin' });

      const user = await makeUser();
      expect((await put(user.b, good)).body).toMatchObject({ success: false, message: expect.stringMatching(/^No permission/) });
      // role 10 without a live agents row
      const fake = await makeUser({ role: 10 });
      expect((await put(fake.b, good)).body).toEqual({ success: false, message: 'No permission: only agents can do this' });
      await em().nativeUpdate(AgentEntity, { agent_id: a.id }, { deleted_at: now });
      expect((await put(a.b, good)).body.message).toBe('No permission: only agents can do this');
    });
  });

  describe('settlements: POST /api/user/profit, GET and PUT /api/user/clearing', () => {
    const apply = (b: Browser, profit: unknown) => b.call('POST', '/api/user/profit', { profit });

    it('refuses non-agents, agents without an account, less than 10, bad amounts and more than withdrawable', async () => {
      const user = await makeUser();
      expect((await apply(user.b, 20)).body).toMatchObject({ success: false, message: expect.stringMatching(/^No permission/) });
      const fake = await makeUser({ role: 10 });
      expect((await apply(fake.b, 20)).body).toEqual({ success: false, message: 'No permission: only agents can do this' });
      const bare = await makeAgent();
      await setWithdrawable(bare.id, 100 * PER_UNIT);
      expect((await apply(bare.b, 20)).body).toEqual({ success: false, message: 'Please save the settlement account and real name first' });

      const a = await makeAgent({ account: true });
      await setWithdrawable(a.id, 30 * PER_UNIT + 1);
      expect((await apply(a.b, 9.99)).body).toEqual({ success: false, message: 'Withdrawal amount must exceed 10 yuan' });
      a.b.lang = 'zh-CN';
      expect((await apply(a.b, '5')).body.message).toBe('提现金额必须大于10元');
      a.b.lang = 'en';
      for (const bad of ['10.001', 'ten', '', -20]) expect((await apply(a.b, bad)).body, String(bad)).toEqual({ success: false, message: 'The withdrawal amount must be a number with at most 2 decimals' });
      expect((await apply(a.b, '30.01')).body).toEqual({ success: false, message: 'The withdrawal amount exceeds the withdrawable 30.00 yuan' });
      expect(Number((await agentRow(a.id)).share_profit_quota)).toBe(30 * PER_UNIT + 1);
      expect(await em().count(SettlementEntity, { agent_id: a.id })).toBe(0);

      const r = await apply(a.b, '30');
      expect(r.body).toMatchObject({
        success: true, message: 'Settlement application successful',
        data: { agent_id: a.id, status: 'pending', clearing_quota: 30 * PER_UNIT, clearing_money: 30, balance_account: 'wx-acc', balance_username: '张三', balance_platform: 'weixin', created_time: now },
      });
      expect(Number((await agentRow(a.id)).share_profit_quota)).toBe(1);
      const logs = await shareLogs(a.id);
      expect(logs.at(-1)!.content).toBe(`代理申请结算 #${r.body.data.id}：30.00 元（${30 * PER_UNIT} 额度）`);
    });

    it('never withdraws more than there is for 10 requests at once', async () => {
      const a = await makeAgent({ account: true });
      await setWithdrawable(a.id, 100 * PER_UNIT);
      const answers = await Promise.all(Array.from({ length: 10 }, () => apply(a.b, 15)));
      const won = answers.filter((x) => x.body.success);
      expect(won).toHaveLength(6); // 6 × 15 = 90 ≤ 100 < 105
      expect(answers.filter((x) => !x.body.success).every((x) => x.body.message.startsWith('The withdrawal amount exceeds the withdrawable'))).toBe(true);
      const [{ held }] = await em().execute<{ held: unknown }[]>('select coalesce(sum(clearing_quota), 0) as held from settlements where agent_id = ?', [a.id]);
      expect(Number(held)).toBe(90 * PER_UNIT);
      expect(Number((await agentRow(a.id)).share_profit_quota)).toBe(10 * PER_UNIT);
    });

    it('cancel and fail give back exactly what was held, complete does not; each row is reviewed once; roles apply', async () => {
      const a = await makeAgent({ account: true });
      const other = await makeAgent({ account: true });
      await setWithdrawable(a.id, 100 * PER_UNIT);
      await setWithdrawable(other.id, 50 * PER_UNIT);
      const ids: number[] = [];
      for (const m of ['10', '12.34', '20.5']) ids.push((await apply(a.b, m)).body.data.id);
      const otherId = (await apply(other.b, 11)).body.data.id;
      const cents = (c: number) => (c * PER_UNIT) / 100; // exact: PER_UNIT is a multiple of 100
      const left = cents(10_000 - 1_000 - 1_234 - 2_050);
      expect(Number((await agentRow(a.id)).share_profit_quota)).toBe(left);

      const review = (b: Browser, id: number, status: string) => b.call('PUT', '/api/user/clearing', { id, status });
      expect((await review(a.b, ids[0], 'completed')).body).toMatchObject({ success: false, message: expect.stringMatching(/^No permission/) });
      expect((await review(admin, ids[0], 'pending')).body).toEqual({ success: false, message: 'A settlement can only be marked completed, cancelled or failed' });
      expect((await review(admin, 999_999, 'completed')).body).toEqual({ success: false, message: 'Settlement record not found' });

      expect((await review(admin, ids[0], 'completed')).body).toMatchObject({ success: true, message: 'Operation completed!', data: { status: 'completed', updated_at: now } });
      expect(Number((await agentRow(a.id)).share_profit_quota)).toBe(left);
      expect((await review(admin, ids[1], 'cancelled')).body.success).toBe(true);
      expect(Number((await agentRow(a.id)).share_profit_quota)).toBe(left + cents(1_234));
      expect((await review(admin, ids[2], 'failed')).body.data.status).toBe('failed');
      expect(Number((await agentRow(a.id)).share_profit_quota)).toBe(left + cents(1_234 + 2_050));
      expect((await shareLogs(a.id)).at(-1)!.content).toContain(`结算 #${ids[2]} 已失败，退回 20.50 元`);

      // a second review of the same row is refused and moves no quota, even 5 at once
      for (const [id, status] of [[ids[0], 'cancelled'], [ids[1], 'failed'], [ids[2], 'completed']] as const) {
        expect((await review(admin, id, status)).body).toEqual({ success: false, message: 'This settlement has already been handled' });
      }
      const racing = await Promise.all(Array.from({ length: 5 }, () => review(admin, otherId, 'cancelled')));
      expect(racing.filter((x) => x.body.success)).toHaveLength(1);
      expect(Number((await agentRow(other.id)).share_profit_quota)).toBe(50 * PER_UNIT);
      expect(Number((await agentRow(a.id)).share_profit_quota)).toBe(left + cents(1_234 + 2_050));
      admin.lang = 'zh-CN';
      expect((await review(admin, ids[0], 'failed')).body.message).toBe('该结算记录已被处理，不能再次修改');
      admin.lang = 'en';

      // lists: an agent sees its own rows only; admins every row, filtered by agent and status; users nothing
      const own = await a.b.call('GET', '/api/user/clearing?p=1&page_size=2');
      expect(own.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
      expect(own.body.data.items.map((s: { id: number }) => s.id)).toEqual([ids[2], ids[1]]);
      expect(own.body.data.items[0]).toMatchObject({ clearing_money: 20.5, status: 'failed', balance_account: 'wx-acc' });
      expect((await a.b.call('GET', `/api/user/clearing?agent_id=${other.id}`)).body.data.total).toBe(3);
      expect((await other.b.call('GET', '/api/user/clearing')).body.data.items.map((s: { id: number }) => s.id)).toEqual([otherId]);
      expect((await admin.call('GET', `/api/user/clearing?agent_id=${a.id}`)).body.data.total).toBe(3);
      expect((await admin.call('GET', `/api/user/clearing?agent_id=${a.id}&status=completed`)).body.data.items.map((s: { id: number }) => s.id)).toEqual([ids[0]]);
      expect((await admin.call('GET', '/api/user/clearing?page_size=100')).body.data.total).toBeGreaterThanOrEqual(4);
      const user = await makeUser();
      expect((await user.b.call('GET', '/api/user/clearing')).body).toMatchObject({ success: false, message: expect.stringMatching(/^No permission/) });
      expect((await user.b.call('GET', '/api/user/agent/profit')).body.success).toBe(false);
      expect((await a.b.call('GET', '/api/user/profit')).body.success).toBe(false);
    });
  });
});
