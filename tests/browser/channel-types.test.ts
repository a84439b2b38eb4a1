/// <reference lib="dom" />
// The channel form's type handling in Chromium against the real `gateway serve` and a mock Azure upstream:
// the grouped type select, Azure (endpoint example, api-version, model list fetched with api-key), a custom
// channel, and types this gateway cannot relay (marked, warned, still savable); zh and en screenshots in
// /tmp/shots/channel-types/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, TEST_ADMIN, type GatewayProcess } from '../helpers/gateway-process.js';
import { sendJson, startUpstream, type MockUpstream } from '../helpers/upstream.js';

const AZURE_KEY = 'azure-browser-SECRET-0123456789';
const SHOTS = '/tmp/shots/channel-types';

describe('channel form: channel types in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let up: MockUpstream;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    up = await startUpstream();
    up.on('GET /openai/models', (req, res) =>
      req.headers['api-key'] === AZURE_KEY
        ? sendJson(res, 200, { object: 'list', data: [{ id: 'gpt-4o' }, { id: 'gpt-35-turbo' }, { id: 'text-embedding-3-small' }] })
        : sendJson(res, 401, { error: { code: '401', message: 'Access denied' } }));
    dataDir = mkdtempSync(join(tmpdir(), 'gw-channel-types-browser-'));
    gw = await startGatewayProcess({ dataDir });
    await setupAdmin(gw.url);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    errors = trackErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    expect(await gw?.stop()).toBe(0);
    await up?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Full-page shots from the top, so the sticky header stays where it belongs. */
  const shot = async (name: string, fullPage = true) => {
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
  };
  const typeSelect = () => page.getByTestId('channel-type');
  const option = (label: string) => page.locator('.arco-select-option').filter({ hasText: label }).first();
  /** Opens the type select, narrows it by a search and picks the option. */
  const chooseType = async (search: string, label: string) => {
    await typeSelect().click();
    await expect.poll(() => page.locator('.arco-select-popup').filter({ has: page.locator('.arco-select-group-title') }).isVisible()).toBe(true);
    await typeSelect().locator('input').fill(search);
    await option(label).click();
    await expect.poll(() => typeSelect().textContent()).toContain(label);
  };
  const placeholder = (testId: string) => page.getByTestId(testId).getAttribute('placeholder');
  /** Closes an open select by clicking outside it (the card title). */
  const closeSelect = async () => {
    await page.locator('.arco-card-header').first().click();
    await expect.poll(() => page.locator('.arco-select-popup').first().isVisible()).toBe(false);
  };

  it('signs in and shows every type, grouped, the unrelayed ones marked (zh)', async () => {
    await page.goto(`${gw.url}/login`);
    await page.getByPlaceholder('请输入用户名或邮箱').fill(TEST_ADMIN.username);
    await page.getByPlaceholder('请输入密码').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${gw.url}/channel/add`);
    await expect.poll(() => typeSelect().textContent()).toContain('OpenAI (1)');
    await typeSelect().click();
    await expect.poll(() => page.locator('.arco-select-group-title').allTextContents()).toEqual(['可转发', '旧类型（仍可转发）', '本网关不支持转发']);
    expect(await page.locator('.arco-select-option').count()).toBe(53);
    await shot('01-type-select-open-zh', false);
    // scroll the list down to the unrelayed group
    await page.locator('.arco-select-group-title').filter({ hasText: '本网关不支持转发' }).scrollIntoViewIfNeeded();
    expect(await option('百度文心千帆 (15)').textContent()).toBe('百度文心千帆 (15) · 不支持转发');
    expect(await option('百度文心千帆 (15)').evaluate((el) => getComputedStyle(el).color)).not.toBe(
      await option('DeepSeek (43)').evaluate((el) => getComputedStyle(el).color),
    );
    await shot('02-type-select-unrelayed-zh', false);
    await closeSelect();
  });

  it('Azure: endpoint example, API version default, key hint; fetches models with api-key; saves', async () => {
    await chooseType('Azure', 'Azure OpenAI (3)');
    expect(await placeholder('channel-base-url')).toBe('必填，例如 https://your-resource.openai.azure.com');
    expect(await placeholder('channel-other')).toBe('留空则使用 2024-12-01-preview');
    await expect.poll(() => page.getByText('API 版本', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Azure 资源「密钥和终结点」中的 KEY 1 或 KEY 2/).isVisible()).toBe(true);
    await page.getByPlaceholder('便于识别该渠道的名称').fill('Azure 东部');
    await page.getByTestId('channel-key').fill(AZURE_KEY);
    await page.getByTestId('channel-base-url').fill(up.url);
    await page.getByTestId('channel-other').fill('2025-04-01-preview');
    await page.getByRole('button', { name: /获取模型列表/ }).click();
    await expect.poll(() => page.getByText('已获取 3 个模型').isVisible()).toBe(true);
    const listed = up.requests.filter((r) => r.path === '/openai/models');
    expect(listed).toHaveLength(1);
    expect(listed[0].query.get('api-version')).toBe('2025-04-01-preview');
    expect(listed[0].headers['api-key']).toBe(AZURE_KEY);
    await shot('03-azure-form-zh');
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.waitForURL((u) => u.pathname === '/channel');
    const row = page.locator('tr').filter({ hasText: 'Azure 东部' }).first();
    await expect.poll(() => row.textContent()).toContain('Azure OpenAI');
  });

  it('a type this gateway cannot relay is warned about, has no model list button, and saves', async () => {
    await page.goto(`${gw.url}/channel/add`);
    await chooseType('百度', '百度文心千帆 (15) · 不支持转发');
    const warning = page.getByTestId('channel-type-warning');
    await expect.poll(() => warning.textContent()).toContain('本网关不能转发「百度文心千帆 (15)」类型的渠道');
    expect(await page.getByRole('button', { name: /获取模型列表/ }).count()).toBe(0);
    expect(await page.getByText('密钥格式：APIKey|SecretKey').isVisible()).toBe(true);
    await shot('04-unrelayed-warning-zh');
    await page.getByPlaceholder('便于识别该渠道的名称').fill('文心');
    await page.getByTestId('channel-key').fill('ak|sk');
    await page.getByPlaceholder('自定义模型，逗号分隔').fill('ernie-4.0');
    await page.getByText('添加', { exact: true }).click();
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.waitForURL((u) => u.pathname === '/channel');
    await expect.poll(() => page.locator('tr').filter({ hasText: '文心' }).first().textContent()).toContain('百度文心千帆');
  });

  it('in English: custom channel (URL as given), Ollama, and AWS Claude with the warning', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en-US'));
    await page.goto(`${gw.url}/channel/add`);
    await expect.poll(() => typeSelect().textContent()).toContain('OpenAI (1)');
    await typeSelect().click();
    await expect.poll(() => page.locator('.arco-select-group-title').allTextContents()).toEqual(['Relayed', 'Legacy (still relayed)', 'Not relayed by this gateway']);
    await shot('05-type-select-open-en', false);
    await closeSelect();

    await chooseType('Custom', 'Custom channel (8)');
    expect(await placeholder('channel-base-url')).toBe('Required, e.g. https://api.example.com/v1/chat/completions');
    await expect.poll(() => page.getByText(/The full request URL, used as given/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Fetch models/ }).count()).toBe(0);
    await shot('06-custom-form-en');

    await chooseType('Ollama', 'Ollama (4)');
    expect(await placeholder('channel-base-url')).toBe('Default: http://localhost:11434');
    await expect.poll(() => page.getByText(/the model list comes from \/api\/tags/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Fetch models/ }).count()).toBe(1);

    await chooseType('AWS', 'AWS Claude (33) · not relayed');
    await expect.poll(() => page.getByTestId('channel-type-warning').textContent()).toContain('This gateway cannot relay channels of type AWS Claude (33)');
    expect(await page.getByText('Format: AK|SK|Region, e.g. AKIA…|wJalr…|us-east-1').isVisible()).toBe(true);
    await shot('07-aws-warning-en');

    await chooseType('Azure', 'Azure OpenAI (3)');
    expect(await page.getByTestId('channel-type-warning').count()).toBe(0);
    await shot('08-azure-form-en');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
