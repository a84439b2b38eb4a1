/// <reference lib="dom" />
// The console as a person uses it, in Chromium, against the real `gateway serve` (compiled, built console):
// setup → login → shell, in Chinese and English, light and dark. Screenshots land in tests/.artifacts/screenshots.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices, type Services } from '../../daemon/app/services.js';
import { hashPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { launchBrowser, screenshot, trackErrors } from '../helpers/browser.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';

describe('console in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  /** A second process on the same database, as the CLI would be: changes must reach the daemon. */
  let side: Services;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-browser-'));
    gw = await startGatewayProcess({ dataDir });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    errors = trackErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await side?.close();
    expect(await gw?.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const text = (s: string | RegExp) => page.getByText(s).first();

  it('sends a fresh install to /setup and validates the form', async () => {
    await page.goto(`${gw.url}/`);
    await page.waitForURL(/\/setup$/);
    await expect.poll(() => text('数据库警告').isVisible()).toBe(true);
    await screenshot(page, '01-setup-zh-light');
    await page.getByRole('button', { name: /初始化系统/ }).click();
    await expect.poll(() => text('请输入管理员用户名').isVisible()).toBe(true);
    await page.getByPlaceholder('请输入管理员用户名').fill('admin');
    await page.getByPlaceholder(/至少/).fill('short');
    await page.getByPlaceholder('请再次输入密码').fill('short');
    await page.getByRole('button', { name: /初始化系统/ }).click();
    await expect.poll(() => text(/密码长度至少为\s*8\s*个字符/).isVisible()).toBe(true);
    await page.getByPlaceholder(/至少/).fill('admin-pass-123');
    await page.getByPlaceholder('请再次输入密码').fill('admin-pass-124');
    await page.getByRole('button', { name: /初始化系统/ }).click();
    await expect.poll(() => text('两次输入的密码不一致').isVisible()).toBe(true);
  });

  it('explains the usage modes and initialises the system, then /setup is closed', async () => {
    await page.getByText('了解各模式的区别').click();
    await expect.poll(() => page.locator('.arco-modal').filter({ hasText: '自用' }).isVisible()).toBe(true);
    await screenshot(page, '02-setup-modes-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.arco-modal').filter({ hasText: '自用' }).isVisible()).toBe(false);
    await page.locator('label.arco-radio').filter({ hasText: '自用模式' }).click();
    await page.getByPlaceholder('请再次输入密码').fill('admin-pass-123');
    await page.getByRole('button', { name: /初始化系统/ }).click();
    // the page reloads 1.5 s after success and, being set up, leaves /setup
    await page.waitForURL((u) => !u.pathname.startsWith('/setup'), { timeout: 15_000 });
    const status = (await (await fetch(`${gw.url}/api/status`)).json()) as { data: unknown };
    expect(status.data).toMatchObject({ setup: true, self_use_mode_enabled: true });
    await page.goto(`${gw.url}/setup`);
    await page.waitForURL((u) => !u.pathname.startsWith('/setup'));
    await screenshot(page, '03-home-default-landing');
    await expect.poll(() => text('New API').isVisible()).toBe(true);
  });

  it('signs in: expired banner, wrong password, success, then the shell with the personal centre', async () => {
    await page.goto(`${gw.url}/login?expired=true&aff=INV1`);
    await expect.poll(() => text('未登录或登录已过期，请重新登录').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('aff'))).toBe('INV1');
    await page.getByPlaceholder('请输入用户名或邮箱').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await expect.poll(() => text('用户名或密码错误，或用户已被封禁').isVisible()).toBe(true);
    await page.getByPlaceholder('请输入密码').fill('admin-pass-123');
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('admin');
    await page.goto(`${gw.url}/setting`);
    await expect.poll(() => text('个人中心').isVisible()).toBe(true);
    await expect.poll(() => page.locator('main, .arco-layout-content').first().textContent()).toContain('管理员');
    await screenshot(page, '04-shell-zh-light');
  });

  it('switches to dark and to English, and remembers both', async () => {
    await page.getByRole('button', { name: /深色|暗色|dark/i }).click();
    await expect.poll(() => page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe('dark');
    await screenshot(page, '05-shell-zh-dark');
    await page.getByRole('button', { name: /语言|Language/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => text('Personal centre').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => text('Personal centre').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe('dark');
    await screenshot(page, '06-shell-en-dark');
    await page.getByRole('button', { name: /light/i }).click();
    await expect.poll(() => page.evaluate(() => document.body.getAttribute('arco-theme'))).not.toBe('dark');
    await screenshot(page, '07-shell-en-light');
  });

  it('shows a notice and home page content written by another process, sanitised', async () => {
    side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    await side.options.set({
      Notice: '**Maintenance** on Sunday <script>window.__pwned = 1</script>',
      HomePageContent: '# Welcome to the test gateway\n\n<img src=x onerror="window.__pwned=2">',
    });
    await expect.poll(async () => ((await (await fetch(`${gw.url}/api/notice`)).json()) as { data: string }).data, { timeout: 5000 }).toContain('Maintenance');
    await page.goto(`${gw.url}/setting`);
    const dialog = page.locator('.arco-modal').filter({ hasText: 'Maintenance' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, '08-notice-en');
    await dialog.getByRole('button', { name: 'Read' }).click();
    await page.reload();
    await page.waitForTimeout(800);
    expect(await dialog.isVisible()).toBe(false);
    await page.goto(`${gw.url}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to the test gateway' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, '09-home-content');
  });

  it('shows the not-found page for unknown paths', async () => {
    await page.goto(`${gw.url}/no/such/page`);
    await expect.poll(() => text('The page does not exist, please check the address').isVisible()).toBe(true);
    await screenshot(page, '10-not-found-en');
  });

  it('sends the user to /login?expired=true when the server ends the session', async () => {
    const admin = await side.em.fork().findOneOrFail(UserEntity, { username: 'admin' });
    await side.sessions.destroyAllFor(admin.id);
    await page.goto(`${gw.url}/setting`);
    await page.waitForURL(/\/login\?expired=true/);
    await expect.poll(() => text('Not logged in or login expired, please log in again').isVisible()).toBe(true);
  });

  it('warns when the well-known default credentials are used', async () => {
    await side.em.fork().insert(UserEntity, { username: 'root', password: await hashPassword('123456'), role: 1, status: 1, created_at: 1 });
    await page.getByPlaceholder('Enter your username or email').fill('root');
    await page.getByPlaceholder('Enter your password').fill('123456');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await expect.poll(() => text('You are using the default password, please change it at once').isVisible()).toBe(true);
    await screenshot(page, '11-default-password-warning');
  });

  it('logs out, and the guard then sends protected pages to /login', async () => {
    await page.keyboard.press('Escape');
    await page.goto(`${gw.url}/setting`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /Log out/ }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${gw.url}/setting`);
    await page.waitForURL(/\/login/);
  });

  it('collapses the sidebar below 600 px wide', async () => {
    await page.goto(`${gw.url}/login`);
    await page.getByPlaceholder('Enter your username or email').fill('admin');
    await page.getByPlaceholder('Enter your password').fill('admin-pass-123');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.setViewportSize({ width: 480, height: 800 });
    await page.goto(`${gw.url}/setting`);
    await expect.poll(() => page.locator('.arco-layout-sider').first().getAttribute('class')).toContain('collapsed');
    await screenshot(page, '12-mobile-en');
  });

  it('ran without page errors', () => {
    // 401s the console itself provoked (expired session) are expected; nothing else may fail.
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
  });
});
