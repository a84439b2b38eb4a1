/// <reference lib="dom" />
// The money path in Chromium against the real `gateway serve` and a local epay provider (issue "Wallet and
// commerce"): a visitor reads the pricing page and registers; the administrator creates redemption codes; the user
// redeems one, tops up online (provider page, callback, return page), sees the order and the top-up log, makes a paid
// relay call, and applies for an invoice; the administrator marks it done. Screenshots in zh and en, light and dark,
// 1440 and 390 px under /tmp/shots/wallet-journey/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { systemActor } from '../../daemon/app/actor.js';
import { launchBrowser, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, TEST_ADMIN, type GatewayProcess } from '../helpers/gateway-process.js';
import { apiGet, shot, signInAs } from '../helpers/settings-browser.js';
import { startEpayServer, type EpayServer } from '../helpers/epay-server.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';

const USER = { username: 'buyer1', password: 'buyer-pass-123' };
const SHOTS = 'wallet-journey';

describe('wallet and commerce journey in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let epay: EpayServer;
  let upstream: MockUpstream;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let code = '';
  const rig = () => ({ page, gw });
  const text = (s: string | RegExp) => page.getByText(s).first();
  /** The fresh-visit notice (if any) out of the way. */
  const closeNotice = async () => {
    const read = page.locator('.arco-modal').getByRole('button', { name: /^(Read|已读)$/ });
    if (await read.count()) await read.first().click();
  };
  const self = () => apiGet<{ id: number; quota: number }>(page, '/api/user/self');
  const setLook = async (lang: 'zh-CN' | 'en-US', theme: 'light' | 'dark', width: 1440 | 390) => {
    await page.evaluate(({ lang, theme }) => {
      localStorage.setItem('i18nextLng', lang);
      localStorage.setItem('theme-mode', theme);
    }, { lang, theme });
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-wallet-journey-'));
    epay = await startEpayServer();
    upstream = await startUpstream();
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);
    // Site settings and a channel, written by a second process as `gateway` commands do.
    const side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    await side.options.set({
      ServerAddress: gw.url, PayAddress: epay.url, EpayId: epay.pid, EpayKey: epay.key, OrdersInvoiceEnabled: 'true', Notice: '',
    });
    await side.channels.create(systemActor, {
      name: 'openai-main', type: 1, key: 'sk-upstream-key-000000', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default',
    });
    await side.close();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    errors = trackErrors(page);
    // the daemon picks the options and the channel up through the cache epochs
    for (let i = 0; ; i++) {
      const s = (await (await fetch(`${gw.url}/api/status`)).json()) as { data: { enable_online_topup: boolean } };
      const p = (await (await fetch(`${gw.url}/api/pricing`)).json()) as { data: { models: unknown[] } };
      if (s.data.enable_online_topup && p.data.models.length > 0) break;
      if (i > 100) throw new Error('the daemon did not pick up the settings');
      await new Promise((r) => setTimeout(r, 150));
    }
  });
  afterAll(async () => {
    await browser?.close();
    if (gw) expect(await gw.stop()).toBe(0);
    await epay?.close();
    await upstream?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a visitor reads the pricing page (en light 1440, zh dark 390)', async () => {
    await page.goto(`${gw.url}/pricing`);
    await closeNotice();
    await expect.poll(() => text('gpt-4o-mini').isVisible()).toBe(true);
    await shot(page, SHOTS, '01-pricing-zh-light-1440');
    await setLook('en-US', 'dark', 390);
    await page.reload();
    await expect.poll(() => text('gpt-4o-mini').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390 + 1); // the page never overflows
    await shot(page, SHOTS, '02-pricing-en-dark-390');
    await setLook('en-US', 'light', 1440);
  });

  it('the visitor registers; the administrator creates redemption codes', async () => {
    const registered = await page.evaluate(async (u) => {
      const r = await fetch('/api/user/register', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: u.username, password: u.password, password2: u.password, email: '', verification_code: '', aff_code: '' }),
      });
      return (await r.json()) as { success: boolean; message: string };
    }, USER);
    expect(registered.success, registered.message).toBe(true);

    await signInAs(rig(), TEST_ADMIN, 'en-US');
    await page.goto(`${gw.url}/redemption`);
    await closeNotice();
    await page.getByRole('button', { name: 'Add redemption codes' }).click();
    await page.getByPlaceholder(/Enter a name/).fill('launch');
    await page.getByLabel('Quota (US dollars)').fill('2');
    await page.getByLabel('Number of codes').fill('3');
    await shot(page, SHOTS, '03-redemption-create-en-light-1440', false);
    await page.getByTestId('redemption-submit').click();
    const keys = page.getByTestId('redemption-created-keys');
    await expect.poll(() => keys.isVisible()).toBe(true);
    const list = (await keys.inputValue()).split('\n').filter(Boolean);
    expect(list).toHaveLength(3);
    for (const k of list) expect(k).toMatch(/^[0-9a-f]{32}$/);
    code = list[0];
    await shot(page, SHOTS, '04-redemption-created-en-light-1440', false);
    await page.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => page.getByText('Unused').count()).toBeGreaterThanOrEqual(3);
  });

  it('the user redeems a code on the wallet page', async () => {
    await signInAs(rig(), USER, 'en-US');
    await page.goto(`${gw.url}/topup`);
    await closeNotice();
    const before = (await self()).quota;
    await page.getByLabel('Enter the redemption code').fill(code);
    await page.getByTestId('redeem-card').getByRole('button', { name: 'Redeem' }).click();
    await expect.poll(() => text(/Redeemed: \$2\.00 added/).isVisible()).toBe(true);
    expect((await self()).quota).toBe(before + 1_000_000);
    await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toContain('$2.00');
    await shot(page, SHOTS, '05-wallet-redeemed-en-light-1440');
  });

  it('tops up $200 online: provider page, callback, return page', async () => {
    const before = (await self()).quota;
    await page.getByTestId('online-topup').getByRole('button', { name: '$200' }).click();
    await expect.poll(() => page.getByTestId('topup-money').innerText()).toContain('1460.00'); // 200 × 7.3
    await page.getByTestId('online-topup').getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${epay.url}/**`);
    await page.locator('#pay').click();
    await page.waitForURL(/\/topup\?result=return/);
    await expect.poll(() => page.getByTestId('topup-return').innerText()).toContain('Payment received');
    expect((await self()).quota).toBe(before + 200 * 500_000);
    await shot(page, SHOTS, '06-topup-return-en-light-1440');
    expect(epay.notifications.map((n) => n.body)).toEqual(['success']);
  });

  it('sees the paid order and the top-up logs', async () => {
    await page.goto(`${gw.url}/orders`);
    await expect.poll(() => page.getByTestId('order-status').first().innerText()).toContain('Paid');
    await expect.poll(() => text('1460.00').isVisible()).toBe(true);
    await shot(page, SHOTS, '07-orders-en-light-1440');
    await page.goto(`${gw.url}/log`);
    await expect.poll(() => page.getByText(/在线充值成功|通过兑换码充值/).count()).toBe(2);
    await shot(page, SHOTS, '08-log-topups-en-light-1440');
  });

  it('makes a paid relay call with a new token', async () => {
    const token = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number };
      const h = { 'content-type': 'application/json', 'New-Api-User': String(user.id) };
      const r = await fetch('/api/token/', { method: 'POST', headers: h, body: JSON.stringify({ name: 'journey', remain_quota: 0, unlimited_quota: true, expired_time: -1 }) });
      const body = (await r.json()) as { success: boolean; message: string; data: Array<{ key: string }> };
      if (!body.success) throw new Error(body.message);
      return body.data[0].key; // the owner sees the key, with its sk- prefix
    });
    expect(token).toBeTruthy();
    const before = (await self()).quota;
    const r = await fetch(`${gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(r.status).toBe(200);
    await expect.poll(async () => (await self()).quota, { timeout: 15_000 }).toBeLessThan(before);
  });

  it('applies for an invoice; the administrator marks it done (zh dark 390 for the user, en light for the admin)', async () => {
    await setLook('zh-CN', 'dark', 390);
    await page.goto(`${gw.url}/orders?tab=Invoices`);
    await expect.poll(() => page.getByTestId('invoiceable').innerText()).toContain('1460.00');
    await page.getByPlaceholder('公司或个人名称').fill('星河科技有限公司');
    await page.getByPlaceholder('统一社会信用代码').fill('91310000MA1K000000');
    await page.getByPlaceholder('发票将发送到该邮箱').fill('finance@example.com');
    await page.getByPlaceholder(/不少于/).fill('1000');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390 + 1);
    await shot(page, SHOTS, '09-invoice-apply-zh-dark-390');
    await page.getByRole('button', { name: '申请开票' }).click();
    await expect.poll(() => text('申请成功，开票一般需要1-3个工作日').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('invoiceable').innerText()).toContain('460.00');

    await setLook('en-US', 'light', 1440);
    await signInAs(rig(), TEST_ADMIN, 'en-US');
    await page.goto(`${gw.url}/orders?tab=InvoiceTables`);
    await expect.poll(() => page.getByTestId('invoice-status').first().innerText()).toContain('Pending review');
    await page.getByRole('button', { name: 'Done' }).first().click();
    await page.locator('.arco-popconfirm').getByRole('button', { name: /^(OK|Ok|Confirm)$/ }).click();
    await expect.poll(() => page.getByTestId('invoice-status').first().innerText()).toContain('Done');
    await shot(page, SHOTS, '10-invoice-reviewed-en-light-1440');
    expect(errors).toEqual([]);
  });
});
