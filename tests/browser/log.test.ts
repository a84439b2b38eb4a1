/// <reference lib="dom" />
// The usage log page in Chromium against the real `gateway serve`: log rows are written straight into the SQLite
// file by a second process on the same data directory; the admin filters by model and type, sees the statistics,
// the coloured use times and a row's details; a normal user sees only their own rows without the channel column.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices, type Services } from '../../daemon/app/services.js';
import { hashPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { launchBrowser, screenshot, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';

describe('usage log page in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let side: Services;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-log-browser-'));
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);

    side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    const em = side.em.fork();
    const admin = await em.findOneOrFail(UserEntity, { username: 'admin' });
    const carolId = await side.em.fork().insert(UserEntity, {
      username: 'carol', password: await hashPassword('carol-pass-123'), role: 1, status: 1, created_at: 1,
    });
    // rows inside today's default window, and inside the last minute so RPM/TPM count them
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const now = Math.floor(Date.now() / 1000);
    const at = (ago: number) => Math.max(now - ago, midnight.getTime() / 1000);
    const request = { type: 2, token_name: 'ops-key', group: 'default', ip: '203.0.113.7', channel: 3, channel_name: 'primary-openai' };
    const rows = [
      { ...request, created_at: at(50), model_name: 'claude-3-5-sonnet', use_time: 320, prompt_tokens: 900, completion_tokens: 100, quota: 100_000, content: 'slow upstream' },
      { ...request, created_at: at(40), model_name: 'gpt-4o', use_time: 150, prompt_tokens: 300, completion_tokens: 700, quota: 750_000, is_stream: false, content: 'model ratio 2.5, group ratio 1' },
      {
        ...request, created_at: at(30), model_name: 'gpt-4o', use_time: 12, prompt_tokens: 120, completion_tokens: 480, quota: 250_000, is_stream: true,
        channel: 5, channel_name: 'backup-azure', content: 'model ratio 2.5, group ratio 1',
        other: JSON.stringify({ model_ratio: 2.5, group_ratio: 1, completion_ratio: 4, cache_tokens: 64, cache_ratio: 0.5, frt: 850, admin_info: { use_channel: [3, 5] } }),
      },
      { ...request, type: 6, created_at: at(20), model_name: 'gpt-4o', use_time: 2, quota: 0, content: 'upstream answered HTTP 502' },
      { type: 1, created_at: at(60), content: 'Redeemed a code worth $10.00', quota: 5_000_000 },
    ].map((r) => ({ ...r, user_id: admin.id, username: 'admin' }));
    for (const r of rows) side.usage.add(r);
    side.usage.add({
      ...request, created_at: at(10), user_id: carolId, username: 'carol', token_name: 'carol-key', model_name: 'gpt-4o-mini', use_time: 4,
      prompt_tokens: 50, completion_tokens: 60, quota: 30_000, channel: 3, channel_name: 'primary-openai',
      other: JSON.stringify({ model_ratio: 0.075, group_ratio: 1, completion_ratio: 4, frt: 420, admin_info: { use_channel: [2, 3] } }),
    });
    await side.usage.flush();

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await side?.close();
    expect(await gw?.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const text = (s: string | RegExp) => page.getByText(s).first();
  const row = (hasText: string | RegExp) => page.locator('tbody tr').filter({ hasText }).first();
  const headers = () => page.locator('thead th').allTextContents();
  const tagClass = (r: ReturnType<typeof row>) => r.getByTestId('log-use-time').getAttribute('class');

  it('signs in as admin and opens the usage log from the side menu', async () => {
    await page.goto(`${gw.url}/login`);
    await page.getByPlaceholder('请输入用户名或邮箱').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('admin-pass-123');
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => u.pathname === '/token');
    const entry = page.locator('.arco-menu-item').filter({ hasText: '使用日志' });
    if (!(await entry.isVisible())) await page.locator('.arco-menu-inline-header').filter({ hasText: '日志' }).click();
    await entry.click();
    await page.waitForURL((u) => u.pathname === '/log');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(6);
    expect(await headers()).toEqual(expect.arrayContaining(['渠道', '用户', '用时', '花费']));
    await expect.poll(() => row('carol-key').textContent()).toContain('carol');
    // use time: under 101 s green, under 300 s orange, else red
    expect(await tagClass(row('slow upstream'))).toMatch(/arco-tag-red/);
    expect(await row('Redeemed').getByTestId('log-use-time').count()).toBe(0);
    expect(await row('Redeemed').textContent()).toContain('充值');
    expect(await row('HTTP 502').textContent()).toContain('错误');
    // quota used counts consumption only: 0.2 + 1.5 + 0.5 + 0.06 dollars
    await expect.poll(() => page.getByTestId('log-stat').textContent()).toContain('消耗额度: $2.26');
    await expect.poll(() => page.locator('.arco-message').count(), { timeout: 6000 }).toBe(0); // the sign-in toast
    await screenshot(page, 'log-01-admin-zh');
    // the right-hand columns: cost (a top-up shows its amount), IP and content
    expect(await row('Redeemed').textContent()).toContain('$10.00');
    expect(await row('backup-azure').textContent()).toContain('$0.50');
    await page.evaluate(() => document.querySelectorAll('.arco-table-content-inner, .arco-table-body').forEach((el) => (el.scrollLeft = 10_000)));
    await page.waitForTimeout(200);
    await screenshot(page, 'log-01b-admin-right-zh');
  });

  it('filters by model and type, with statistics for the same filters', async () => {
    await page.getByPlaceholder('模型名称（% 为通配符）').fill('gpt-4o');
    await page.getByTestId('log-type-filter').click();
    await page.locator('.arco-select-option').filter({ hasText: /^消费$/ }).click();
    await page.getByRole('button', { name: /查询/ }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    expect(await tagClass(row('backup-azure'))).toMatch(/arco-tag-green/);
    expect(await row('backup-azure').textContent()).toContain('12 秒');
    expect(await tagClass(row('primary-openai'))).toMatch(/arco-tag-orange/);
    expect(await row('primary-openai').textContent()).toContain('150 秒');
    await expect.poll(() => page.getByTestId('log-stat').textContent()).toContain('消耗额度: $2.00');
    const stat = (await page.getByTestId('log-stat').textContent()) ?? '';
    expect(stat).toMatch(/RPM: \d/);
    expect(stat).toMatch(/TPM: [\d,]+/);
  });

  it('opens a row’s details with ratios, first response and the channels tried', async () => {
    await row('backup-azure').getByRole('button', { name: '显示详情' }).click();
    await expect.poll(() => page.getByTestId('log-detail-retried').textContent()).toBe('3 → 5');
    expect(await page.getByTestId('log-detail-modelRatio').textContent()).toBe('2.5');
    expect(await page.getByTestId('log-detail-frt').textContent()).toBe('850 ms');
    expect(await page.getByTestId('log-detail-cacheTokens').textContent()).toBe('64');
    await expect.poll(() => text('补全倍率').isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await screenshot(page, 'log-02-admin-filtered-detail-zh');
  });

  it('shows the page in English and resets the filters', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
    await page.reload();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(6);
    await expect.poll(() => page.getByTestId('log-stat').textContent()).toContain('Quota used: $2.26');
    expect(await headers()).toEqual(expect.arrayContaining(['Channel', 'User', 'Use time', 'Cost']));
    await page.getByPlaceholder('Model name (% is a wildcard)').fill('gpt%');
    await page.getByRole('button', { name: /Query/ }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(4);
    await page.getByRole('button', { name: /Reset/ }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(6);
    expect(await page.getByPlaceholder('Model name (% is a wildcard)').inputValue()).toBe('');
    await page.getByPlaceholder('Username').fill('nobody');
    await page.getByRole('button', { name: /Query/ }).click();
    await expect.poll(() => text('No logs yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: /Reset/ }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(6);
    await row('backup-azure').getByRole('button', { name: 'Show details' }).click();
    await expect.poll(() => page.getByTestId('log-detail-retried').isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await screenshot(page, 'log-03-admin-en');
  });

  it('shows a normal user only their own rows, without the channel column or retries', async () => {
    await context.clearCookies();
    await page.evaluate(() => localStorage.removeItem('user'));
    await page.goto(`${gw.url}/login`);
    await page.getByPlaceholder('Enter your username or email').fill('carol');
    await page.getByPlaceholder('Enter your password').fill('carol-pass-123');
    await page.getByRole('button', { name: /^Log in$/ }).last().click();
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${gw.url}/log`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await row('carol-key').textContent()).toContain('gpt-4o-mini');
    const cols = await headers();
    expect(cols).not.toContain('Channel');
    expect(cols).not.toContain('User');
    expect(await page.getByPlaceholder('Username').count()).toBe(0);
    expect(await page.getByPlaceholder('Channel ID').count()).toBe(0);
    await expect.poll(() => page.getByTestId('log-stat').textContent()).toContain('Quota used: $0.06');
    await row('carol-key').getByRole('button', { name: 'Show details' }).click();
    await expect.poll(() => page.getByTestId('log-detail-frt').textContent()).toBe('420 ms');
    expect(await page.getByTestId('log-detail-retried').count()).toBe(0);
    await page.waitForTimeout(300);
    await screenshot(page, 'log-04-user-en');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
