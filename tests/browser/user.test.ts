/// <reference lib="dom" />
// The /user page in Chromium against the real `gateway serve`, as the super admin and as an agent, in Chinese and
// English: search and group filter, add-user drawer with its messages, edit drawer, confirmed actions; the agent
// sees only its own sub-users and only enable/disable and edit. Screenshots go to /tmp/shots/user/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { systemActor } from '../../daemon/app/actor.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { launchBrowser, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, TEST_ADMIN, type GatewayProcess } from '../helpers/gateway-process.js';

const SHOTS = '/tmp/shots/user';

describe('user management in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let browser: Browser;

  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(400); // drawers and popups finish their animation
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** Writes users the way the CLI would: the daemon's own services on the same database. */
  async function seed(): Promise<void> {
    const config = loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } });
    const s = await createServices(config);
    try {
      const make = (username: string, display_name: string) => s.userAdmin.create(systemActor, { username, password: `${username}-pass-1`, display_name });
      const agent = await make('agent007', '金牌代理');
      await s.userAdmin.manage(systemActor, { username: 'agent007', action: 'promote' });
      // what the agent gives its sub-users comes out of its own balance
      await s.em.fork().nativeUpdate(UserEntity, { id: agent.id }, { quota: 50_000_000 });
      for (const [name, display] of [['sub_alice', '爱丽丝'], ['sub_bob', 'Bob'], ['sub_carol', 'Carol']]) {
        const u = await make(name, display);
        await s.em.fork().nativeUpdate(UserEntity, { id: u.id }, { agent_id: agent.id, quota: 1_500_000, used_quota: 250_000, request_count: 17 });
      }
      const vip = await make('vip_victor', 'Victor');
      await s.userAdmin.update(systemActor, { id: vip.id, group: 'vip', add_quota: 5_000_000 });
      await make('plain_pat', 'Pat');
      await s.epochs.bump('users');
    } finally {
      await s.close();
    }
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'gw-user-browser-'));
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);
    await seed();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expect(await gw?.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(username: string, password: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(`${gw.url}/login`);
    await page.getByPlaceholder('请输入用户名或邮箱').fill(username);
    await page.getByPlaceholder('请输入密码').fill(password);
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => u.pathname === '/token');
    return { context, page, errors };
  }

  const row = (page: Page, name: string) => page.locator('tr').filter({ hasText: name }).first();
  const drawer = (page: Page) => page.locator('.arco-drawer').first();
  const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
  const confirmPopup = (page: Page) => page.locator('.arco-popconfirm').last();

  describe('as the super admin', () => {
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ page, errors } = await signIn(TEST_ADMIN.username, TEST_ADMIN.password));
    });

    it('reaches /user from the side menu and lists every user with the agent-id column', async () => {
      await page.locator('.arco-menu-item').filter({ hasText: '用户管理' }).click();
      await page.waitForURL((u) => u.pathname === '/user');
      await expect.poll(() => row(page, 'sub_alice').isVisible()).toBe(true);
      await visible(page, '代理 ID');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(7);
      expect(await row(page, 'sub_alice').textContent()).toContain('剩余额度：$3.00');
      expect(await row(page, 'agent007').textContent()).toContain('超级代理');
      await shot(page, 'user-01-admin-list-zh');
    });

    it('searches by keyword and filters by group', async () => {
      await page.getByPlaceholder('搜索用户的 ID、用户名、显示名称或邮箱').fill('SUB_');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
      await page.getByPlaceholder('搜索用户的 ID、用户名、显示名称或邮箱').fill('');
      await page.getByTestId('user-group-filter').click();
      await page.locator('.arco-select-option').filter({ hasText: /^vip$/ }).click();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      expect(await page.locator('tbody tr').first().textContent()).toContain('vip_victor');
      await shot(page, 'user-02-admin-group-filter-zh');
      await page.getByTestId('user-group-filter').hover();
      await page.locator('[data-testid="user-group-filter"] .arco-select-clear-icon').click();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(7);
    });

    it('adds a user through the drawer, with the messages for what is missing', async () => {
      await page.getByRole('button', { name: /添加用户/ }).click();
      await expect.poll(() => drawer(page).isVisible()).toBe(true);
      await drawer(page).getByTestId('user-add-submit').click();
      await expect.poll(() => drawer(page).getByText('用户名和密码不能为空！').first().isVisible()).toBe(true);
      await drawer(page).getByPlaceholder('请输入用户名').fill('new_nina');
      await drawer(page).getByPlaceholder('请输入显示名称').fill('妮娜');
      await drawer(page).getByPlaceholder('请输入密码').fill('short');
      await drawer(page).getByTestId('user-add-submit').click();
      await expect.poll(() => drawer(page).getByText('密码长度不得小于 8 位！').first().isVisible()).toBe(true);
      await shot(page, 'user-03-admin-add-drawer-zh');
      await drawer(page).getByPlaceholder('请输入密码').fill('nina-pass-123');
      await drawer(page).getByTestId('user-add-submit').click();
      await visible(page, '用户账户创建成功！');
      await expect.poll(() => row(page, 'new_nina').isVisible()).toBe(true);
    });

    it('edits a user: model ratios must be JSON; adds quota', async () => {
      await row(page, 'new_nina').getByTestId('user-edit').click();
      await expect.poll(() => drawer(page).isVisible()).toBe(true);
      await drawer(page).getByPlaceholder(/JSON 格式/).fill('{oops');
      await drawer(page).getByTestId('user-edit-submit').click();
      await expect.poll(() => drawer(page).getByText('模型倍率不是合法的 JSON 字符串').first().isVisible()).toBe(true);
      await drawer(page).getByPlaceholder(/JSON 格式/).fill('{"gpt-4o": 1.5}');
      await drawer(page).getByLabel('添加额度').fill('2'); // dollars: the site shows currency
      await drawer(page).getByLabel('添加额度').blur();
      await visible(page, /保存后为 \$2\.00/);
      await shot(page, 'user-04-admin-edit-drawer-zh');
      await drawer(page).getByTestId('user-edit-submit').click();
      await visible(page, '用户信息更新成功！');
      await expect.poll(() => row(page, 'new_nina').textContent()).toContain('剩余额度：$2.00');
    });

    it('asks before disabling, promoting and deleting, and shows the result in the row', async () => {
      await row(page, 'new_nina').getByTestId('user-disable').click();
      await expect.poll(() => confirmPopup(page).isVisible()).toBe(true);
      expect(await confirmPopup(page).textContent()).toContain('确定禁用 new_nina？');
      await shot(page, 'user-05-admin-confirm-zh');
      await confirmPopup(page).getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => row(page, 'new_nina').textContent()).toContain('已封禁');
      await row(page, 'new_nina').getByTestId('user-promote').click();
      await confirmPopup(page).getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => row(page, 'new_nina').textContent()).toContain('超级代理');
      await row(page, 'new_nina').getByTestId('user-delete').click();
      expect(await confirmPopup(page).textContent()).toContain('此操作不可逆');
      await confirmPopup(page).getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => row(page, 'new_nina').textContent()).toContain('已注销');
      await expect.poll(() => row(page, 'new_nina').getByRole('button').count()).toBe(0);
      // the super admin's own row offers only edit
      expect(await row(page, TEST_ADMIN.username).getByRole('button').allTextContents()).toEqual(['编辑']);
      await shot(page, 'user-06-admin-after-actions-zh');
    });

    it('shows the page in English', async () => {
      await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
      await page.reload();
      await expect.poll(() => row(page, 'sub_alice').isVisible()).toBe(true);
      await visible(page, 'Agent ID');
      await expect.poll(() => row(page, 'new_nina').textContent()).toContain('Deactivated');
      await shot(page, 'user-07-admin-list-en');
      await row(page, 'sub_bob').getByTestId('user-edit').click();
      await expect.poll(() => drawer(page).isVisible()).toBe(true);
      await visible(page, 'Model ratios');
      await shot(page, 'user-08-admin-edit-drawer-en');
      await drawer(page).getByRole('button', { name: 'Cancel' }).click();
      expect(errors).toEqual([]);
    });
  });

  describe('as an agent', () => {
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ page, errors } = await signIn('agent007', 'agent007-pass-1'));
    });

    it('sees only its own sub-users, without agent ids, add button or admin actions', async () => {
      await page.locator('.arco-menu-item').filter({ hasText: '用户管理' }).click();
      await page.waitForURL((u) => u.pathname === '/user');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
      await visible(page, '我的用户');
      expect(await page.getByText('代理 ID').count()).toBe(0);
      expect(await page.getByRole('button', { name: /添加用户/ }).count()).toBe(0);
      expect(await page.getByText('vip_victor').count()).toBe(0);
      expect(await row(page, 'sub_alice').getByRole('button').allTextContents()).toEqual(['禁用', '编辑']);
      await shot(page, 'user-09-agent-list-zh');
    });

    it('edits within its limits and sees the server refuse a price below 1.1 times its own', async () => {
      // the admin gives the agent a price of 1.0 (the floor for its users becomes 1.1)
      const config = loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } });
      const s = await createServices(config);
      try {
        const agent = await s.userAdmin.getByUsername(systemActor, 'agent007');
        await s.userAdmin.update(systemActor, { id: agent.id, exclusive_price: 1 });
      } finally {
        await s.close();
      }
      await row(page, 'sub_bob').getByTestId('user-edit').click();
      await expect.poll(() => drawer(page).isVisible()).toBe(true);
      expect(await drawer(page).getByText('模型倍率').count()).toBe(0);
      expect(await drawer(page).getByText('可用分组').count()).toBe(0);
      await drawer(page).getByLabel('专属价格').fill('1.05');
      await drawer(page).getByLabel('专属价格').blur();
      await drawer(page).getByTestId('user-edit-submit').click();
      await visible(page, '专属价格过低，不能低于 1.1');
      await shot(page, 'user-10-agent-edit-refused-zh');
      await drawer(page).getByLabel('专属价格').fill('1.2');
      await drawer(page).getByLabel('添加额度').fill('1'); // dollars
      await drawer(page).getByLabel('添加额度').blur();
      await drawer(page).getByTestId('user-edit-submit').click();
      await visible(page, '用户信息更新成功！');
      await expect.poll(() => row(page, 'sub_bob').textContent()).toContain('剩余额度：$4.00');
      expect(await row(page, 'sub_bob').textContent()).toContain('1.2');
    });

    it('disables and enables a sub-user after confirming', async () => {
      await row(page, 'sub_carol').getByTestId('user-disable').click();
      await confirmPopup(page).getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => row(page, 'sub_carol').textContent()).toContain('已封禁');
      expect(await row(page, 'sub_carol').getByRole('button').allTextContents()).toEqual(['启用', '编辑']);
      await shot(page, 'user-11-agent-disabled-zh');
      await row(page, 'sub_carol').getByTestId('user-enable').click();
      await confirmPopup(page).getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => row(page, 'sub_carol').textContent()).toContain('已激活');
    });

    it('shows the agent page in English', async () => {
      await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
      await page.reload();
      await visible(page, 'My users');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
      await shot(page, 'user-12-agent-list-en');
      await row(page, 'sub_alice').getByTestId('user-edit').click();
      await expect.poll(() => drawer(page).isVisible()).toBe(true);
      await visible(page, /at least 1.1 times the agent's own price/);
      await shot(page, 'user-13-agent-edit-drawer-en');
      expect(errors).toEqual([]);
    });
  });
});
