/// <reference lib="dom" />
// An agent's day in Chromium against the real `gateway serve` and a local epay provider (issue 17; design agents.md
// §1-§6): the agent names its site on its own domain; a visitor of that domain registers and becomes its sub-user;
// the agent sets the sub-user's price (the server refusing one under 1.1 times its own); the sub-user reads its
// price on the wallet page and pays a top-up (the order from the page, then the provider's form and callback); the
// agent sees its commission arrive (counters, profit order, type-5 log line), saves its payout account and asks for
// a settlement, which the administrator completes. The agent's domain is reached through Chromium's host resolver
// rules. Screenshots in zh and en, light and dark, 1440 and 390 px under /tmp/shots/agent-day/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { hashPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { AgentEntity } from '../../daemon/modules/agent/agent.entity.js';
import { launchBrowser, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, TEST_ADMIN, type GatewayProcess } from '../helpers/gateway-process.js';
import { shot, signInAs, apiCall } from '../helpers/settings-browser.js';
import { startEpayServer, type EpayServer } from '../helpers/epay-server.js';

const SHOTS = 'agent-day';
const DOMAIN = 'agent-a.test';
const AGENT = { username: 'agent_a', password: 'agent-a-pass-1' };
const VISITOR = { username: 'visitor_b', password: 'visitor-b-pass-1' };
const AGENT_NAME = 'A 智能云';
/** Yuan per US dollar: the agent's wholesale price (set by the administrator), the one it gives its sub-user. */
const AGENT_PRICE = 5;
const SUB_PRICE = 8;
/** Under the floor of 1.1 × AGENT_PRICE. */
const LOW_PRICE = 5.4;
const FLOOR = AGENT_PRICE * 1.1;
const TOPUP_DOLLARS = 10;
const SETTLE = 20;
const PAID = TOPUP_DOLLARS * SUB_PRICE;
const COMMISSION = TOPUP_DOLLARS * (SUB_PRICE - AGENT_PRICE);
const yuan = (n: number) => `¥${n.toFixed(2)}`;

type Look = { lang: 'zh-CN' | 'en-US'; theme: 'light' | 'dark'; width: 1440 | 390 };

