/// <reference lib="dom" />
// The system settings tab in Chromium against the real `gateway serve`: the admin saves the server address (trailing
// slash dropped), flips switches (password login asks first), sets payment with a secret that a later save keeps,
// and sees the JSON check; the agent sees only its scope. Every save is read back from /api/status or the option list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTab, optionOf, publicStatus, shot, signInAdmin, signInAgent, startSettingsRig, type SettingsRig,
} from '../helpers/settings-browser.js';

describe('system settings tab in Chromium', () => {
  let rig: SettingsRig;
  beforeAll(async () => {
    rig = await startSettingsRig('settings-system');
  });
  afterAll(async () => {
    await rig?.close();
  });

  const page = () => rig.page;
  const input = (key: string) => page().locator(`#option-${key}`);
  const toggle = (key: string) => page().getByTestId(`option-${key}`).getByRole('switch');
  const text = (s: string | RegExp) => page().getByText(s).first();

  it('admin (zh): saves the server address without its trailing slash, read back from /api/status', async () => {
    await signInAdmin(rig, 'zh-CN');
    await openTab(rig, 'system');
    await expect.poll(() => text('通用设置').isVisible()).toBe(true);
    await shot(page(), 'settings-system', '01-admin-zh');
    await page().getByTestId('save-general').click();
    await expect.poll(() => text('你似乎并没有修改什么').isVisible()).toBe(true);
    await input('ServerAddress').fill(`${rig.gw.url}/`);
    await page().getByTestId('save-general').click();
    await expect.poll(() => text('保存成功').isVisible()).toBe(true);
    await expect.poll(async () => (await publicStatus(page())).server_address).toBe(rig.gw.url);
    await expect.poll(() => input('ServerAddress').inputValue()).toBe(rig.gw.url);
  });

  it('admin (zh): a switch saves at once; turning off password login asks first', async () => {
    await toggle('RegisterEnabled').click();
    await expect.poll(async () => (await publicStatus(page())).register_enabled).toBe(false);
    await toggle('PasswordLoginEnabled').click();
    const dialog = page().locator('.arco-modal').filter({ hasText: '确认关闭' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain('包括管理员');
    await shot(page(), 'settings-system', '02-confirm-password-login-zh');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await publicStatus(page())).password_login_enabled).toBe(true);
    await toggle('RegisterEnabled').click(); // back on, for the rest of the run
    await expect.poll(async () => (await publicStatus(page())).register_enabled).toBe(true);
  });

  it('admin (zh): payment checks JSON, stores the merchant key, and a later save keeps it', async () => {
    await input('Amounts').fill('[10, 20');
    await page().getByTestId('save-payment').click();
    await expect.poll(() => text('充值金额选项: 不是合法的 JSON 字符串').isVisible()).toBe(true);
    await input('Amounts').fill('[10, 20, 50]');
    await input('PayAddress').fill('https://pay.example.com/');
    await input('EpayId').fill('1001');
    await input('EpayKey').fill('merchant-secret-key');
    await page().getByTestId('save-payment').click();
    await expect.poll(async () => (await publicStatus(page())).enable_online_topup).toBe(true);
    expect((await publicStatus(page())).amounts).toBe('[10, 20, 50]');
    expect(await optionOf(page(), 'EpayKey')).toEqual({ key: 'EpayKey', value: '', secret_set: true });
    expect((await optionOf(page(), 'PayAddress'))?.value).toBe('https://pay.example.com');
    // the key came back masked: the field is empty and says a value is stored
    await expect.poll(() => input('EpayKey').inputValue()).toBe('');
    expect(await input('EpayKey').getAttribute('placeholder')).toMatch(/已设置/);
    await input('Price').fill('8');
    await page().getByTestId('save-payment').click();
    await expect.poll(async () => (await publicStatus(page())).price).toBe(8);
    expect((await publicStatus(page())).enable_online_topup).toBe(true);
    expect((await optionOf(page(), 'EpayKey'))?.secret_set).toBe(true);
    await shot(page(), 'settings-system', '03-payment-zh');
  });

  it('admin (zh): SMTP port 465 locks SSL on, and saving stores both', async () => {
    await input('SMTPServer').fill('smtp.example.com');
    await input('SMTPPort').fill('465');
    await input('SMTPPort').blur();
    await expect.poll(() => toggle('SMTPSSLEnabled').getAttribute('aria-checked')).toBe('true');
    expect(await toggle('SMTPSSLEnabled').isDisabled()).toBe(true);
    await page().getByTestId('save-smtp').click();
    await expect.poll(async () => (await optionOf(page(), 'SMTPPort'))?.value).toBe('465');
    expect((await optionOf(page(), 'SMTPSSLEnabled'))?.value).toBe('true');
    expect((await optionOf(page(), 'SMTPServer'))?.value).toBe('smtp.example.com');
  });

  it('admin (en): the same tab in English', async () => {
    await signInAdmin(rig, 'en-US');
    await openTab(rig, 'system');
    await expect.poll(() => text('Login and registration').isVisible()).toBe(true);
    await expect.poll(() => text('E-mail domain whitelist').isVisible()).toBe(true);
    await shot(page(), 'settings-system', '04-admin-en');
  });

  it('agent (zh, en): no system tab; a link to it falls back to the personal tab, and nothing of the site can be changed', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await signInAgent(rig, lang);
      await page().goto(`${rig.gw.url}/setting?tab=system`);
      await expect.poll(() => page().getByRole('tab', { name: lang === 'zh-CN' ? '个人设置' : 'Personal settings' }).isVisible()).toBe(true);
      expect(await page().getByTestId('system-tab').count()).toBe(0);
      expect(await page().getByRole('tab', { name: lang === 'zh-CN' ? '系统设置' : 'System' }).count()).toBe(0);
      await shot(page(), 'settings-system', `05-agent-${lang}`);
    }
    // and the server refuses what the console no longer offers
    const refused = await page().evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
      const r = await fetch('/api/option/', {
        method: 'PUT', headers: { 'content-type': 'application/json', 'New-Api-User': String(user.id) }, body: JSON.stringify({ key: 'EmailVerificationEnabled', value: 'true' }),
      });
      return (await r.json()) as { success: boolean; message: string };
    });
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/^(Only the super administrator may change|仅超级管理员可以修改) EmailVerificationEnabled$/);
    expect(rig.errors).toEqual([]);
  });
});
