/// <reference lib="dom" />
// The personal settings tab in Chromium against the real `gateway serve`: invite link and transfer, notification
// settings (https-only webhook), access token reset, change password, available models, delete account; zh and en
// screenshots in /tmp/shots/personal/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { systemActor } from '../../daemon/app/actor.js';
import { hashPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { launchBrowser, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';

const SHOTS = '/tmp/shots/personal';
const USER = { username: 'carol', password: 'carol-pass-123' };

describe('personal settings tab in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  const shot = async (name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.waitForTimeout(400); // let dialogs and toasts finish moving
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const text = (s: string | RegExp) => page.getByText(s).first();
  const dialog = () => page.locator('.arco-modal').filter({ visible: true }).first();
  const userId = () => page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number }).id);
  const apiGet = (path: string) =>
    page.evaluate(async (p) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number };
      return (await (await fetch(p, { headers: { 'New-Api-User': String(user.id) } })).json()) as { success: boolean; data: any };
    }, path);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-personal-browser-'));
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);
    // A user with invite earnings, and channels whose models the user may call, written by a second process.
    const side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    try {
      await side.em.fork().insert(UserEntity, {
        username: USER.username, password: await hashPassword(USER.password), role: 1, status: 1, created_at: 1, email: 'carol@example.com',
        quota: 250_000, aff_quota: 1_200_000, aff_history_quota: 1_700_000, aff_count: 3, display_name: 'Carol',
      });
      await side.channels.create(systemActor, { name: 'main', type: 1, key: 'sk-test-000000000000', base_url: 'http://127.0.0.1:9', models: 'gpt-4o-mini,gpt-4o,claude-3-5-haiku', group: 'default' });
      await side.channels.create(systemActor, { name: 'vip', type: 1, key: 'sk-test-111111111111', base_url: 'http://127.0.0.1:9', models: 'o3-mini', group: 'vip' });
      await side.channels.create(systemActor, { name: 'hidden', type: 1, key: 'sk-test-222222222222', base_url: 'http://127.0.0.1:9', models: 'secret-model', group: 'svip' });
    } finally {
      await side.close();
    }
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gw.url });
    page = await context.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    expect(await gw?.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in and shows every card of the personal tab (zh)', async () => {
    await page.goto(`${gw.url}/login`);
    await page.getByPlaceholder('请输入用户名或邮箱').fill(USER.username);
    await page.getByPlaceholder('请输入密码').fill(USER.password);
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => u.pathname === '/token');
    await page.goto(`${gw.url}/setting`);
    for (const title of ['邀请信息', '通知设置', '账户安全', '可用模型'])
      await expect.poll(() => page.locator('.arco-card-header').filter({ hasText: title }).first().isVisible()).toBe(true);
    const code = (await apiGet('/api/user/aff')).data as string;
    await expect.poll(() => page.getByLabel('邀请链接').inputValue()).toBe(`${gw.url}/register?aff=${code}`);
    await expect.poll(() => page.getByTestId('invite-card').textContent()).toContain('$2.40');
    // models of the user's usable groups (default, vip), not svip's
    const models = page.getByTestId('models-card');
    await expect.poll(() => models.textContent(), { timeout: 10_000 }).toContain('o3-mini');
    expect(await models.textContent()).toContain('claude-3-5-haiku');
    expect(await models.textContent()).not.toContain('secret-model');
    await shot('01-personal-zh');
  });

  it('copies the invite link and a model name', async () => {
    await page.getByTestId('invite-card').getByRole('button', { name: '复制' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/register\?aff=[0-9A-Za-z]{4}$/);
    await page.getByTestId('models-card').getByText('gpt-4o-mini', { exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('gpt-4o-mini');
  });

  it('transfers invite earnings: at least one unit', async () => {
    await page.getByTestId('aff-transfer-open').click();
    await expect.poll(() => dialog().isVisible()).toBe(true);
    const amount = dialog().getByLabel('划转额度');
    await amount.fill('100');
    await amount.blur();
    await expect.poll(() => dialog().getByText('转移额度最小为 $1.00').isVisible()).toBe(true);
    await shot('02-transfer-minimum-zh');
    await amount.fill('600000');
    await amount.blur();
    await dialog().getByTestId('aff-transfer-submit').click();
    await expect.poll(() => text('划转成功').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('invite-card').textContent()).toContain('$1.20'); // 600 000 left
    await expect.poll(async () => (await apiGet('/api/user/self')).data.quota).toBe(850_000);
  });

  it('checks and saves the webhook notification settings', async () => {
    const card = page.getByTestId('notify-card');
    await card.getByText('Webhook 通知').click();
    await card.getByLabel('Webhook 地址').fill('http://hooks.example.com/quota');
    await expect.poll(() => card.getByTestId('notify-problem').textContent()).toBe('Webhook 地址必须是 https 地址');
    await card.getByLabel('Webhook 地址').fill('https://hooks.example.com/quota');
    await card.getByRole('button', { name: /^1000000/ }).click();
    await card.getByLabel('接口凭证').fill('hook-secret');
    await card.getByTestId('notify-save').click();
    await expect.poll(() => text('设置已保存').isVisible()).toBe(true);
    const setting = JSON.parse((await apiGet('/api/user/self')).data.setting as string);
    expect(setting).toMatchObject({ notify_type: 'webhook', quota_warning_threshold: 1000000, webhook_url: 'https://hooks.example.com/quota', webhook_secret: '', webhook_secret_set: true });
    await expect.poll(() => card.getByPlaceholder('已设置，留空则保持不变').isVisible()).toBe(true);
    await shot('03-notify-webhook-zh');
  });

  it('resets the access token, which then works for the API', async () => {
    await page.getByTestId('token-reset').click();
    await expect.poll(() => text('令牌已重置并已复制到剪贴板').isVisible()).toBe(true);
    const token = await page.getByTestId('access-token').first().evaluate((el) => ((el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement).value);
    expect(token).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    const r = await fetch(`${gw.url}/api/user/self`, { headers: { authorization: `Bearer ${token}`, 'New-Api-User': String(await userId()) } });
    expect(((await r.json()) as { data: { username: string } }).data.username).toBe(USER.username);
  });

  it('changes the password after checking both entries', async () => {
    await page.getByTestId('password-open').click();
    await expect.poll(() => dialog().isVisible()).toBe(true);
    await dialog().getByLabel('原密码').fill(USER.password);
    await dialog().getByLabel('新密码', { exact: true }).fill('carol-new-pass-1');
    await dialog().getByLabel('确认新密码').fill('carol-new-pass-2');
    await expect.poll(() => dialog().getByText('两次输入的密码不一致').isVisible()).toBe(true);
    await shot('04-password-zh');
    await dialog().getByLabel('确认新密码').fill('carol-new-pass-1');
    await dialog().getByTestId('password-submit').click();
    await expect.poll(() => text('密码修改成功').isVisible()).toBe(true);
    expect((await apiGet('/api/user/self')).success).toBe(true); // this sign-in stays
  });

  it('shows the tab in English', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
    await page.reload();
    for (const title of ['Invitations', 'Notification settings', 'Security', 'Available models'])
      await expect.poll(() => page.locator('.arco-card-header').filter({ hasText: title }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('models-card').textContent()).toContain('o3-mini');
    await expect.poll(() => page.getByLabel('Webhook URL').inputValue()).toBe('https://hooks.example.com/quota');
    await shot('05-personal-en');
    await page.getByTestId('aff-transfer-open').click();
    await expect.poll(() => dialog().isVisible()).toBe(true);
    await dialog().getByLabel('Amount to transfer').fill('5');
    await dialog().getByLabel('Amount to transfer').blur();
    await expect.poll(() => dialog().getByText('The minimum transfer amount is $1.00').isVisible()).toBe(true);
    await shot('06-transfer-en');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('deletes the account after the username is typed, and signs out', async () => {
    await page.getByTestId('delete-open').click();
    await expect.poll(() => dialog().isVisible()).toBe(true);
    expect(await dialog().getByTestId('delete-submit').isDisabled()).toBe(true);
    await dialog().getByLabel('Username').fill('caro');
    expect(await dialog().getByTestId('delete-submit').isDisabled()).toBe(true);
    await dialog().getByLabel('Username').fill(USER.username);
    await shot('07-delete-en');
    await dialog().getByTestId('delete-submit').click();
    await expect.poll(() => text('Account deleted').isVisible()).toBe(true);
    await page.waitForURL((u) => u.pathname === '/login');
    const again = await fetch(`${gw.url}/api/user/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: USER.username, password: 'carol-new-pass-1' }),
    });
    expect(((await again.json()) as { success: boolean }).success).toBe(false);
    expect(errors).toEqual([]);
  });
});
