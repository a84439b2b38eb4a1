/// <reference lib="dom" />
// The token page in Chromium against the real `gateway serve`: sign in (lands on /token), create a token through
// the drawer, copy it (clipboard granted, then refused → manual-copy dialog), disable, delete; zh and en screenshots.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';

describe('token page in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-token-browser-'));
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gw.url });
    page = await context.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    expect(await gw?.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const text = (s: string | RegExp) => page.getByText(s).first();
  const row = (name: string) => page.locator('tr').filter({ hasText: name }).first();
  const drawer = () => page.locator('.arco-drawer').first();

  it('signs in as admin and lands on /token with an empty list', async () => {
    await page.goto(`${gw.url}/login`);
    await page.getByPlaceholder('请输入用户名或邮箱').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('admin-pass-123');
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => u.pathname === '/token');
    await expect.poll(() => text('暂无令牌').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.arco-menu-item').filter({ hasText: 'API 令牌' }).isVisible()).toBe(true);
  });

  it('validates and creates a token through the drawer, then lists it', async () => {
    await page.getByRole('button', { name: /添加令牌/ }).click();
    await expect.poll(() => drawer().isVisible()).toBe(true);
    await drawer().getByTestId('token-submit').click();
    await expect.poll(() => text('请输入令牌名称').isVisible()).toBe(true);
    await drawer().getByPlaceholder('请输入名称').fill('浏览器令牌');
    await drawer().getByRole('button', { name: '$10', exact: true }).click();
    await drawer().getByRole('button', { name: '一天' }).click();
    await drawer().getByPlaceholder(/203\.0\.113\.7/).fill('127.0.0.1\n10.0.0.0/8');
    await page.waitForTimeout(400); // let the drawer's slide-in finish
    await screenshot(page, 'token-01-drawer-zh');
    await drawer().getByTestId('token-submit').click();
    await expect.poll(() => text('已创建 1 个令牌').isVisible()).toBe(true);
    await expect.poll(() => row('浏览器令牌').isVisible()).toBe(true);
    await expect.poll(() => row('浏览器令牌').textContent()).toContain('已启用');
    await expect.poll(() => row('浏览器令牌').textContent()).toContain('$10.00');
    await page.waitForTimeout(400); // let the drawer finish closing
    await screenshot(page, 'token-02-list-zh');
  });

  it('copies the key with sk- to the clipboard', async () => {
    await row('浏览器令牌').getByRole('button', { name: /复制/ }).click();
    await expect.poll(() => text('已复制到剪贴板').isVisible()).toBe(true);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^sk-[0-9A-Za-z]{48}$/);
    const listed = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number };
      const r = await fetch('/api/token/', { headers: { 'New-Api-User': String(user.id) } });
      return ((await r.json()) as { data: Array<{ key: string }> }).data.map((t) => t.key);
    });
    expect(listed).toEqual([copied]);
  });

  it('shows the manual-copy dialog when the clipboard refuses', async () => {
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await row('浏览器令牌').getByRole('button', { name: /复制/ }).click();
    const dialog = page.locator('.arco-modal').filter({ hasText: '无法复制到剪贴板，请手动复制' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('textarea').inputValue()).toMatch(/^sk-[0-9A-Za-z]{48}$/);
    await page.waitForTimeout(500); // fade-in
    await screenshot(page, 'token-03-copy-fallback-zh');
    await dialog.getByRole('button').last().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('says no chat link is set when opening chat', async () => {
    await row('浏览器令牌').getByRole('button', { name: /聊天/ }).click();
    await expect.poll(() => text('管理员未设置聊天链接').isVisible()).toBe(true);
  });

  it('disables and re-enables the token', async () => {
    await row('浏览器令牌').getByRole('button', { name: /^禁用$/ }).click();
    await expect.poll(() => row('浏览器令牌').textContent()).toContain('已禁用');
    await row('浏览器令牌').getByRole('button', { name: /^启用$/ }).click();
    await expect.poll(() => row('浏览器令牌').textContent()).toContain('已启用');
    await row('浏览器令牌').getByRole('button', { name: /^禁用$/ }).click();
    await expect.poll(() => row('浏览器令牌').textContent()).toContain('已禁用');
  });

  it('shows the page and drawer in English', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
    await page.reload();
    await expect.poll(() => row('浏览器令牌').textContent()).toContain('Disabled');
    await page.getByRole('button', { name: /Batch|Copy selected/ }).click();
    await expect.poll(() => text('Please select at least one token').isVisible()).toBe(true);
    await screenshot(page, 'token-04-list-en');
    await row('浏览器令牌').getByRole('button', { name: /Edit/ }).click();
    await expect.poll(() => drawer().isVisible()).toBe(true);
    expect(await drawer().getByPlaceholder('Enter a name').inputValue()).toBe('浏览器令牌');
    await drawer().getByRole('switch').nth(1).click(); // model limits on
    await page.waitForTimeout(300);
    await screenshot(page, 'token-05-drawer-en');
    await drawer().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => drawer().isVisible()).toBe(false);
  });

  it('deletes the token after confirmation', async () => {
    await row('浏览器令牌').getByRole('button', { name: /Delete/ }).click();
    const pop = page.locator('.arco-popconfirm').filter({ hasText: 'Delete the token' });
    await expect.poll(() => pop.isVisible()).toBe(true);
    await page.waitForTimeout(400);
    await screenshot(page, 'token-06-delete-confirm-en');
    await pop.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => text('Token deleted').isVisible()).toBe(true);
    await expect.poll(() => text('No tokens yet').isVisible()).toBe(true);
  });

  it('creates a batch of 20 through the drawer, pages through it, and remembers the page size', async () => {
    await page.getByRole('button', { name: /Add token/ }).click();
    await expect.poll(() => drawer().isVisible()).toBe(true);
    await drawer().getByPlaceholder('Enter a name').fill('batch');
    await drawer().getByRole('button', { name: '20', exact: true }).click();
    await drawer().getByTestId('token-submit').click();
    await expect.poll(() => text('20 token(s) created').isVisible()).toBe(true);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
    const names = await page.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(names.filter((n) => /^batch-[0-9A-Za-z]{6}$/.test(n.trim()))).toHaveLength(10); // newest first: suffixed ones
    await page.locator('.arco-pagination-item').filter({ hasText: /^2$/ }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
    await expect.poll(async () => (await page.locator('tbody tr td:nth-child(2)').allTextContents()).map((n) => n.trim())).toContain('batch');
    await page.waitForTimeout(300);
    await screenshot(page, 'token-07-page-2-en');
    await page.locator('.arco-pagination-option .arco-select').click();
    await page.locator('.arco-select-option').filter({ hasText: '20' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(20);
    expect(await page.evaluate(() => localStorage.getItem('page-size'))).toBe('20');
    await page.reload();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(20);
  });

  it('ran without page errors', () => {
    // /api/user/models and /api/user/self/groups do not exist yet: their 404s are "Failed to load resource", filtered.
    expect(errors).toEqual([]);
  });
});
