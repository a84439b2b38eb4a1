/// <reference lib="dom" />
// The menus settings tab in Chromium against the real `gateway serve`: switches save at once (read back from
// /api/status), a JSON block is refused until it parses and is then stored, and turning off password login from this
// form waits for the confirmation. The agent flips a menu switch of its scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTab, optionOf, publicStatus, siteStatus, shot, signInAdmin, signInAgent, startSettingsRig, type SettingsRig } from '../helpers/settings-browser.js';

describe('menus settings tab in Chromium', () => {
  let rig: SettingsRig;
  beforeAll(async () => {
    rig = await startSettingsRig('settings-menus');
  });
  afterAll(async () => {
    await rig?.close();
  });

  const page = () => rig.page;
  const input = (key: string) => page().locator(`#option-${key}`);
  const toggle = (key: string) => page().getByTestId(`option-${key}`).getByRole('switch');
  const text = (s: string | RegExp) => page().getByText(s).first();

  it('admin (zh): menu switches save at once and reach /api/status', async () => {
    await signInAdmin(rig, 'zh-CN');
    await openTab(rig, 'menus');
    await shot(page(), 'settings-menus', '01-admin-zh');
    await toggle('HelpInfoEnabled').click();
    await expect.poll(async () => (await publicStatus(page())).help_info_enabled).toBe(true);
    await toggle('OrdersInvoiceEnabled').click();
    await expect.poll(async () => (await publicStatus(page())).orders_invoice_enabled).toBe(true);
    await toggle('OrdersInvoiceEnabled').click();
    await expect.poll(async () => (await publicStatus(page())).orders_invoice_enabled).toBe(false);
  });

  it('admin (zh): a JSON block is refused until it parses, then stored', async () => {
    await input('ApiAddress').fill('[{"name": "主线路", "url": "https://api.example.com"');
    await page().getByTestId('save-content').click();
    await expect.poll(() => text('API 地址列表: 不是合法的 JSON 字符串').isVisible()).toBe(true);
    expect((await optionOf(page(), 'ApiAddress'))?.value).toBe('[]');
    const good = '[{"name": "主线路", "url": "https://api.example.com"}]';
    await input('ApiAddress').fill(good);
    await input('CommonQuestion').fill('[{"q": "怎么充值？", "a": "在钱包页面充值"}]');
    await page().getByTestId('save-content').click();
    await expect.poll(async () => (await optionOf(page(), 'ApiAddress'))?.value).toBe(good);
    expect(JSON.parse((await optionOf(page(), 'CommonQuestion'))!.value)).toEqual([{ q: '怎么充值？', a: '在钱包页面充值' }]);
    await shot(page(), 'settings-menus', '02-json-zh');
  });

  it('admin (zh): turning off password login here waits for the confirmation', async () => {
    await toggle('PasswordLoginEnabled').click();
    const dialog = page().locator('.arco-modal').filter({ hasText: '确认关闭' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await shot(page(), 'settings-menus', '03-confirm-zh', false);
    expect((await publicStatus(page())).password_login_enabled).toBe(true);
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect.poll(async () => (await publicStatus(page())).password_login_enabled).toBe(false);
    await toggle('PasswordLoginEnabled').click(); // turning it back on needs no confirmation
    await expect.poll(async () => (await publicStatus(page())).password_login_enabled).toBe(true);
  });

  it('admin (en): the same tab in English', async () => {
    await signInAdmin(rig, 'en-US');
    await openTab(rig, 'menus');
    await expect.poll(() => text('Menu switches').isVisible()).toBe(true);
    await shot(page(), 'settings-menus', '04-admin-en');
  });

  it("agent (zh, en): flips a menu switch of its own copy; the site's stays", async () => {
    await signInAgent(rig, 'zh-CN');
    await openTab(rig, 'menus');
    expect(await page().getByTestId('option-PasswordLoginEnabled').count()).toBe(0); // the super admin's alone (design agents.md §5)
    const siteBefore = (await siteStatus(page())).apply_join_enabled;
    await toggle('ApplyJoinEnabled').click();
    await expect.poll(async () => (await publicStatus(page())).apply_join_enabled).toBe(!siteBefore);
    expect((await siteStatus(page())).apply_join_enabled).toBe(siteBefore);
    await shot(page(), 'settings-menus', '05-agent-zh');
    await signInAgent(rig, 'en-US');
    await openTab(rig, 'menus');
    await expect.poll(() => text('Menu content').isVisible()).toBe(true);
    await shot(page(), 'settings-menus', '06-agent-en');
    expect(rig.errors).toEqual([]);
  });
});