describe("an agent's day in Chromium", () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let epay: EpayServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: Record<string, string[]> = {};
  let agentPage: Page;
  let subPage: Page;
  let adminPage: Page;
  let agentId = 0;
  let subId = 0;
  const agentUrl = () => `http://${DOMAIN}:${gw.port}`;
  const text = (p: Page, s: string | RegExp) => p.getByText(s).first();
  const header = (p: Page) => p.locator('.gc-brand-name').first();
  const row = (p: Page, name: string) => p.locator('tr').filter({ hasText: name }).first();
  const drawer = (p: Page) => p.locator('.arco-drawer').first();
  /** A fresh browser context (its own cookies and storage) with one page in the given look, its errors kept under `who`. */
  const newPage = async (who: string, { lang, theme, width }: Look) => {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
    contexts.push(context);
    const p = await context.newPage();
    errors[who] = trackErrors(p);
    await context.addInitScript(({ lang, theme }) => {
      if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', lang);
      if (!localStorage.getItem('theme-mode')) localStorage.setItem('theme-mode', theme);
    }, { lang, theme });
    return p;
  };
  const setLook = async (p: Page, { lang, theme, width }: Look) => {
    await p.evaluate(({ lang, theme }) => {
      localStorage.setItem('i18nextLng', lang);
      localStorage.setItem('theme-mode', theme);
    }, { lang, theme });
    await p.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  };
  const noOverflow = async (p: Page) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390 + 1);
  /** Signs in through the login form, as a person does, and waits for the console. */
  const logIn = async (p: Page, base: string, who: { username: string; password: string }) => {
    await p.goto(`${base}/login`);
    const zh = (await p.evaluate(() => localStorage.getItem('i18nextLng'))) === 'zh-CN';
    await p.getByPlaceholder(zh ? '请输入用户名或邮箱' : 'Enter your username or email').fill(who.username);
    await p.getByPlaceholder(zh ? '请输入密码' : 'Enter your password').fill(who.password);
    await p.getByRole('button', { name: zh ? /^登\s*录$/ : 'Log in' }).last().click();
    await p.waitForURL((u) => u.pathname === '/token');
  };
  /** Opens /agents?tab=… and waits for the page's card. */
  const openAgents = async (p: Page, base: string, tab?: string) => {
    await p.goto(`${base}/agents${tab ? `?tab=${tab}` : ''}`);
    await p.getByTestId('agents-page').waitFor();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-agent-day-'));
    epay = await startEpayServer();
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);
    // Site settings and the agent, written by a second process as `gateway` commands do; the daemon picks them up
    // through the cache epochs. The administrator sold the agent its wholesale price.
    const side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    await side.options.set({
      ServerAddress: gw.url, PayAddress: epay.url, EpayId: epay.pid, EpayKey: epay.key, Notice: '', SystemName: 'Main Gateway', RegisterEnabled: 'true',
    });
    const em = side.em.fork();
    agentId = Number(await em.insert(UserEntity, {
      username: AGENT.username, password: await hashPassword(AGENT.password), role: 10, status: 1, created_at: 1, display_name: 'Agent A',
      exclusive_price: AGENT_PRICE,
    }));
    await em.insert(AgentEntity, { agent_id: agentId, domain: DOMAIN, agent_agent_id: 0, level: 10, created_at: 1_700_000_000 });
    await side.epochs.bump('agents');
    await side.close();
    browser = await launchBrowser([`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`]);
    for (let i = 0; ; i++) {
      const s = (await (await fetch(`${gw.url}/api/status`)).json()) as { data: { enable_online_topup: boolean; system_name: string } };
      if (s.data.enable_online_topup && s.data.system_name === 'Main Gateway') break;
      if (i > 100) throw new Error('the daemon did not pick up the settings');
      await new Promise((r) => setTimeout(r, 150));
    }
  });
  afterAll(async () => {
    await browser?.close();
    if (gw) expect(await gw.stop()).toBe(0);
    await epay?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the agent signs in on its domain and names its site (zh, light, 1440)', async () => {
    agentPage = await newPage('agent', { lang: 'zh-CN', theme: 'light', width: 1440 });
    const p = agentPage;
    await p.goto(`${agentUrl()}/`);
    await expect.poll(() => header(p).innerText()).toContain('Main Gateway'); // nothing of its own yet
    await logIn(p, agentUrl(), AGENT);
    await p.goto(`${agentUrl()}/setting?tab=other`);
    await p.getByTestId('other-tab').waitFor();
    await p.locator('#option-SystemName').fill(AGENT_NAME);
    await p.getByTestId('save-system-name').click();
    await expect.poll(() => text(p, '系统名称已更新').isVisible()).toBe(true);
    await p.reload(); // the console reads the site's status once per load and user
    await expect.poll(() => header(p).innerText()).toContain(AGENT_NAME);
    await expect.poll(() => p.locator('#option-SystemName').inputValue()).toBe(AGENT_NAME);
    await p.waitForTimeout(300);
    await shot(p, SHOTS, '01-agent-names-site-zh-light-1440');
  });

  it("a visitor of the agent's domain sees its name and registers as its sub-user (en, dark, 390)", async () => {
    subPage = await newPage('sub', { lang: 'en-US', theme: 'dark', width: 390 });
    const p = subPage;
    await p.goto(`${agentUrl()}/register`);
    await expect.poll(() => header(p).innerText()).toContain(AGENT_NAME);
    expect(await p.getByText('Main Gateway').count()).toBe(0);
    await p.getByPlaceholder('Enter a username (at most 12 characters)').fill(VISITOR.username);
    await p.getByPlaceholder('Enter a password, 8 to 20 characters').fill(VISITOR.password);
    await p.getByPlaceholder('Enter the password again').fill(VISITOR.password);
    await noOverflow(p);
    await p.waitForTimeout(300);
    await shot(p, SHOTS, '02-visitor-register-en-dark-390');
    await p.getByTestId('register-submit').click();
    await p.waitForURL((u) => u.pathname === '/login');
    expect(new URL(p.url()).hostname).toBe(DOMAIN);

    // the administrator, on the site's own address, finds the new account attached to the agent
    adminPage = await newPage('admin', { lang: 'en-US', theme: 'light', width: 1440 });
    await signInAs({ page: adminPage, gw }, TEST_ADMIN, 'en-US');
    const found = await apiCall<{ items: Array<{ id: number; username: string; agent_id: number }> }>(adminPage, 'GET', `/api/user/search?keyword=${VISITOR.username}`);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ username: VISITOR.username, agent_id: agentId });
    subId = found.items[0].id;
  });

  it("the agent sets its sub-user's price: refused under 1.1 times its own, then saved (zh light 1440, en dark 390)", async () => {
    const p = agentPage;
    await p.goto(`${agentUrl()}/user`);
    await expect.poll(() => p.locator('tbody tr').count()).toBe(1); // its only sub-user
    await expect.poll(() => row(p, VISITOR.username).isVisible()).toBe(true);
    await row(p, VISITOR.username).getByTestId('user-edit').click();
    await expect.poll(() => drawer(p).isVisible()).toBe(true);
    const price = drawer(p).getByLabel('专属价格');
    await price.fill(String(LOW_PRICE));
    await price.blur();
    await drawer(p).getByTestId('user-edit-submit').click();
    await expect.poll(() => text(p, `专属价格过低，不能低于 ${FLOOR}`).isVisible()).toBe(true);
    await p.waitForTimeout(300);
    await shot(p, SHOTS, '03-agent-price-refused-zh-light-1440', false);
    await price.fill(SUB_PRICE.toFixed(2));
    await price.blur();
    await drawer(p).getByTestId('user-edit-submit').click();
    await expect.poll(() => text(p, '用户信息更新成功！').isVisible()).toBe(true);
    await expect.poll(async () => (await apiCall<{ exclusive_price: number }>(p, 'GET', `/api/user/${subId}`)).exclusive_price).toBe(SUB_PRICE);

    await setLook(p, { lang: 'en-US', theme: 'dark', width: 390 });
    await p.goto(`${agentUrl()}/user`);
    await expect.poll(() => row(p, VISITOR.username).isVisible()).toBe(true);
    await row(p, VISITOR.username).getByTestId('user-edit').click();
    await expect.poll(() => drawer(p).getByLabel('Exclusive price').inputValue()).toBe(String(SUB_PRICE));
    expect(await drawer(p).innerText()).toContain("at least 1.1 times the agent's own price");
    await p.waitForTimeout(400);
    await shot(p, SHOTS, '04-agent-price-saved-en-dark-390', false);
    await drawer(p).getByRole('button', { name: 'Cancel' }).click();
  });

  it('the sub-user signs in on the domain, sees its price on the wallet page and pays a top-up (zh, dark, 390)', async () => {
    const p = subPage;
    await setLook(p, { lang: 'zh-CN', theme: 'dark', width: 390 });
    await logIn(p, agentUrl(), VISITOR);
    await expect.poll(() => header(p).innerText()).toContain(AGENT_NAME);
    await p.goto(`${agentUrl()}/topup`);
    const card = p.getByTestId('online-topup');
    await card.getByRole('button', { name: `$${TOPUP_DOLLARS}`, exact: true }).click();
    await expect.poll(() => p.getByTestId('topup-money').innerText()).toContain(PAID.toFixed(2)); // 10 × 8.00
    await noOverflow(p);
    await p.waitForTimeout(300);
    await shot(p, SHOTS, '05-sub-user-topup-quote-zh-dark-390');
    // the payment itself: the order from the page, then the provider's form and its callback
    const pay = await apiCall<{ params: Record<string, string> }>(p, 'POST', '/api/user/pay', { amount: TOPUP_DOLLARS, top_up_code: '', payment_method: 'wx' });
    expect(pay.params.money).toBe(PAID.toFixed(2));
    const submitted = await fetch(`${epay.url}/submit.php`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(pay.params).toString(),
    });
    expect(submitted.status).toBe(200);
    expect(await epay.notify(pay.params.out_trade_no)).toBe('success');
    // its balance shows the dollars bought
    await p.goto(`${agentUrl()}/topup`);
    await expect.poll(() => p.getByTestId('wallet-balance').innerText()).toContain(`$${TOPUP_DOLLARS.toFixed(2)}`);
  });

  it('the agent sees the commission arrive: counters, profit order and its log (zh light 1440, en dark 390)', async () => {
    const p = agentPage;
    await setLook(p, { lang: 'zh-CN', theme: 'light', width: 1440 });
    await openAgents(p, agentUrl());
    await expect.poll(() => p.getByTestId('agent-withdrawable').innerText()).toBe(yuan(COMMISSION));
    expect(await p.getByTestId('agent-user-num').innerText()).toBe('1');
    expect(await p.getByTestId('agent-order-num').innerText()).toBe('1');
    expect(await p.getByTestId('agent-order-money').innerText()).toBe(yuan(PAID));
    expect(await p.getByTestId('agent-share-profit').innerText()).toBe(yuan(COMMISSION));
    await p.waitForTimeout(300);
    await shot(p, SHOTS, '06-agent-commission-zh-light-1440');

    await openAgents(p, agentUrl(), 'orderTables');
    await expect.poll(() => p.getByTestId('profit-order-status').count()).toBe(1);
    const order = row(p, String(subId));
    expect(await order.innerText()).toContain(yuan(PAID));
    expect(await order.innerText()).toContain(yuan(COMMISSION));
    expect(await order.innerText()).toContain(`$${TOPUP_DOLLARS}`);

    await p.goto(`${agentUrl()}/log`);
    const share = p.locator('tr').filter({ hasText: '代理分成：' });
    await expect.poll(() => share.count()).toBe(1);
    expect(await share.innerText()).toContain(`用户 ${VISITOR.username}（ID ${subId}）支付 ${PAID.toFixed(2)}，分成 ${COMMISSION.toFixed(2)}`);
    expect(await share.getByTestId('log-type').innerText()).toBe('代理分成');
    await p.waitForTimeout(300);
    await shot(p, SHOTS, '07-agent-log-share-zh-light-1440');

    await setLook(p, { lang: 'en-US', theme: 'dark', width: 390 });
    await openAgents(p, agentUrl(), 'orderTables');
    await expect.poll(() => p.getByTestId('profit-order-status').count()).toBe(1);
    await noOverflow(p);
    await p.waitForTimeout(300);
    await shot(p, SHOTS, '08-agent-profit-order-en-dark-390');
  });

  it('the agent saves its payout account and asks for a settlement (en, light, 1440)', async () => {
    const p = agentPage;
    await setLook(p, { lang: 'en-US', theme: 'light', width: 1440 });
    await openAgents(p, agentUrl());
    await expect.poll(() => p.getByTestId('agent-withdrawable').innerText()).toBe(yuan(COMMISSION));
    await p.getByPlaceholder('The account the profit is paid to').fill('wxid_agent_a');
    await p.getByPlaceholder("The account holder's real name").fill('张三');
    await p.getByTestId('agent-account-save').click();
    await expect.poll(() => text(p, 'Saved successfully').isVisible()).toBe(true);
    await p.getByPlaceholder('At least 10').fill(String(SETTLE));
    await p.getByTestId('agent-settle-submit').click();
    await expect.poll(() => text(p, 'Settlement application successful').isVisible()).toBe(true);
    await expect.poll(() => p.getByTestId('agent-withdrawable').innerText()).toBe(yuan(COMMISSION - SETTLE));
    await expect.poll(() => p.getByTestId('settlement-status').first().innerText()).toBe('Pending');
    await p.waitForTimeout(500);
    await shot(p, SHOTS, '09-agent-settlement-requested-en-light-1440');
  });

  it('the administrator completes the settlement and the agent sees it done (admin en light 1440, agent zh dark 390)', async () => {
    const p = adminPage;
    await openAgents(p, gw.url, 'agentInfos');
    const record = row(p, 'wxid_agent_a');
    await expect.poll(() => record.isVisible()).toBe(true);
    expect(await record.innerText()).toContain(yuan(SETTLE));
    await record.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => text(p, 'Mark settlement').isVisible()).toBe(true);
    await p.waitForTimeout(400); // the popup has faded in
    await shot(p, SHOTS, '10-admin-complete-confirm-en-light-1440', false);
    await p.locator('.arco-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => text(p, 'Operation completed!').isVisible()).toBe(true);
    await expect.poll(() => record.getByTestId('settlement-status').innerText()).toBe('Completed');
    expect(await record.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await p.waitForTimeout(300);
    await shot(p, SHOTS, '11-admin-settlement-completed-en-light-1440');

    const a = agentPage;
    await setLook(a, { lang: 'zh-CN', theme: 'dark', width: 390 });
    await openAgents(a, agentUrl());
    await expect.poll(() => a.getByTestId('settlement-status').first().innerText()).toBe('已完成');
    expect(await a.getByTestId('agent-withdrawable').innerText()).toBe(yuan(COMMISSION - SETTLE));
    expect(await a.getByTestId('agent-share-profit').innerText()).toBe(yuan(COMMISSION));
    await noOverflow(a);
    await a.waitForTimeout(300);
    await shot(a, SHOTS, '12-agent-settlement-completed-zh-dark-390');

    for (const [who, list] of Object.entries(errors)) expect(list, who).toEqual([]);
  });
});
