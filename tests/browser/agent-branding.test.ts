/// <reference lib="dom" />
// White-label in Chromium against the real `gateway serve` (design agents.md §5): an agent names its site and writes
// its notice in the settings (which offer it only its white-label keys); a visitor of the agent's domain and the
// agent's sub-user see them, a visitor of the site and the administrator do not. The agent's domain is reached
// through Chromium's host resolver rules, so the request carries that Host as a real visitor's would.
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
import { shot, signInAs, siteStatus } from '../helpers/settings-browser.js';

const AGENT = { username: 'agent_a', password: 'agent-a-pass-1' };
const SUB_USER = { username: 'sub_a', password: 'sub-a-pass-1' };
const DOMAIN = 'agent-a.test';
const AGENT_NAME = 'A 智能云';
const AGENT_NOTICE = '欢迎来到 A 智能云：新用户首充九折';

describe('agent white-label in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const agentUrl = () => `http://${DOMAIN}:${gw.port}`;
  const rig = () => ({ page, gw });
  const header = (p: Page) => p.locator('.gc-brand-name').first();
  /** Waits for the notice that pops up on a fresh visit, checks its text and marks it read. */
  const readNotice = async (p: Page, text: string) => {
    const notice = p.locator('.arco-modal').filter({ hasText: text });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await notice.getByRole('button', { name: /^(Read|已读)$/ }).click();
    await expect.poll(() => notice.isVisible()).toBe(false);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-agent-branding-'));
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);
    // The agent, its domain and its sub-user, written by a second process as `gateway` commands do; the daemon
    // picks them up through the cache epochs.
    const side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    const em = side.em.fork();
    const agentId = Number(await em.insert(UserEntity, {
      username: AGENT.username, password: await hashPassword(AGENT.password), role: 10, status: 1, created_at: 1, display_name: 'Agent A',
    }));
    await em.insert(UserEntity, {
      username: SUB_USER.username, password: await hashPassword(SUB_USER.password), role: 1, status: 1, created_at: 1, agent_id: agentId,
    });
    await em.insert(AgentEntity, { agent_id: agentId, domain: DOMAIN, agent_agent_id: 0, level: 10, created_at: 1 });
    await side.epochs.bump('agents');
    await side.options.set({ SystemName: 'Main Gateway', Notice: '主站公告：今晚维护' });
    await side.close();
    browser = await launchBrowser([`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`]);
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    errors = trackErrors(page);
    // the daemon has the site's values (through the options epoch); the agent has none of its own yet
    for (let i = 0; ; i++) {
      const status = (await (await fetch(`${gw.url}/api/status`, { headers: { host: `${DOMAIN}:${gw.port}` } })).json()) as { data: { system_name: string } };
      if (status.data.system_name === 'Main Gateway') break;
      if (i > 100) throw new Error(`the daemon did not pick up the site's name: ${status.data.system_name}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  });
  afterAll(async () => {
    await browser?.close();
    if (gw) expect(await gw.stop()).toBe(0);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the agent sees only its white-label tabs and names its site (zh, light, 1440 px)', async () => {
    await signInAs(rig(), AGENT, 'zh-CN');
    await page.goto(`${gw.url}/setting?tab=other`);
    await page.getByTestId('other-tab').waitFor();
    await readNotice(page, '主站公告'); // the agent has no notice of its own yet: the site's
    expect(await page.getByRole('tab').allTextContents()).toEqual(['个人设置', '运营设置', '其他设置', '菜单设置']); // no system tab
    expect(await page.getByTestId('agent-scope-hint').innerText()).toContain('只对访问你的域名的访客和你的下级用户生效');
    await page.locator('#option-SystemName').fill(AGENT_NAME);
    await page.getByTestId('save-system-name').click();
    await expect.poll(() => page.getByText('系统名称已更新').first().isVisible()).toBe(true);
    await page.locator('#option-Notice').fill(AGENT_NOTICE);
    await page.getByTestId('save-notice').click();
    await expect.poll(() => page.getByText('公告已更新').first().isVisible()).toBe(true);
    await page.reload();
    await readNotice(page, '新用户首充九折'); // its own notice, new to it
    await expect.poll(() => header(page).innerText()).toContain(AGENT_NAME); // the agent sees its own site
    await page.waitForTimeout(300);
    await shot(page, 'agent-branding', '01-agent-settings-zh-light-1440');
    // the site's values did not move
    expect(await siteStatus(page)).toMatchObject({ system_name: 'Main Gateway' });
  });

  it('the agent settings in English, dark, at 390 px', async () => {
    await page.evaluate(() => {
      localStorage.setItem('i18nextLng', 'en-US');
      localStorage.setItem('theme-mode', 'dark');
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${gw.url}/setting?tab=other`);
    await page.getByTestId('other-tab').waitFor();
    await expect.poll(() => page.locator('#option-SystemName').inputValue()).toBe(AGENT_NAME);
    await page.waitForTimeout(300);
    await shot(page, 'agent-branding', '02-agent-settings-en-dark-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("a visitor of the agent's domain sees the agent's name and notice (zh light 1440, en dark 390)", async () => {
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const v = await visitor.newPage();
    const vErrors = trackErrors(v);
    await v.goto(`${agentUrl()}/`);
    const notice = v.locator('.arco-modal').filter({ hasText: 'A 智能云' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toContain('新用户首充九折');
    await shot(v, 'agent-branding', '03-visitor-agent-domain-zh-light-1440', false);
    await notice.getByRole('button', { name: '已读' }).click();
    await expect.poll(() => header(v).innerText()).toContain(AGENT_NAME);
    await v.evaluate(() => {
      localStorage.setItem('i18nextLng', 'en-US');
      localStorage.setItem('theme-mode', 'dark');
    });
    await v.setViewportSize({ width: 390, height: 844 });
    await v.reload();
    await expect.poll(() => v.getByText(AGENT_NAME).first().isVisible()).toBe(true);
    await v.waitForTimeout(300);
    await shot(v, 'agent-branding', '04-visitor-agent-domain-en-dark-390');
    expect(vErrors).toEqual([]);
    await visitor.close();
  });

  it("a visitor of the site, and the administrator, see the site's name and notice", async () => {
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const v = await visitor.newPage();
    await v.goto(`${gw.url}/`);
    const notice = v.locator('.arco-modal').filter({ hasText: '主站公告' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await notice.getByRole('button', { name: '已读' }).click();
    await expect.poll(() => header(v).innerText()).toContain('Main Gateway');
    expect(await v.getByText(AGENT_NAME).count()).toBe(0);
    await shot(v, 'agent-branding', '05-visitor-site-zh-light-1440');
    await visitor.close();

    await signInAs(rig(), TEST_ADMIN, 'zh-CN');
    await page.goto(`${gw.url}/setting?tab=other`);
    await page.getByTestId('other-tab').waitFor();
    await expect.poll(() => page.locator('#option-SystemName').inputValue()).toBe('Main Gateway');
    expect(await header(page).innerText()).toContain('Main Gateway');
  });

  it("the agent's sub-user, signed in on the site's address, sees the agent's name", async () => {
    await signInAs(rig(), SUB_USER, 'en-US');
    await page.goto(`${gw.url}/setting`);
    await expect.poll(() => header(page).innerText()).toContain(AGENT_NAME);
    const notice = page.locator('.arco-modal').filter({ hasText: 'A 智能云' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await shot(page, 'agent-branding', '06-sub-user-en-light-1440', false);
    expect(errors).toEqual([]);
  });
});
