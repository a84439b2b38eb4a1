/// <reference lib="dom" />
// The "other" (content) settings tab in Chromium against the real `gateway serve`: the admin renames the site,
// previews a notice through the server's sanitiser (the script is gone), saves it and the footer and SEO title; the
// agent saves content in its scope. Each save is read back from the public calls (/api/status, /api/notice).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, openTab, publicStatus, siteStatus, shot, signInAdmin, signInAgent, startSettingsRig, type SettingsRig } from '../helpers/settings-browser.js';

describe('other (content) settings tab in Chromium', () => {
  let rig: SettingsRig;
  beforeAll(async () => {
    rig = await startSettingsRig('settings-other');
  });
  afterAll(async () => {
    await rig?.close();
  });

  const page = () => rig.page;
  const input = (key: string) => page().locator(`#option-${key}`);
  const text = (s: string | RegExp) => page().getByText(s).first();
  /** The notice saved above pops up once for every fresh sign-in, as visitors see it; read it. */
  const readNotice = async (name: string) => {
    const notice = page().locator('.arco-modal').filter({ hasText: '维护通知' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.innerHTML()).not.toMatch(/<script|onerror/);
    await shot(page(), 'settings-other', name, false);
    await notice.getByRole('button', { name: /^(Read|已读)$/ }).click();
    await expect.poll(() => notice.isVisible()).toBe(false);
  };

  it('admin (zh): renames the site, with its own message, shown in /api/status and the header', async () => {
    await signInAdmin(rig, 'zh-CN');
    await openTab(rig, 'other');
    await shot(page(), 'settings-other', '01-admin-zh');
    await input('SystemName').fill('转售网关');
    await page().getByTestId('save-system-name').click();
    await expect.poll(() => text('系统名称已更新').isVisible()).toBe(true);
    await expect.poll(async () => (await publicStatus(page())).system_name).toBe('转售网关');
  });

  it('admin (zh): previews the notice sanitised, then saves it; /api/notice serves the sanitised text', async () => {
    await input('Notice').fill('## 维护通知\n\n今晚 **22:00** 升级 <script>window.hacked = 1</script><img src=x onerror="window.hacked=2">');
    await page().getByTestId('preview-Notice').click();
    const preview = page().getByTestId('content-preview');
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await preview.innerHTML()).toContain('<strong>22:00</strong>');
    expect(await preview.innerHTML()).not.toMatch(/script|onerror/);
    expect(await page().evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await shot(page(), 'settings-other', '02-notice-preview-zh', false);
    await page().locator('.arco-modal').getByRole('button', { name: /close|关闭/i }).or(page().locator('.arco-modal-close-icon')).first().click();
    await page().getByTestId('save-notice').click();
    await expect.poll(() => text('公告已更新').isVisible()).toBe(true);
    const notice = await apiGet<string>(page(), '/api/notice');
    expect(notice).toContain('<h2>维护通知</h2>');
    expect(notice).not.toMatch(/script|onerror/);
  });

  it('admin (zh): footer and SEO title reach /api/status', async () => {
    await input('Footer').fill('© 2026 转售网关 · <a href="https://example.com">条款</a>');
    await page().getByTestId('save-footer').click();
    await expect.poll(async () => (await publicStatus(page())).footer_html).toContain('<a href="https://example.com">条款</a>');
    await input('TitleSeo').fill('转售网关 - AI 接口');
    await page().getByTestId('save-seo').click();
    await expect.poll(async () => (await publicStatus(page())).title_seo).toBe('转售网关 - AI 接口');
  });

  it('admin (en): the same tab in English', async () => {
    await signInAdmin(rig, 'en-US');
    await openTab(rig, 'other');
    await readNotice('03-notice-popup-en');
    await expect.poll(() => text('Recruitment page').isVisible()).toBe(true);
    await shot(page(), 'settings-other', '03-admin-en-page');
  });

  it("agent (en, zh): edits its own copy of the content; the site's stays", async () => {
    await signInAgent(rig, 'en-US');
    await openTab(rig, 'other');
    await readNotice('04-agent-notice-popup-en');
    await input('H1Seo').fill('Models for resellers');
    await page().getByTestId('save-seo').click();
    await expect.poll(() => text('Saved').isVisible()).toBe(true);
    await expect.poll(async () => (await publicStatus(page())).h1_seo).toBe('Models for resellers');
    expect((await siteStatus(page())).h1_seo).not.toBe('Models for resellers');
    await shot(page(), 'settings-other', '05-agent-en');
    await signInAgent(rig, 'zh-CN');
    await openTab(rig, 'other');
    await readNotice('06-agent-notice-popup-zh');
    await expect.poll(() => text('SEO').isVisible()).toBe(true);
    // the agent rules and recruitment pages are the site's (design agents.md §5)
    expect(await page().getByText('招募页面').count()).toBe(0);
    await shot(page(), 'settings-other', '07-agent-zh');
    expect(rig.errors).toEqual([]);
  });
});
