/// <reference lib="dom" />
// The operation, rate limit and models settings tabs in Chromium against the real `gateway serve`: as super admin
// (zh, then en) a ratio, a fixed price and a bulk setting are changed in the price tables and show up in the option
// list afterwards; logs are cleared; the rate limit and models tabs save; as agent (zh and en) only the agent-scope
// keys appear. Screenshots go to /tmp/shots/settings-operation/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices, type Services } from '../../daemon/app/services.js';
import { hashPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { launchBrowser, trackErrors } from '../helpers/browser.js';
import { freshDb, type TestDb } from '../helpers/db.js';
import { setupAdmin, startGatewayProcess, TEST_ADMIN, type GatewayProcess } from '../helpers/gateway-process.js';

const SHOTS = '/tmp/shots/settings-operation';

describe('operation, rate limit and models settings in Chromium', () => {
  let db: TestDb;
  let gw: GatewayProcess;
  let side: Services;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    mkdirSync(join(SHOTS, 'parts'), { recursive: true });
    // SQLite by default; GATEWAY_TEST_DB=postgresql runs the same flow on a fresh PostgreSQL database
    db = await freshDb();
    gw = await startGatewayProcess({ dataDir: db.dataDir, databaseUrl: db.url });
    await setupAdmin(gw.url);
    side = await createServices(loadConfig({ env: {}, overrides: { data_dir: db.dataDir, 'database.url': db.url, 'log.level': 'silent' } }));
    await side.em.fork().insert(UserEntity, {
      username: 'agnes', password: await hashPassword('agnes-pass-123'), role: 10, status: 1, created_at: 1,
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await side?.close();
    expect(await gw?.stop()).toBe(0);
    await db?.drop();
  });

  /** The whole page, plus slices of one screen height for looking at a long tab. */
  const shot = async (name: string) => {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, i = 1; y < height && height > 1100; y += 1100, i++)
      await page.screenshot({ path: join(SHOTS, 'parts', `${name}-${i}.png`), fullPage: true, clip: { x: 0, y, width: 1400, height: Math.min(1100, height - y) } });
  };
  const text = (s: string | RegExp) => page.getByText(s).first();
  const row = (name: string) => page.locator('tr').filter({ has: page.getByText(name, { exact: true }) }).first();
  /** A call from the signed-in page, with the user header the console sends. */
  const call = <T>(method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ([m, p, b]) => {
        const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number };
        const r = await fetch(p as string, {
          method: m as string,
          headers: { 'New-Api-User': String(user.id), 'Content-Type': 'application/json' },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return (await r.json()) as { success: boolean; message: string; data: unknown };
      },
      [method, path, body] as const,
    ) as Promise<{ success: boolean; message: string; data: T }>;
  const options = async (path = '/api/option/all') => {
    const r = await call<Array<{ key: string; value: string }>>('GET', path);
    expect(r.success).toBe(true);
    return Object.fromEntries(r.data.map((o) => [o.key, o.value]));
  };
  const table = async (key: string) => JSON.parse((await options())[key]) as Record<string, number>;

  async function signIn(username: string, password: string) {
    await context.clearCookies();
    await page.goto(`${gw.url}/login`);
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('i18nextLng', 'zh-CN');
    });
    await page.reload();
    await page.getByPlaceholder('请输入用户名或邮箱').fill(username);
    await page.getByPlaceholder('请输入密码').fill(password);
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => u.pathname !== '/login');
  }

  it('admin: the operation tab in Chinese with every section', async () => {
    await signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const created = await call('POST', '/api/channel/', { name: 'ops', type: 1, key: 'sk-test', models: 'gpt-4o-mini,unpriced-alpha,unpriced-beta' });
    expect(created.success).toBe(true);
    await page.goto(`${gw.url}/setting?tab=operation`);
    await expect.poll(() => page.getByTestId('operation-tab').isVisible()).toBe(true);
    for (const title of ['通用设置', '绘图设置', '屏蔽词过滤设置', '日志设置', '数据看板设置', '监控设置', '额度设置', '倍率设置'])
      await expect.poll(() => text(title).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: '速率限制设置' }).isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await shot('01-operation-admin-zh');
  });

  it('admin: a switch saves at once, a section only what changed', async () => {
    await page.getByRole('switch', { name: '启用绘图功能（Midjourney）' }).click();
    await expect.poll(() => text('保存成功').isVisible()).toBe(true);
    await expect.poll(async () => (await options()).DrawingEnabled).toBe('false');
    await page.getByTestId('save-monitoring').click();
    await expect.poll(() => text('你似乎并没有修改什么').isVisible()).toBe(true);
    await page.getByRole('button', { name: '5,000,000' }).click();
    await page.getByTestId('save-monitoring').click();
    await expect.poll(async () => (await options()).QuotaRemindThreshold).toBe('5000000');
  });

  it('admin: a ratio changed in the visual editor shows up in the option list', async () => {
    await page.getByRole('tab', { name: '可视化倍率设置' }).click();
    await expect.poll(() => page.getByTestId('ratio-visual').isVisible()).toBe(true);
    await page.getByPlaceholder('搜索模型名称').fill('gpt-4o-mini');
    await expect.poll(() => row('gpt-4o-mini').isVisible()).toBe(true);
    const ratio = row('gpt-4o-mini').getByLabel('gpt-4o-mini 模型倍率', { exact: true });
    await ratio.fill('0.2');
    await page.waitForTimeout(300);
    await shot('02-visual-ratio-zh');
    await page.getByTestId('ratio-visual-apply').click();
    await expect.poll(async () => (await table('ModelRatio'))['gpt-4o-mini']).toBe(0.2);
    // a fixed price clears the ratios, in the browser and in the stored tables
    await row('gpt-4o-mini').getByLabel('gpt-4o-mini 模型固定价格（美元/次）').fill('0.01');
    await expect.poll(() => ratio.inputValue()).toBe('');
    expect(await ratio.isDisabled()).toBe(true);
    await page.getByTestId('ratio-visual-apply').click();
    await expect.poll(async () => (await table('ModelPrice'))['gpt-4o-mini']).toBe(0.01);
    const after = await options();
    expect(JSON.parse(after.ModelRatio)['gpt-4o-mini']).toBeUndefined();
    expect(JSON.parse(after.CompletionRatio)['gpt-4o-mini']).toBeUndefined();
  });

  it('admin: unset models are priced in bulk and leave the list', async () => {
    await page.getByRole('tab', { name: '未设置倍率模型' }).click();
    await expect.poll(() => row('unpriced-alpha').isVisible()).toBe(true);
    expect(await row('unpriced-beta').isVisible()).toBe(true);
    await row('unpriced-alpha').locator('.arco-checkbox').click();
    await row('unpriced-beta').locator('.arco-checkbox').click();
    await page.getByTestId('ratio-unset-batch').click();
    const form = page.getByTestId('batch-form');
    await form.getByRole('textbox', { name: '模型倍率' }).fill('3');
    await page.waitForTimeout(300);
    await shot('03-unset-batch-zh');
    await page.locator('.arco-modal').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => text(/批量设置成功/).isVisible()).toBe(true);
    await page.getByTestId('ratio-unset-apply').click();
    await expect.poll(() => text('所有已启用的模型都已设置价格或倍率').isVisible()).toBe(true);
    const ratios = await table('ModelRatio');
    expect([ratios['unpriced-alpha'], ratios['unpriced-beta']]).toEqual([3, 3]);
    await page.waitForTimeout(300);
    await shot('04-unset-empty-zh');
  });

  it('admin: clears logs before the default time after a confirmation', async () => {
    await page.getByTestId('logs-clear').click();
    await page.locator('.arco-modal').getByRole('button', { name: '确认' }).click();
    await expect.poll(() => text(/已清理 \d+ 条日志/).isVisible()).toBe(true);
  });

  it('admin: rate limit and models tabs save what changed', async () => {
    await page.getByRole('tab', { name: '速率限制设置' }).click();
    await expect.poll(() => page.getByTestId('ratelimit-tab').isVisible()).toBe(true);
    await page.getByRole('switch', { name: /启用用户模型请求速率限制/ }).click();
    await expect.poll(async () => (await options()).ModelRequestRateLimitEnabled).toBe('true');
    await page.getByLabel('用户每周期最多请求完成次数').fill('60');
    await page.getByTestId('save-model-request').click();
    await expect.poll(async () => (await options()).ModelRequestRateLimitSuccessCount).toBe('60');
    await shot('05-ratelimit-zh');

    await page.getByRole('tab', { name: '模型相关设置' }).click();
    await expect.poll(() => page.getByTestId('models-tab').isVisible()).toBe(true);
    await page.getByLabel('Gemini 安全设置').fill('{"default": "BLOCK_NONE"');
    await page.getByTestId('save-gemini').click();
    await expect.poll(() => text('Gemini 安全设置: 不是合法的 JSON 字符串').isVisible()).toBe(true);
    await page.getByLabel('Gemini 安全设置').fill('{"default": "BLOCK_NONE"}');
    await page.getByLabel('心跳间隔（秒）').fill('30');
    await page.getByTestId('save-global').click();
    await expect.poll(async () => (await options())['general_setting.ping_interval_seconds']).toBe('30');
    await page.getByTestId('save-gemini').click();
    await expect.poll(async () => JSON.parse((await options())['gemini.safety_settings'])).toEqual({ default: 'BLOCK_NONE' });
    await page.waitForTimeout(300);
    await shot('06-models-zh');
  });

  it('admin: the tabs in English', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
    await page.goto(`${gw.url}/setting?tab=operation`);
    await expect.poll(() => text('Ratio settings').isVisible()).toBe(true);
    await expect.poll(() => text('Quota per US dollar').isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await shot('07-operation-admin-en');
    await page.getByRole('tab', { name: 'Visual ratio editor' }).click();
    await page.getByPlaceholder('Search model name').fill('gpt-4o-mini');
    await expect.poll(() => row('gpt-4o-mini').isVisible()).toBe(true);
    await page.getByRole('button', { name: /Add model/ }).click();
    await page.getByTestId('add-model-form').getByRole('textbox', { name: 'Model name' }).fill('gpt-4o-mini');
    await page.getByTestId('add-model-form').getByRole('textbox', { name: 'Model ratio' }).fill('1');
    await page.locator('.arco-modal').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => text('Model name already exists').isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await shot('08-visual-add-en');
    await page.locator('.arco-modal').getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${gw.url}/setting?tab=ratelimit`);
    await expect.poll(() => text('Model request rate limit').isVisible()).toBe(true);
    await shot('09-ratelimit-en');
    await page.goto(`${gw.url}/setting?tab=models`);
    await expect.poll(() => text('Claude settings').isVisible()).toBe(true);
    await shot('10-models-en');
  });

  it('agent: only its white-label keys (links, side menu), in Chinese and English', async () => {
    await signIn('agnes', 'agnes-pass-123');
    await page.goto(`${gw.url}/setting?tab=operation`);
    await expect.poll(() => page.getByTestId('operation-tab').isVisible()).toBe(true);
    await expect.poll(() => text('通用设置').isVisible()).toBe(true);
    expect(await page.getByLabel('充值链接').count()).toBe(1);
    expect(await page.getByText('倍率设置').count()).toBe(0);
    expect(await page.getByLabel('单位美元额度').count()).toBe(0);
    expect(await page.getByTestId('logs-clear').count()).toBe(0);
    expect(await page.getByRole('switch', { name: '启用绘图功能（Midjourney）' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: '速率限制设置' }).count()).toBe(0);
    await page.getByRole('switch', { name: '默认折叠侧边栏' }).click();
    await expect.poll(async () => (await options('/api/option/agent')).DefaultCollapseSidebar).toBe('true');
    await page.waitForTimeout(300);
    await shot('11-operation-agent-zh');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
    await page.reload();
    await expect.poll(() => text('General settings').isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await shot('12-operation-agent-en');
    // the admin-only tabs fall back to personal
    await page.goto(`${gw.url}/setting?tab=models`);
    await expect.poll(() => page.getByRole('tab', { name: 'Personal settings' }).isVisible()).toBe(true);
    expect(await page.getByTestId('models-tab').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
