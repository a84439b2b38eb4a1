// Online top-up through epay (spec 3 "Wallet / top-up"; reference §8.2–8.3 without the quirks of §15 #2): the quote
// and pay rules in zh and en, the whole flow against a local epay provider over real HTTP, and every callback that
// must credit nothing — forged, another merchant, less money, unknown, late — while 20 at once credit once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { LogType } from '../../daemon/contract/roles.js';
import { TopUpEntity } from '../../daemon/modules/topup/topup.entity.js';
import { signEpay, verifyEpaySign } from '../../daemon/modules/topup/epay-sign.js';
import { Writable } from 'node:stream';
import { buildServer } from '../../daemon/app/server.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';
import { startEpayServer, type EpayServer } from '../helpers/epay-server.js';

describe('online top-up: /api/user/amount, /pay, /topup/order, /epay/notify', () => {
  let t: TestApp;
  let epay: EpayServer;
  let gateway = '';
  let now = 1_900_000_000;
  let seq = 0;
  const PER_UNIT = 500_000;

  const newUser = async (f: Parameters<typeof insertUser>[2] = {}, lang = 'en') => {
    const username = `tu${++seq}`;
    const id = await insertUser(t, username, f);
    const b = await signInUser(t, username);
    b.lang = lang;
    return { id, username, b };
  };
  const setOptions = (o: Record<string, unknown>) => t.services.options.set(o);
  const enable = () => setOptions({ ServerAddress: gateway, PayAddress: epay.url, EpayId: epay.pid, EpayKey: epay.key, CustomCallbackAddress: '' });
  const quotaOf = async (id: number) =>
    Number((await t.services.em.fork().execute<{ quota: unknown }[]>('select quota from users where id = ?', [id]))[0].quota);
  const order = (trade_no: string) => t.services.em.fork().findOneOrFail(TopUpEntity, { trade_no });
  const topUpLogs = (userId: number) =>
    t.services.em.fork().execute<{ quota: unknown; content: string }[]>('select quota, content from logs where type = ? and user_id = ?', [LogType.topup, userId]);

  /** POST /api/user/pay, then the browser's hidden form to the provider; answers the trade number. */
  const payAndSubmit = async (b: Browser, amount: number, method = 'zfb') => {
    const r = await b.call('POST', '/api/user/pay', { amount, payment_method: method, top_up_code: '' });
    expect(r.body.success, r.body.message).toBe(true);
    const { url, params } = r.body.data as { url: string; params: Record<string, string> };
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    expect(res.status).toBe(200);
    return { tradeNo: params.out_trade_no, html: await res.text(), params };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, overrides: { 'rate_limit.api_count': 0, 'rate_limit.critical_count': 0, 'payment.order_expire_minutes': 30 } });
    await setupRoot(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    gateway = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    epay = await startEpayServer();
  });
  afterAll(async () => {
    await epay?.close();
    await t?.close();
  });

  it('needs a signed-in user for quote, pay and order status', async () => {
    const anon = new Browser(t.app);
    expect((await anon.call('POST', '/api/user/amount', { amount: 10 })).status).toBe(401);
    expect((await anon.call('POST', '/api/user/pay', { amount: 10, payment_method: 'zfb' })).status).toBe(401);
    expect((await anon.call('GET', '/api/user/topup/order?trade_no=x')).status).toBe(401);
  });

  it('refuses to pay while online top-up is off (PayAddress, EpayId and EpayKey all needed), in en and zh', async () => {
    const en = await newUser();
    const zh = await newUser({}, 'zh-CN');
    await setOptions({ ServerAddress: gateway, PayAddress: epay.url, EpayId: epay.pid, EpayKey: '' });
    const r = await en.b.call('POST', '/api/user/pay', { amount: 10, payment_method: 'zfb' });
    expect(r.body).toMatchObject({ success: false, message: 'The admin has not enabled online top-up' });
    expect((await zh.b.call('POST', '/api/user/pay', { amount: 10, payment_method: 'wx' })).body.message).toBe('管理员未开启在线充值');
    expect((await t.app.inject({ url: '/api/status' })).json().data.enable_online_topup).toBe(false);
    expect(await t.services.em.fork().count(TopUpEntity, {})).toBe(0);
  });

  it('quotes amount × price half-up to cents: Price × TopupGroupRatio, or the exclusive price', async () => {
    await enable();
    await setOptions({ Price: 7.3, TopupGroupRatio: '{"default":1,"vip":0.9,"svip":0}', MinTopUp: 1 });
    const plain = await newUser();
    const vip = await newUser({ group: 'vip' });
    const svip = await newUser({ group: 'svip' });
    const special = await newUser({ group: 'vip', exclusive_price: 6.5 });
    const quote = async (b: Browser, amount: number) => (await b.call('POST', '/api/user/amount', { amount, top_up_code: '' })).body;
    expect(await quote(plain.b, 10)).toEqual({ success: true, message: '', data: '73.00' });
    expect((await quote(plain.b, 9999)).data).toBe('72992.70');
    expect((await quote(vip.b, 3)).data).toBe('19.71');
    expect((await quote(svip.b, 1)).data).toBe('7.30'); // ratio 0 counts as 1
    expect((await quote(special.b, 7)).data).toBe('45.50');
    await setOptions({ TopupGroupRatio: '{"default":1.15}' });
    expect((await quote(plain.b, 1)).data).toBe('8.40'); // 8.395, exactly half-up
    await setOptions({ TopupGroupRatio: '{"default":1,"vip":1,"svip":1}' });
  });

  it('checks the amount: a whole number from 1 to 1,000,000, not below MinTopUp, money at least 0.01 (en and zh)', async () => {
    const en = await newUser();
    const zh = await newUser({}, 'zh-CN');
    for (const amount of [0, -1, 1.5, 1_000_001]) {
      for (const path of ['/api/user/amount', '/api/user/pay']) {
        const r = await en.b.call('POST', path, { amount, payment_method: 'zfb' });
        expect(r.body, `${path} ${amount}`).toMatchObject({ success: false, message: 'The top-up amount must be a whole number from 1 to 1000000' });
      }
    }
    expect((await zh.b.call('POST', '/api/user/pay', { amount: 0 })).body.message).toBe('充值数量必须是 1 到 1000000 之间的整数');
    expect((await en.b.call('POST', '/api/user/pay', { amount: 'ten' })).body.success).toBe(false);
    await setOptions({ MinTopUp: 5 });
    expect((await en.b.call('POST', '/api/user/pay', { amount: 3, payment_method: 'zfb' })).body.message).toBe('The top-up amount cannot be below the minimum of 5');
    expect((await zh.b.call('POST', '/api/user/amount', { amount: 4 })).body.message).toBe('充值数量不能小于 5');
    await setOptions({ MinTopUp: 1, Price: 0.004 });
    expect((await en.b.call('POST', '/api/user/pay', { amount: 1, payment_method: 'zfb' })).body.message).toBe('The amount is too low');
    expect((await zh.b.call('POST', '/api/user/pay', { amount: 1 })).body.message).toBe('充值金额过低');
    expect((await en.b.call('POST', '/api/user/pay', { amount: 3 })).body.data.params.money).toBe('0.01'); // 0.012
    await setOptions({ Price: 7.3 });
  });

  it('pays end to end: signed form → provider page → pay → callback credits once, logs type 1, order success', async () => {
    await enable();
    const u = await newUser();
    const r = await u.b.call('POST', '/api/user/pay', { amount: 10, payment_method: 'zfb', top_up_code: '' });
    expect(r.body.success).toBe(true);
    const { url, params } = r.body.data;
    expect(url).toBe(`${epay.url}/submit.php`);
    expect(params).toMatchObject({
      pid: epay.pid, type: 'alipay', name: 'TUC10', money: '73.00', device: 'pc', sign_type: 'MD5',
      notify_url: `${gateway}/api/user/epay/notify`,
      return_url: `${gateway}/topup?result=return&trade_no=${params.out_trade_no}`,
    });
    expect(params.out_trade_no).toMatch(new RegExp(`^USR${u.id}NO[0-9A-Za-z]{6}${now}$`));
    expect(verifyEpaySign(params, epay.key)).toBe(true);
    expect(await order(params.out_trade_no)).toMatchObject({ user_id: u.id, status: 'pending', amount: 10, money_micros: 73_000_000, pay_type: 'alipay', create_time: now });
    expect((await u.b.call('GET', `/api/user/topup/order?trade_no=${params.out_trade_no}`)).body.data).toMatchObject({ status: 'pending', money: '73.00', amount: 10 });

    // the browser's hidden form, then the provider's page and its Pay button
    const page = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    const html = await page.text();
    expect(html).toContain('73.00');
    const action = /<form method="post" action="([^"]+)">/.exec(html)![1];
    const paid = await fetch(`${epay.url}${action}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(params.return_url);
    expect(epay.notifications.at(-1)).toMatchObject({ outTradeNo: params.out_trade_no, status: 200, body: 'success' });

    expect(await quotaOf(u.id)).toBe(10 * PER_UNIT);
    const logs = await topUpLogs(u.id);
    expect(logs).toHaveLength(1);
    expect(Number(logs[0].quota)).toBe(10 * PER_UNIT);
    expect(logs[0].content).toBe('在线充值成功，充值金额: ＄10.000000 额度，支付金额：73.00');
    expect(await order(params.out_trade_no)).toMatchObject({ status: 'success', paid_micros: 73_000_000, complete_time: now });
    expect((await u.b.call('GET', `/api/user/topup/order?trade_no=${params.out_trade_no}`)).body.data).toMatchObject({ trade_no: params.out_trade_no, status: 'success' });
    // the relay's wallet (in-memory ledger on SQLite) sees the new balance: all of it can be held, not a unit more
    await t.services.epochs.pending;
    const { wallet } = t.services;
    expect(await wallet.reserve({ userId: u.id, tokenId: null, unlimited: false, amount: 10 * PER_UNIT + 1 })).toMatchObject({ ok: false });
    const held = await wallet.reserve({ userId: u.id, tokenId: null, unlimited: false, amount: 10 * PER_UNIT });
    expect(held.ok).toBe(true);
    if (held.ok) await wallet.settle(held.hold, { kind: 'failed' }, 0);

    // someone else's order is not found
    const other = await newUser();
    expect((await other.b.call('GET', `/api/user/topup/order?trade_no=${params.out_trade_no}`)).body).toMatchObject({ success: false, message: 'Order not found' });
  });

  it('refuses a form the provider cannot verify (the local provider checks the merchant key)', async () => {
    const u = await newUser();
    const r = await u.b.call('POST', '/api/user/pay', { amount: 1, payment_method: 'wx' });
    expect(r.body.data.params.type).toBe('wxpay');
    const bad = { ...r.body.data.params, money: '0.01' };
    const res = await fetch(r.body.data.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(bad).toString() });
    expect(res.status).toBe(400);
  });

  it('credits once for 20 concurrent and then repeated callbacks, answering success to each', async () => {
    const u = await newUser();
    const { tradeNo } = await payAndSubmit(u.b, 20);
    const answers = await Promise.all(Array.from({ length: 20 }, () => epay.notify(tradeNo)));
    expect(answers).toEqual(Array(20).fill('success'));
    for (let i = 0; i < 3; i++) expect(await epay.notify(tradeNo, { method: i === 1 ? 'POST' : 'GET' })).toBe('success');
    expect(await quotaOf(u.id)).toBe(20 * PER_UNIT);
    expect(await topUpLogs(u.id)).toHaveLength(1);
    expect((await order(tradeNo)).status).toBe('success');
  });

  it('takes a POST form callback as well', async () => {
    const u = await newUser();
    const { tradeNo } = await payAndSubmit(u.b, 2, 'wx');
    expect(await epay.notify(tradeNo, { method: 'POST' })).toBe('success');
    expect(await quotaOf(u.id)).toBe(2 * PER_UNIT);
  });

  it('credits nothing for a forged signature, another merchant or an unknown order, and answers fail', async () => {
    const u = await newUser();
    const { tradeNo } = await payAndSubmit(u.b, 5);
    expect(await epay.notify(tradeNo, { mode: 'forged' })).toBe('fail');
    expect(await epay.notify(tradeNo, { mode: 'wrong-merchant' })).toBe('fail');
    const unknown = signEpay({ pid: epay.pid, trade_no: 'X1', out_trade_no: `USR${u.id}NOzzzzzz${now}`, type: 'alipay', name: 'TUC5', money: '36.50', trade_status: 'TRADE_SUCCESS' }, epay.key);
    expect(await (await fetch(`${gateway}/api/user/epay/notify?${new URLSearchParams(unknown)}`)).text()).toBe('fail');
    const twice = `${gateway}/api/user/epay/notify?${new URLSearchParams(signEpay({ pid: epay.pid, out_trade_no: tradeNo, money: '36.50', trade_status: 'TRADE_SUCCESS' }, epay.key))}&money=36.50`;
    expect(await (await fetch(twice)).text()).toBe('fail');
    expect(await quotaOf(u.id)).toBe(0);
    expect((await order(tradeNo)).status).toBe('pending');
    // a signed message that is not a payment is acknowledged, and credits nothing
    expect(await epay.notify(tradeNo, { tradeStatus: 'WAIT_BUYER_PAY' })).toBe('success');
    expect((await order(tradeNo)).status).toBe('pending');
    // the genuine one still works afterwards
    expect(await epay.notify(tradeNo)).toBe('success');
    expect(await quotaOf(u.id)).toBe(5 * PER_UNIT);
  });

  it('credits nothing when less money was paid: the order becomes fail with what was paid', async () => {
    const u = await newUser();
    const { tradeNo } = await payAndSubmit(u.b, 10);
    expect(await epay.notify(tradeNo, { mode: 'under-paid' })).toBe('success');
    expect(await order(tradeNo)).toMatchObject({ status: 'fail', paid_micros: 72_990_000 });
    expect(await epay.notify(tradeNo)).toBe('success'); // closed: nothing more happens
    expect(await quotaOf(u.id)).toBe(0);
    expect(await topUpLogs(u.id)).toHaveLength(0);
    // more than due is fine
    const over = await payAndSubmit(u.b, 1);
    expect(await epay.notify(over.tradeNo, { money: '7.31' })).toBe('success');
    expect(await quotaOf(u.id)).toBe(PER_UNIT);
  });

  it('credits nothing for a callback after the order expired; it is kept as 0 (awaiting manual fix)', async () => {
    const u = await newUser();
    const seen = await payAndSubmit(u.b, 3);
    const unseen = await payAndSubmit(u.b, 4);
    const swept = await payAndSubmit(u.b, 6);
    now += 30 * 60; // exactly the expiry
    expect((await u.b.call('GET', `/api/user/topup/order?trade_no=${seen.tradeNo}`)).body.data.status).toBe('expired');
    expect(await t.services.topups.expireStale()).toBeGreaterThanOrEqual(1);
    expect((await order(swept.tradeNo)).status).toBe('expired');
    for (const o of [seen, unseen, swept]) {
      expect(await epay.notify(o.tradeNo)).toBe('success');
      expect(await order(o.tradeNo)).toMatchObject({ status: '0', paid_micros: Number(o.params.money.replace('.', '')) * 10_000 });
    }
    expect(await quotaOf(u.id)).toBe(0);
    expect(await topUpLogs(u.id)).toHaveLength(0);
    // a fresh order after that still pays
    const fresh = await payAndSubmit(u.b, 1);
    now += 29 * 60;
    expect(await epay.notify(fresh.tradeNo)).toBe('success');
    expect(await quotaOf(u.id)).toBe(PER_UNIT);
  });

  it('refuses every callback once online top-up is switched off', async () => {
    const u = await newUser();
    const { tradeNo } = await payAndSubmit(u.b, 1);
    await setOptions({ EpayKey: '' });
    expect(await epay.notify(tradeNo)).toBe('fail');
    await enable();
    expect(await quotaOf(u.id)).toBe(0);
  });

  it('logs a warning with the trade number and the reason for each callback that credits nothing', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({ write(chunk, _enc, cb) { lines.push(JSON.parse(String(chunk))); cb(); } });
    const logger = { level: 'info', stream };
    const logged = await buildServer(t.services, { logger });
    try {
      const u = await newUser();
      const { tradeNo, params } = await payAndSubmit(u.b, 1);
      const callback = (o: Record<string, string>, key = epay.key) => logged.inject({
        url: `/api/user/epay/notify?${new URLSearchParams(signEpay({ pid: epay.pid, trade_no: 'P9', out_trade_no: tradeNo, type: params.type, money: params.money, trade_status: 'TRADE_SUCCESS', ...o }, key))}`,
      });
      expect((await callback({}, 'forged')).body).toBe('fail');
      expect((await callback({ money: '7.29' })).body).toBe('success');
      const warnings = lines.filter((l) => l.level === 40);
      expect(warnings).toEqual([
        expect.objectContaining({ trade_no: tradeNo, reason: 'bad signature', msg: 'epay notify: nothing credited' }),
        expect.objectContaining({ trade_no: tradeNo, reason: expect.stringContaining('less than') }),
      ]);
      expect(await quotaOf(u.id)).toBe(0);
    } finally {
      await logged.close();
    }
  });

  it('after a mixed run, the quota credited equals the sum of top-up logs and of paid orders', async () => {
    const users = await Promise.all([newUser(), newUser(), newUser()]);
    const trades: string[] = [];
    for (const [i, u] of users.entries()) for (const amount of [1, 2, 7]) trades.push((await payAndSubmit(u.b, amount + i)).tradeNo);
    const modes = ['normal', 'forged', 'wrong-merchant', 'under-paid'] as const;
    await Promise.all(trades.flatMap((tn, i) => [epay.notify(tn, { mode: modes[i % 4] }), epay.notify(tn, { mode: modes[(i + 1) % 4] }), epay.notify(tn)]));
    const em = t.services.em.fork();
    const [credited] = await em.execute<{ s: unknown }[]>('select coalesce(sum(quota), 0) as s from users where role = 1');
    const [logged] = await em.execute<{ s: unknown }[]>('select coalesce(sum(quota), 0) as s from logs where type = ?', [LogType.topup]);
    const [bought] = await em.execute<{ s: unknown }[]>("select coalesce(sum(amount), 0) as s from top_ups where status = 'success'");
    expect(Number(logged.s)).toBe(Number(credited.s));
    expect(Number(bought.s) * PER_UNIT).toBe(Number(credited.s));
    expect(Number(credited.s)).toBeGreaterThan(0);
  });
});

describe('epay callbacks and the per-IP /api limit', () => {
  it('never refuses a callback for volume, while other /api calls from that address are limited', async () => {
    const t = await createTestApp({ overrides: { 'rate_limit.api_count': 3, 'rate_limit.api_window_seconds': 60 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await t.app.inject({ method: 'GET', url: `/api/user/epay/notify?out_trade_no=USR1NOabc${i}&sign=bad&trade_status=TRADE_SUCCESS` });
        statuses.push(r.statusCode);
        expect(r.body).toBe('fail'); // verified and refused (online top-up is off here), never throttled
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      const status = [];
      for (let i = 0; i < 5; i++) status.push((await t.app.inject({ method: 'GET', url: '/api/status' })).statusCode);
      expect(status).toContain(429);
    } finally {
      await t.close();
    }
  });
});
