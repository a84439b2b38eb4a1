/// <reference lib="dom" />
// The channel pages in Chromium against the real `gateway serve` and a mock upstream: create a channel pointing at
// the mock (models fetched from it), see it listed, test it (time shown), edit it, disable it, delete it; zh and
// en screenshots.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices, type Services } from '../../daemon/app/services.js';
import { systemActor } from '../../daemon/app/actor.js';
import { ChannelEntity } from '../../daemon/modules/channel/channel.entity.js';
import { launchBrowser, screenshot as shoot, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';

const KEY = 'sk-browser-SECRET-0123456789';

describe('channel pages in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let up: MockUpstream;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  /** A second process on the same database, as the CLI would be. */
  let side: Services | undefined;
  /** Every /api answer body the console received, to look for the key. */
  const bodies: string[] = [];

  beforeAll(async () => {
    up = await startUpstream({ keys: [KEY], models: ['gpt-4o-mini', 'gpt-4o', 'mock-model-x'] });
    dataDir = mkdtempSync(join(tmpdir(), 'gw-channel-browser-'));
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = trackErrors(page);
    page.on('response', async (r) => {
      if (!r.url().includes('/api/')) return;
      try {
        bodies.push(await r.text());
      } catch {
        /* a redirect or an aborted request has no body */
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
    await side?.close();
    expect(await gw?.stop()).toBe(0);
    await up?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const text = (s: string | RegExp) => page.getByText(s).first();
  /** Full-page screenshots from the top, so the sticky header stays where it belongs. */
  const screenshot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await shoot(page, name);
  };
  const row = (name: string) => page.locator('tr').filter({ hasText: name }).first();

  it('signs in as admin and opens the empty channel list from the menu', async () => {
    await page.goto(`${gw.url}/login`);
    await page.getByPlaceholder('请输入用户名或邮箱').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('admin-pass-123');
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.locator('.arco-menu-item').filter({ hasText: '渠道' }).first().click();
    await page.waitForURL((u) => u.pathname === '/channel');
    await expect.poll(() => text('暂无渠道').isVisible()).toBe(true);
  });

  it('validates the form, fetches models from the upstream and creates the channel', async () => {
    await page.getByRole('button', { name: /添加渠道/ }).click();
    await page.waitForURL((u) => u.pathname === '/channel/add');
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await expect.poll(() => text('请填写渠道名称和渠道密钥！').isVisible()).toBe(true);
    await page.getByPlaceholder('便于识别该渠道的名称').fill('模拟上游');
    await page.getByTestId('channel-key').fill(KEY);
    await page.getByTestId('channel-base-url').fill(`${up.url}/`);
    await page.getByRole('button', { name: /获取模型列表/ }).click();
    await expect.poll(() => text('已获取 3 个模型').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('channel-models').textContent()).toContain('mock-model-x');
    await screenshot('channel-01-form-zh');
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.waitForURL((u) => u.pathname === '/channel');
    await expect.poll(() => row('模拟上游').isVisible()).toBe(true);
    await expect.poll(() => row('模拟上游').textContent()).toContain('已启用');
    await expect.poll(() => row('模拟上游').textContent()).toContain('未测试');
  });

  it('tests the channel and shows the response time', async () => {
    await row('模拟上游').getByRole('button', { name: /测试/ }).first().click();
    await expect.poll(() => text(/测试成功，耗时 (\d+ ms|[\d.]+ s)/).isVisible()).toBe(true);
    await expect.poll(() => row('模拟上游').getByTestId('channel-response-time').textContent()).toMatch(/^(\d+ ms|\d+\.\d\d s)$/);
    const sent = up.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(sent.length).toBe(1);
    expect(sent[0].headers.authorization).toBe(`Bearer ${KEY}`);
    await screenshot('channel-02-list-tested-zh');
  });

  it('shows why and when an auto-disabled channel was turned off', async () => {
    side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    const [made] = await side.channels.create(systemActor, { name: '自动禁用的渠道', type: 43, key: 'sk-other-SECRET-1', models: 'deepseek-chat' });
    await side.em.fork().nativeUpdate(ChannelEntity, { id: made.id }, {
      status: 3, response_time: 6200, other_info: JSON.stringify({ status_reason: '响应时间 6.2 秒超过阈值 5 秒', status_time: 1_900_000_000 }),
    });
    await page.getByRole('button', { name: /刷\s*新/ }).click();
    await expect.poll(() => row('自动禁用的渠道').getByTestId('channel-status').textContent()).toBe('自动禁用');
    await row('自动禁用的渠道').getByTestId('channel-status').hover();
    await expect.poll(() => page.locator('.arco-tooltip').filter({ hasText: '原因：响应时间 6.2 秒超过阈值 5 秒' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.arco-tooltip').filter({ hasText: '时间：' }).isVisible()).toBe(true);
    await screenshot('channel-03-auto-disabled-tooltip-zh');
    await page.mouse.move(0, 0);
  });

  it('edits the channel (the key field stays empty) and renames it', async () => {
    await row('模拟上游').getByRole('button', { name: /编辑/ }).click();
    await page.waitForURL((u) => /\/channel\/edit\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByPlaceholder('便于识别该渠道的名称').inputValue()).toBe('模拟上游');
    expect(await page.getByTestId('channel-key').inputValue()).toBe('');
    await page.getByPlaceholder('便于识别该渠道的名称').fill('模拟上游二号');
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.waitForURL((u) => u.pathname === '/channel');
    await expect.poll(() => row('模拟上游二号').isVisible()).toBe(true);
  });

  it('disables the channel with the row switch', async () => {
    await row('模拟上游二号').locator('.arco-switch').click();
    await expect.poll(() => text('渠道已禁用').isVisible()).toBe(true);
    await expect.poll(() => row('模拟上游二号').getByTestId('channel-status').textContent()).toBe('已禁用');
  });

  it('shows the pages in English', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
    await page.reload();
    await expect.poll(() => row('模拟上游二号').getByTestId('channel-status').textContent()).toBe('Disabled');
    await expect.poll(() => text('Test all').isVisible()).toBe(true);
    await screenshot('channel-04-list-en');
    await row('模拟上游二号').getByRole('button', { name: /Edit/ }).click();
    await expect.poll(() => page.getByPlaceholder('A name to recognise this channel').inputValue()).toBe('模拟上游二号');
    await screenshot('channel-05-form-en');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === '/channel');
  });

  it('deletes the channel', async () => {
    await row('模拟上游二号').getByRole('button', { name: 'Delete' }).click();
    await page.locator('.arco-popconfirm').getByRole('button', { name: /OK|确定/ }).click();
    await expect.poll(() => text('Channel deleted').isVisible()).toBe(true);
    await expect.poll(() => row('模拟上游二号').isVisible()).toBe(false);
    await expect.poll(() => row('自动禁用的渠道').isVisible()).toBe(true);
  });

  it('ran without page errors and never received the key', () => {
    expect(errors).toEqual([]);
    expect(bodies.length).toBeGreaterThan(5);
    for (const b of bodies) expect(b).not.toContain(KEY);
  });
});
