// Every /api route the app registers × six callers, with the answer each must get (spec 1 §6, spec 3 §6, design
// agents.md §6). A route registered without a row here fails the test, so a new route must say who may call it.
// Routes with a target are aimed at the first agent's sub-user (or its objects): "agent" must reach it, "other
// agent" must not, which shows an agent reaches nothing outside its sub-users and its own keys.
//
// Answers (auth.ts): an anonymous call to a signed-in route is HTTP 401; a signed-in caller below the route's level
// gets 200 {success:false, message:'No permission: insufficient role'}.
//   ok    success (and, where the row has `reveals`, the target's data is in the answer)
//   nil   success, but the target's data is not in the answer (a list scoped away from it)
//   401   HTTP 401
//   role  the insufficient-role refusal
//   no    refused past the role gate: success false for another reason (not found, not yours, not enabled, …)
//   pass  past the role gate, whatever the answer (it needs an upstream, a payment provider or mail to succeed)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';
import { AgentEntity } from '../../daemon/modules/agent/agent.entity.js';
import { TopUpEntity } from '../../daemon/modules/topup/topup.entity.js';
import { InvoiceEntity } from '../../daemon/modules/invoice/invoice.entity.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';

/** Every route as Fastify registers it (method + url), caught at registration. */
const registered = vi.hoisted(() => [] as Array<{ method: string; url: string }>);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const factory = ((opts?: object) => {
    const app = (real.default as unknown as (o?: object) => FastifyInstance)(opts);
    app.addHook('onRoute', (r) => {
      const methods: string[] = Array.isArray(r.method) ? r.method : [r.method];
      for (const method of methods) registered.push({ method, url: r.url });
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: factory, fastify: factory };
});

const WHO = ['anon', 'user', 'sub', 'agent', 'other', 'admin'] as const;
type Who = (typeof WHO)[number];
type Want = 'ok' | 'nil' | '401' | 'role' | 'no' | 'pass';
const ROLE_REFUSAL = 'No permission: insufficient role';
const NOW = 1_800_000_000;
const PER_UNIT = 500_000;

/** Ids of the callers and of the objects rows aim at. */
interface World {
  id: Record<Who, number>;
  /** The other agent's own sub-user. */
  otherSub: number;
  subToken: number;
  subTradeNo: string;
  channel: number;
  redemption: number;
}
interface Req {
  url?: string;
  body?: unknown;
}
interface Row {
  method: string;
  path: string;
  want: Want[];
  /** The request for one caller (may prepare what it needs first); the row's path as is without it. */
  req?: (w: World, who: Who, t: TestApp) => Req | Promise<Req>;
  /** Whether an answer's data holds the target (checked for ok and nil). */
  reveals?: (data: any, w: World) => boolean;
  /** Callers made for this row alone (the call ends or deletes them). */
  fresh?: boolean;
}

const R = (method: string, path: string, want: string, more: Omit<Row, 'method' | 'path' | 'want'> = {}): Row => {
  const w = want.trim().split(/\s+/) as Want[];
  if (w.length !== WHO.length) throw new Error(`${method} ${path}: ${w.length} answers`);
  return { method, path, want: w, ...more };
};

// Requests and checks shared by several rows.
const url = (u: (w: World, who: Who) => string) => (w: World, who: Who) => ({ url: u(w, who) });
const body = (b: (w: World, who: Who) => unknown) => (w: World, who: Who) => ({ body: b(w, who) });
const items = (data: any): any[] => (Array.isArray(data) ? data : (data?.items ?? []));
/** Rows (logs, orders, invoices) of the sub-user. */
const subRows = (data: any, w: World) => items(data).some((r) => r.user_id === w.id.sub);
/** The sub-user in a user list. */
const subUser = (data: any, w: World) => items(data).some((r) => r.id === w.id.sub && r.username === 'sub_a');
const seq = { n: 0 };
const unique = (prefix: string) => `${prefix}${++seq.n}`;

/** A call that prepares a row's target; answers its data. */
async function as(t: TestApp, who: 'admin' | 'sub' | 'agent', method: InjectOptions['method'], url: string, payload: unknown): Promise<any> {
  const r = await send(t, who, method, url, payload);
  if (r.body?.success !== true) throw new Error(`${method} ${url} as ${who}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
// a closed local port: channel calls fail at once, nothing leaves the machine
const newChannel = async (t: TestApp) =>
  Number(items(await as(t, 'admin', 'POST', '/api/channel/', { name: unique('ch'), type: 1, key: 'sk-test', base_url: 'http://127.0.0.1:9', models: 'gpt-4o', group: 'default', auto_ban: 0 }))[0].id);
const newSubToken = async (t: TestApp) => {
  const made = await as(t, 'sub', 'POST', '/api/token/', { name: unique('tk'), remain_quota: 0, unlimited_quota: true, expired_time: -1 });
  return Number((Array.isArray(made) ? made[0] : made).id);
};
const newRedemption = async (t: TestApp): Promise<{ id: number; key: string }> => {
  const keys = await as(t, 'admin', 'POST', '/api/redemption/', { name: unique('rd'), quota: 1000, count: 1 });
  const list = await as(t, 'admin', 'GET', '/api/redemption/?p=1&page_size=1', undefined);
  return { id: Number(items(list)[0].id), key: String([keys].flat()[0]) };
};
const newInvoice = async (t: TestApp, w: World) =>
  Number(await t.services.em.fork().insert(InvoiceEntity, {
    user_id: w.id.sub, agent_id: w.id.agent, customer_name: 'Sub Co', customer_tax_id: 'T1', email: 'sub@example.com',
    total_amount_micros: 1000_000_000, types: 'dzpp', status: '0', created_time: NOW,
  }));
/** A tag on a channel of its own, so disabling the tag leaves the shared channel enabled. */
const newTag = async (t: TestApp) => {
  const id = await newChannel(t);
  await as(t, 'admin', 'POST', '/api/channel/batch/tag', { ids: [id], tag: `off${id}` });
  return `off${id}`;
};
/** A pending settlement of the first agent (asked through the API, as the agent would). */
const newSettlement = async (t: TestApp) => Number((await as(t, 'agent', 'POST', '/api/user/profit', { profit: 10 })).id);

// The table: one line per route. Order matters only where a row changes what later rows see (none should).
const TABLE: Row[] = [
  //  method     path                                   anon  user  sub   agent other admin
  // site, setup, content
  R('GET',    '/api/setup',                           'ok   ok    ok    ok    ok    ok'),
  R('POST',   '/api/setup',                           'no   no    no    no    no    no', { req: body(() => ({ username: 'x', password: 'long-enough-1', confirmPassword: 'long-enough-1' })) }),
  R('GET',    '/api/status',                          'ok   ok    ok    ok    ok    ok'),
  R('GET',    '/api/notice',                          'ok   ok    ok    ok    ok    ok'),
  R('GET',    '/api/about',                           'ok   ok    ok    ok    ok    ok'),
  R('GET',    '/api/home_page_content',               'ok   ok    ok    ok    ok    ok'),
  R('GET',    '/api/agent_page_content',              'ok   ok    ok    ok    ok    ok'),
  R('POST',   '/api/content/preview',                 '401  role  role  ok    ok    ok', { req: body(() => ({ text: '# Hello' })) }),
  R('GET',    '/api/pricing',                         'ok   ok    ok    ok    ok    ok'),
  R('GET',    '/api/tags',                            'ok   ok    ok    ok    ok    ok'),
  R('GET',    '/api/models',                          '401  ok    ok    ok    ok    ok'),
  R('GET',    '/api/group',                           '401  role  role  ok    ok    ok'),

  // signing in and out, registration, e-mail codes (public)
  R('POST',   '/api/user/login',                      'ok   ok    ok    ok    ok    ok', { fresh: true, req: body(() => ({ username: 'spare', password: 'spare-pass-1' })) }),
  R('GET',    '/api/user/logout',                     'ok   ok    ok    ok    ok    ok', { fresh: true }),
  R('POST',   '/api/user/register',                   'ok   ok    ok    ok    ok    ok', { req: body((w, who) => ({ username: unique(`reg${who}`), password: 'register-pass-1', password2: 'register-pass-1' })) }),
  R('GET',    '/api/verification',                    'no   no    no    no    no    no', { req: url(() => '/api/verification?email=someone%40example.com') }),
  R('GET',    '/api/reset_password',                  'no   no    no    no    no    no', { req: url(() => '/api/reset_password?email=someone%40example.com') }),
  R('POST',   '/api/user/reset',                      'no   no    no    no    no    no', { req: body(() => ({ email: 'someone@example.com', token: 'not-a-token' })) }),

  // third-party sign-in (none is enabled here: no upstream is called)
  R('GET',    '/api/oauth/state',                     'ok   ok    ok    ok    ok    ok'),
  R('GET',    '/api/oauth/github',                    'no   no    no    no    no    no', { req: url(() => '/api/oauth/github?code=c&state=s') }),
  R('GET',    '/api/oauth/linuxdo',                   'no   no    no    no    no    no', { req: url(() => '/api/oauth/linuxdo?code=c&state=s') }),
  R('GET',    '/api/oauth/wechat',                    'no   no    no    no    no    no', { req: url(() => '/api/oauth/wechat?code=c') }),
  R('GET',    '/api/oauth/wechat/bind',               '401  no    no    no    no    no', { req: url(() => '/api/oauth/wechat/bind?code=c') }),
  R('GET',    '/api/oauth/telegram/login',            'no   no    no    no    no    no', { req: url(() => '/api/oauth/telegram/login?id=1&hash=x') }),
  R('GET',    '/api/oauth/telegram/bind',             '401  no    no    no    no    no', { req: url(() => '/api/oauth/telegram/bind?id=1&hash=x') }),
  R('GET',    '/api/oauth/email/bind',                '401  no    no    no    no    no', { req: url(() => '/api/oauth/email/bind?email=a%40example.com&code=000000') }),

  // the signed-in user's own account
  R('GET',    '/api/user/self',                       '401  ok    ok    ok    ok    ok'),
  R('PUT',    '/api/user/self',                       '401  ok    ok    ok    ok    ok', { req: body((w, who) => ({ display_name: `Me ${who}` })) }),
  R('DELETE', '/api/user/self',                       '401  ok    ok    ok    ok    no', { fresh: true }),
  R('GET',    '/api/user/token',                      '401  ok    ok    ok    ok    ok'),
  R('GET',    '/api/user/aff',                        '401  ok    ok    ok    ok    ok'),
  R('POST',   '/api/user/aff_transfer',               '401  ok    ok    ok    ok    ok', { req: body(() => ({ quota: PER_UNIT })) }),
  R('GET',    '/api/user/models',                     '401  ok    ok    ok    ok    ok'),
  R('GET',    '/api/user/self/groups',                '401  ok    ok    ok    ok    ok'),
  R('PUT',    '/api/user/setting',                    '401  ok    ok    ok    ok    ok', { req: body(() => ({ notify_type: 'email', quota_warning_threshold: 1000 })) }),

  // user management: admins everything, agents their sub-users only
  R('GET',    '/api/user',                            '401  role  role  role  role  ok'),
  R('GET',    '/api/user/search',                     '401  role  role  role  role  ok', { req: url(() => '/api/user/search?keyword=sub') }),
  R('POST',   '/api/user',                            '401  role  role  role  role  ok', { req: body(() => ({ username: unique('made'), password: 'made-pass-12' })) }),
  R('GET',    '/api/user/agent',                      '401  role  role  ok    nil   nil', { reveals: subUser }),
  R('GET',    '/api/user/search/agent',               '401  role  role  ok    nil   nil', { reveals: subUser, req: url(() => '/api/user/search/agent?keyword=sub') }),
  R('GET',    '/api/user/:id',                        '401  role  role  ok    no    ok', { req: url((w) => `/api/user/${w.id.sub}`) }),
  R('PUT',    '/api/user',                            '401  role  role  ok    no    ok', { req: body((w) => ({ id: w.id.sub, display_name: 'Sub A' })) }),
  R('POST',   '/api/user/manage',                     '401  role  role  ok    no    ok', { req: body((w) => ({ id: w.id.sub, username: 'sub_a', action: 'enable' })) }),

  // channels: admins only
  R('GET',    '/api/channel',                         '401  role  role  role  role  ok'),
  R('GET',    '/api/channel/search',                  '401  role  role  role  role  ok', { req: url(() => '/api/channel/search?keyword=ch') }),
  R('GET',    '/api/channel/models',                  '401  role  role  role  role  ok'),
  R('GET',    '/api/channel/models_enabled',          '401  role  role  role  role  ok'),
  R('GET',    '/api/channel/test',                    '401  role  role  role  role  pass'),
  R('GET',    '/api/channel/test/:id',                '401  role  role  role  role  pass', { req: url((w) => `/api/channel/test/${w.channel}`) }),
  R('GET',    '/api/channel/update_balance',          '401  role  role  role  role  pass'),
  R('GET',    '/api/channel/update_balance/:id',      '401  role  role  role  role  pass', { req: url((w) => `/api/channel/update_balance/${w.channel}/`) }),
  R('GET',    '/api/channel/fetch_models/:id',        '401  role  role  role  role  pass', { req: url((w) => `/api/channel/fetch_models/${w.channel}`) }),
  R('POST',   '/api/channel/fetch_models',            '401  role  role  role  role  pass', { req: body(() => ({ type: 1, key: 'sk-test', base_url: 'http://127.0.0.1:9' })) }),
  R('DELETE', '/api/channel/disabled',                '401  role  role  role  role  ok'),
  R('POST',   '/api/channel/batch',                   '401  role  role  role  role  ok', { req: async (w, who, t) => ({ body: { ids: who === 'admin' ? [await newChannel(t)] : [w.channel] } }) }),
  R('POST',   '/api/channel/fix',                     '401  role  role  role  role  ok'),
  R('PUT',    '/api/channel/tag',                     '401  role  role  role  role  ok', { req: body(() => ({ tag: 'main', priority: 1 })) }),
  R('POST',   '/api/channel/tag/enabled',             '401  role  role  role  role  ok', { req: body(() => ({ tag: 'main' })) }),
  R('POST',   '/api/channel/tag/disabled',            '401  role  role  role  role  ok', { req: async (w, who, t) => ({ body: { tag: await newTag(t) } }) }),
  R('POST',   '/api/channel/batch/tag',               '401  role  role  role  role  ok', { req: body((w) => ({ ids: [w.channel], tag: 'main' })) }),
  R('GET',    '/api/channel/:id',                     '401  role  role  role  role  ok', { req: url((w) => `/api/channel/${w.channel}`) }),
  R('POST',   '/api/channel',                         '401  role  role  role  role  ok', { req: body(() => ({ name: unique('ch'), type: 1, key: 'sk-test', base_url: 'http://127.0.0.1:9', models: 'gpt-4o', group: 'default' })) }),
  R('PUT',    '/api/channel',                         '401  role  role  role  role  ok', { req: body((w) => ({ id: w.channel, name: 'main channel' })) }),
  R('DELETE', '/api/channel/:id',                     '401  role  role  role  role  ok', { req: async (w, who, t) => ({ url: `/api/channel/${who === 'admin' ? await newChannel(t) : w.channel}/` }) }),

  // API tokens: each caller its own; the sub-user's token is the sub-user's alone (admins included)
  R('GET',    '/api/token',                           '401  ok    ok    ok    ok    ok'),
  R('GET',    '/api/token/search',                    '401  ok    ok    ok    ok    ok', { req: url(() => '/api/token/search?keyword=tk') }),
  R('GET',    '/api/token/:id',                       '401  no    ok    no    no    no', { req: url((w) => `/api/token/${w.subToken}`) }),
  R('POST',   '/api/token',                           '401  ok    ok    ok    ok    ok', { req: body(() => ({ name: unique('tk'), remain_quota: 0, unlimited_quota: true, expired_time: -1 })) }),
  R('PUT',    '/api/token',                           '401  no    ok    no    no    no', { req: body((w) => ({ id: w.subToken, name: 'renamed', remain_quota: 0, unlimited_quota: true, expired_time: -1 })) }),
  R('DELETE', '/api/token/:id',                       '401  no    ok    no    no    no', { req: async (w, who, t) => ({ url: `/api/token/${await newSubToken(t)}/` }) }),

  // usage logs: admins all, agents their own or their sub-users', everyone their own
  R('GET',    '/api/log',                             '401  role  role  role  role  ok'),
  R('GET',    '/api/log/stat',                        '401  role  role  role  role  ok'),
  R('DELETE', '/api/log',                             '401  role  role  role  role  ok', { req: url(() => '/api/log/?target_timestamp=1') }),
  R('GET',    '/api/log/self',                        '401  nil   ok    nil   nil   nil', { reveals: subRows, req: url((w) => `/api/log/self?user_id=${w.id.sub}`) }),
  R('GET',    '/api/log/self/stat',                   '401  ok    ok    ok    ok    ok'),
  R('GET',    '/api/log/agent',                       '401  role  role  ok    nil   nil', { reveals: subRows, req: url((w) => `/api/log/agent?all_users=true&user_id=${w.id.sub}`) }),
  R('GET',    '/api/log/agent/stat',                  '401  role  role  ok    ok    ok', { req: url(() => '/api/log/agent/stat?all_users=true') }),

  // options: the site's for admins; agents their own white-label copy
  R('GET',    '/api/option/all',                      '401  role  role  role  role  ok'),
  R('GET',    '/api/option/agent',                    '401  role  role  ok    ok    ok'),
  R('GET',    '/api/option',                          '401  role  role  ok    ok    ok'),
  R('PUT',    '/api/option',                          '401  role  role  ok    ok    ok', { req: body(() => ({ key: 'Notice', value: 'hello' })) }),
  R('POST',   '/api/option/rest_model_ratio',         '401  role  role  role  role  ok'),

  // wallet: redemption codes (admins make them, anyone redeems), online top-up (no provider configured here)
  R('GET',    '/api/redemption',                      '401  role  role  role  role  ok'),
  R('GET',    '/api/redemption/search',               '401  role  role  role  role  ok', { req: url(() => '/api/redemption/search?keyword=rd') }),
  R('GET',    '/api/redemption/:id',                  '401  role  role  role  role  ok', { req: url((w) => `/api/redemption/${w.redemption}`) }),
  R('POST',   '/api/redemption',                      '401  role  role  role  role  ok', { req: body(() => ({ name: unique('rd'), quota: 1000, count: 1 })) }),
  R('PUT',    '/api/redemption',                      '401  role  role  role  role  ok', { req: body((w) => ({ id: w.redemption, name: 'renamed', quota: 2000 })) }),
  R('DELETE', '/api/redemption/:id',                  '401  role  role  role  role  ok', { req: async (w, who, t) => ({ url: `/api/redemption/${who === 'admin' ? (await newRedemption(t)).id : w.redemption}/` }) }),
  R('POST',   '/api/user/topup',                      '401  ok    ok    ok    ok    ok', { req: async (w, who, t) => ({ body: { key: who === 'anon' ? 'x' : (await newRedemption(t)).key } }) }),
  R('POST',   '/api/user/amount',                     '401  pass  pass  pass  pass  pass', { req: body(() => ({ amount: 10 })) }),
  R('POST',   '/api/user/pay',                        '401  no    no    no    no    no', { req: body(() => ({ amount: 10, payment_method: 'zfb' })) }),
  R('GET',    '/api/user/topup/order',                '401  no    ok    no    no    no', { req: url((w) => `/api/user/topup/order?trade_no=${w.subTradeNo}`) }),
  R('GET',    '/api/user/epay/notify',                'pass pass  pass  pass  pass  pass', { req: url((w) => `/api/user/epay/notify?out_trade_no=${w.subTradeNo}&trade_status=TRADE_SUCCESS&sign=bad`) }),
  R('POST',   '/api/user/epay/notify',                'pass pass  pass  pass  pass  pass', { req: body((w) => ({ out_trade_no: w.subTradeNo, trade_status: 'TRADE_SUCCESS', sign: 'bad' })) }),

  // orders and invoices: own; agents their sub-users' with all_user; admins all
  R('GET',    '/api/user/self/orders',                '401  nil   ok    ok    nil   nil', { reveals: subRows, req: url((w) => `/api/user/self/orders?all_user=true&user_id=${w.id.sub}`) }),
  R('GET',    '/api/user/orders',                     '401  role  role  role  role  ok'),
  R('GET',    '/api/user/total/invoice',              '401  ok    ok    ok    ok    ok'),
  R('POST',   '/api/user/invoice',                    '401  no    ok    no    no    no', { req: body(() => ({ customer_name: 'Co', customer_tax_id: 'T', email: 'a@example.com', total_amount: 1000 })) }),
  R('GET',    '/api/user/self/invoice',               '401  nil   ok    ok    nil   nil', { reveals: subRows, req: url((w) => `/api/user/self/invoice?all_user=true&user_id=${w.id.sub}`) }),
  R('GET',    '/api/user/invoice',                    '401  role  role  role  role  ok'),
  R('PUT',    '/api/user/invoice',                    '401  role  role  role  role  ok', { req: async (w, who, t) => ({ body: { id: await newInvoice(t, w), status: '1' } }) }),

  // agents: the admins' table, an agent's own row, profit orders and settlements
  R('POST',   '/api/user/add/agents',                 '401  role  role  role  role  ok', { req: async (w, who, t) => ({ body: { agent_id: await insertUser(t, unique('tobe')), domain: `${unique('d')}.agents.test`, referrer_id: 0 } }) }),
  R('GET',    '/api/user/search/agents',              '401  role  role  role  role  ok'),
  R('GET',    '/api/user/agents',                     '401  role  role  ok    ok    ok'),
  R('GET',    '/api/user/agent/profit',               '401  role  role  ok    nil   nil', { reveals: subRows, req: url((w) => `/api/user/agent/profit?user_id=${w.id.sub}`) }),
  R('GET',    '/api/user/profit',                     '401  role  role  role  role  ok'),
  R('PUT',    '/api/user/agent',                      '401  role  role  ok    ok    no', { req: body(() => ({ balance_account: 'wx-account', balance_username: 'Name', balance_platform: 'weixin' })) }),
  R('POST',   '/api/user/profit',                     '401  role  role  ok    ok    no', { req: body(() => ({ profit: 10 })) }),
  R('GET',    '/api/user/clearing',                   '401  role  role  ok    nil   ok', { reveals: (data, w) => items(data).some((r) => r.agent_id === w.id.agent) }),
  R('PUT',    '/api/user/clearing',                   '401  role  role  role  role  ok', { req: async (w, who, t) => ({ body: { id: await newSettlement(t), status: 'completed' } }) }),
];

// ——— callers ———
const sessions = new Map<Who, { cookie: string; userId: number }>();

async function send(t: TestApp, who: Who, method: InjectOptions['method'], url: string, payload?: unknown, callers = sessions) {
  const s = callers.get(who);
  const res = await t.app.inject({
    method,
    url,
    payload: payload as InjectOptions['payload'],
    headers: { 'accept-language': 'en', ...(s ? { cookie: s.cookie, 'new-api-user': String(s.userId) } : {}) },
  });
  let parsed: any;
  try {
    parsed = res.json();
  } catch {
    parsed = { text: res.body };
  }
  return { status: res.statusCode, body: parsed };
}

async function signIn(t: TestApp, username: string): Promise<{ cookie: string; userId: number }> {
  const b = await signInUser(t, username);
  return { cookie: b.cookie, userId: b.userId! };
}

async function makeAgent(t: TestApp, username: string, parent = 0): Promise<number> {
  const id = await insertUser(t, username, { role: 10, quota: 100 * PER_UNIT });
  await t.services.em.fork().insert(AgentEntity, {
    agent_id: id, domain: `${username.replace(/_/g, '-')}.agents.test`, agent_agent_id: parent, level: 10, created_at: 1,
    balance_account: 'wx-account', balance_username: 'Name', balance_platform: 'weixin', share_profit_quota: 1000 * PER_UNIT,
  });
  return id;
}

/** The six callers with new users of the same standing (the first agent stays the sub-user's agent). */
async function freshCallers(t: TestApp, w: World): Promise<Map<Who, { cookie: string; userId: number }>> {
  const n = ++seq.n;
  const name = (who: Who) => `fresh_${who}_${n}`;
  await insertUser(t, name('user'));
  await insertUser(t, name('sub'), { agent_id: w.id.agent });
  await makeAgent(t, name('agent'));
  await makeAgent(t, name('other'));
  await insertUser(t, name('admin'), { role: 100 });
  const out = new Map<Who, { cookie: string; userId: number }>();
  for (const who of WHO) if (who !== 'anon') out.set(who, await signIn(t, name(who)));
  return out;
}

function verdict(want: Want, r: { status: number; body: any }, reveals: boolean | undefined): string | null {
  const refusedByRole = r.body?.success === false && r.body?.message === ROLE_REFUSAL;
  const pastGate = r.status !== 401 && !refusedByRole && r.status < 500 && r.status !== 404;
  switch (want) {
    case '401':
      return r.status === 401 ? null : 'expected 401';
    case 'role':
      return refusedByRole ? null : 'expected the insufficient-role refusal';
    case 'ok':
      if (r.status !== 200 || r.body?.success !== true) return 'expected success';
      return reveals === false ? 'expected the target in the answer' : null;
    case 'nil':
      if (r.status !== 200 || r.body?.success !== true) return 'expected success';
      return reveals === true ? 'the target leaked into the answer' : null;
    case 'no':
      return pastGate && r.body?.success === false ? null : 'expected a refusal past the role gate';
    case 'pass':
      return pastGate ? null : 'expected to pass the role gate';
  }
}

describe('role matrix: every /api route × six callers', () => {
  let t: TestApp;
  const w = {} as World;

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => NOW,
      overrides: {
        'rate_limit.api_count': 1_000_000, 'rate_limit.critical_count': 1_000_000, 'rate_limit.register_count': 1_000_000,
        'rate_limit.redeem_count': 1_000_000,
      },
    });
    await setupRoot(t.app, 'admin', 'admin-pass-1'); // the password signInUser expects
    const root = await t.services.em.fork().findOneOrFail(UserEntity, { username: 'admin' });
    const agent = await makeAgent(t, 'agent_a');
    const other = await makeAgent(t, 'agent_b');
    w.id = {
      anon: 0,
      user: await insertUser(t, 'plain', { quota: 100 * PER_UNIT }),
      sub: await insertUser(t, 'sub_a', { agent_id: agent, quota: 100 * PER_UNIT }),
      agent,
      other,
      admin: root.id,
    };
    w.otherSub = await insertUser(t, 'sub_b', { agent_id: other });
    await insertUser(t, 'spare'); // the login row signs in as it
    // invite rewards to transfer
    await t.services.em.fork().nativeUpdate(UserEntity, { id: { $in: Object.values(w.id) } }, { aff_quota: 100 * PER_UNIT });
    sessions.set('user', await signIn(t, 'plain'));
    sessions.set('sub', await signIn(t, 'sub_a'));
    sessions.set('agent', await signIn(t, 'agent_a'));
    sessions.set('other', await signIn(t, 'agent_b'));
    sessions.set('admin', await signIn(t, 'admin'));
    w.channel = await newChannel(t);
    await as(t, 'admin', 'POST', '/api/channel/batch/tag', { ids: [w.channel], tag: 'main' });
    w.redemption = (await newRedemption(t)).id;
    w.subToken = await newSubToken(t);
    // what the sub-user is found by: a usage line, a paid order (with its agent's commission), an invoice request
    t.services.usage.add({ type: 2, created_at: NOW - 10, user_id: w.id.sub, username: 'sub_a', model_name: 'gpt-4o', quota: 100 });
    t.services.usage.add({ type: 2, created_at: NOW - 10, user_id: w.otherSub, username: 'sub_b', model_name: 'gpt-4o', quota: 100 });
    await t.services.usage.flush();
    w.subTradeNo = `USR${w.id.sub}NOrolematrix${NOW}`;
    await t.services.em.fork().insert(TopUpEntity, {
      // 100,000 in money: enough to invoice (the sub-user's invoice requests are 1,000 each)
      user_id: w.id.sub, trade_no: w.subTradeNo, pay_type: 'wxpay', amount: 10_000 * PER_UNIT, money_micros: 100_000_000_000, status: 'success',
      paid_micros: 100_000_000_000, proxy_user_id: agent, agent_commission_micros: 1_000_000_000, create_time: NOW - 100, complete_time: NOW - 90,
    });
    await newInvoice(t, w);
    // a settlement of the first agent for the clearing list (skipped while the route is missing)
    await newSettlement(t).catch(() => undefined);
  });
  afterAll(() => t?.close());

  it('has a row for every /api route the app registers, and registers every row', () => {
    const routes = new Set(registered.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`));
    const rows = TABLE.map((r) => `${r.method} ${r.path}`);
    expect({
      listedTwice: rows.filter((k, i) => rows.indexOf(k) !== i),
      registeredWithoutRow: [...routes].filter((k) => !rows.includes(k)), // add them to TABLE
      rowWithoutRoute: rows.filter((k) => !routes.has(k)),
    }).toEqual({ listedTwice: [], registeredWithoutRow: [], rowWithoutRoute: [] });
  });

  for (const row of TABLE) {
    it(`${row.method} ${row.path}`, async () => {
      const callers = row.fresh ? await freshCallers(t, w) : sessions;
      const wrong: string[] = [];
      for (const [i, who] of WHO.entries()) {
        const req = (await row.req?.(w, who, t)) ?? {};
        const r = await send(t, who, row.method as InjectOptions['method'], req.url ?? row.path, req.body, callers);
        const reveals = row.reveals && r.body?.success === true ? row.reveals(r.body.data, w) : undefined;
        const bad = verdict(row.want[i], r, reveals);
        if (bad) wrong.push(`${who}: ${bad}, got ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
