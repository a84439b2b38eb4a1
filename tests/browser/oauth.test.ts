/// <reference lib="dom" />
// Third-party sign-in and binding in Chromium against the real `gateway serve` and a local fake GitHub / LinuxDO /
// WeChat server: the login page's buttons, the round trip through the provider's authorize page to /oauth/github,
// the WeChat code dialog, Telegram (the widget's callback, fed signed data), the bindings card, and a failed
// callback; zh and en, with screenshots in /tmp/shots/oauth.
import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { launchBrowser, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, TEST_ADMIN, type GatewayProcess } from '../helpers/gateway-process.js';
import { apiGet, shot } from '../helpers/settings-browser.js';
import { hashPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { AgentEntity } from '../../daemon/modules/agent/agent.entity.js';
import { startFakeOAuth, type FakeOAuth } from '../helpers/fake-oauth.js';

const BOT_TOKEN = '777000:browser-test-bot';
/** An agent's white-label domain, resolved to this machine by Chromium's host rules. */
const AGENT_DOMAIN = 'agent-o.test';

describe('third-party sign-in and binding in Chromium', () => {
  let dataDir: string;
  let fake: FakeOAuth;
  let gw: GatewayProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let agentId = 0;

  const text = (s: string | RegExp) => page.getByText(s).first();
  /** A screenshot of one element (the sticky header would land mid-page in a full-page shot of a scrolled page). */
  const shotOf = async (el: Locator, name: string) => {
    mkdirSync('/tmp/shots/oauth', { recursive: true });
    await el.screenshot({ path: `/tmp/shots/oauth/${name}.png` });
  };
  const storedUser = () => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number; username: string } | null);
  const fresh = async (lang: 'zh-CN' | 'en-US') => {
    await page.context().clearCookies();
    await page.goto(`${gw.url}/login`);
    await page.evaluate((lang) => {
      localStorage.clear();
      localStorage.setItem('i18nextLng', lang);
    }, lang);
    await page.goto(`${gw.url}/login`);
  };
  const signInWithPassword = async () => {
    const ok = await page.evaluate(async (who) => {
      const r = await fetch('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
      const body = (await r.json()) as { success: boolean; data: unknown };
      if (body.success) localStorage.setItem('user', JSON.stringify(body.data));
      return body.success;
    }, TEST_ADMIN);
    expect(ok).toBe(true);
  };
  const signedTelegram = (fields: Record<string, string | number>) => {
    const text = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n');
    const hash = createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest()).update(text).digest('hex');
    return { ...fields, hash };
  };
  /** What Telegram's widget does after the person confirms: call the page's callback with the signed fields. */
  const telegramConfirms = (user: Record<string, unknown>) =>
    page.evaluate((user) => {
      const script = document.querySelector('script[data-telegram-login]');
      const name = (script?.getAttribute('data-onauth') ?? '').replace(/\(user\)$/, '');
      (window as unknown as Record<string, (u: unknown) => void>)[name](user);
    }, user);

  beforeAll(async () => {
    fake = await startFakeOAuth();
    dataDir = mkdtempSync(join(tmpdir(), 'gw-oauth-browser-'));
    const env: Record<string, string> = { GATEWAY_RATE_LIMIT_CRITICAL_COUNT: '0' };
    for (const [k, v] of Object.entries(fake.config())) env[`GATEWAY_${k.replace(/\./g, '_').toUpperCase()}`] = v;
    gw = await startGatewayProcess({ dataDir, env });
    fake.callbackOrigin = gw.url;
    await setupAdmin(gw.url);
    // Options written beside the running gateway, as the CLI would; it picks them up at its next cache check.
    const side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    await side.options.set({
      ServerAddress: gw.url,
      GitHubOAuthEnabled: 'true', GitHubClientId: fake.clients.github.id, GitHubClientSecret: fake.clients.github.secret,
      LinuxDOOAuthEnabled: 'true', LinuxDOClientId: fake.clients.linuxdo.id, LinuxDOClientSecret: fake.clients.linuxdo.secret,
      WeChatAuthEnabled: 'true', WeChatServerAddress: fake.url, WeChatServerToken: fake.wechatToken,
      WeChatAccountQRCodeImageURL: `${fake.url}/wechat/qr.svg`,
      TelegramOAuthEnabled: 'true', TelegramBotName: 'gateway_test_bot', TelegramBotToken: BOT_TOKEN,
    });
    const em = side.em.fork();
    agentId = Number(await em.insert(UserEntity, { username: 'agent_o', password: await hashPassword('agent-o-pass-1'), role: 10, status: 1, created_at: 1 }));
    await em.insert(AgentEntity, { agent_id: agentId, domain: AGENT_DOMAIN, agent_agent_id: 0, level: 10, created_at: 1 });
    await side.epochs.bump('agents');
    await side.close();
    for (let tries = 0; ; tries++) {
      const status = (await (await fetch(`${gw.url}/api/status`)).json()) as { data: { github_oauth: boolean } };
      if (status.data.github_oauth) break;
      if (tries > 100) throw new Error('the gateway did not pick up the options');
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await launchBrowser([`--host-resolver-rules=MAP ${AGENT_DOMAIN} 127.0.0.1`]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    if (gw) expect(await gw.stop()).toBe(0);
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('zh: the login page offers GitHub, LinuxDO, WeChat and Telegram', async () => {
    await fresh('zh-CN');
    await expect.poll(() => page.getByRole('button', { name: '使用 GitHub 登录' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: '使用 LinuxDO 登录' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: '使用微信登录' }).isVisible()).toBe(true);
    expect(await page.locator('script[data-telegram-login="gateway_test_bot"]').count()).toBe(1);
    await shot(page, 'oauth', '01-login-zh');
  });

  it('zh: signs in through GitHub’s authorize page and lands on /token as a new user', async () => {
    fake.nextUser.github = { id: 9001, login: 'octo', name: '章鱼猫' };
    await page.getByRole('button', { name: '使用 GitHub 登录' }).click();
    await page.waitForURL((u) => u.pathname === '/token', { timeout: 15_000 });
    await expect.poll(() => text('登录成功！').isVisible()).toBe(true);
    const user = await storedUser();
    expect(user?.username).toBe(`github_${user?.id}`);
    // the authorize page got our client id and a state; the callback page passed both back
    const authorize = fake.requests.find((r) => r.path.startsWith('/github/authorize'))!;
    const q = new URL(authorize.path, fake.url).searchParams;
    expect(q.get('client_id')).toBe('gh-client');
    expect(q.get('state')).toMatch(/^[\w-]{43}$/);
    await shot(page, 'oauth', '02-github-signed-in-zh');
  });

  it('en: signs in with LinuxDO (redirect_uri from the server address)', async () => {
    await fresh('en-US');
    fake.nextUser.linuxdo = { id: 77, username: 'neo', name: 'Neo' };
    await expect.poll(() => page.getByRole('button', { name: 'Sign in with LinuxDO' }).isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await shot(page, 'oauth', '01-login-en');
    await page.getByRole('button', { name: 'Sign in with LinuxDO' }).click();
    await page.waitForURL((u) => u.pathname === '/token', { timeout: 15_000 });
    await expect.poll(() => text('Login successful!').isVisible()).toBe(true);
    expect((await storedUser())?.username).toMatch(/^linuxdo_\d+$/);
    const authorize = fake.requests.filter((r) => r.path.startsWith('/linuxdo/authorize')).at(-1)!;
    expect(new URL(authorize.path, fake.url).searchParams.get('redirect_uri')).toBe(`${gw.url}/oauth/linuxdo`);
  });

  it('en: WeChat shows the QR code dialog and signs in with the code', async () => {
    await fresh('en-US');
    await page.getByRole('button', { name: 'Sign in with WeChat' }).click();
    const dialog = page.locator('.arco-modal');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByAltText('Official account QR code').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await shot(page, 'oauth', '03-wechat-dialog-en', false);
    await dialog.getByPlaceholder('Enter the verification code').fill('000000');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => text('The WeChat server answered: 验证码错误或已过期').isVisible()).toBe(true);
    fake.wechatCodes.set('482913', 'wx-browser-user');
    await dialog.getByPlaceholder('Enter the verification code').fill('482913');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/token', { timeout: 15_000 });
    expect((await storedUser())?.username).toMatch(/^wechat_\d+$/);
  });

  it('zh: a refused callback shows the reason, then goes on to the login page', async () => {
    await fresh('zh-CN');
    await page.goto(`${gw.url}/oauth/github?code=whatever&state=not-issued-here`);
    await expect.poll(() => text('操作失败，重定向至登录界面中...').isVisible()).toBe(true);
    await expect.poll(() => text('登录状态无效、已过期或已被使用，请重新发起登录').isVisible()).toBe(true);
    await shot(page, 'oauth', '04-callback-failed-zh');
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
  });

  it('en: the bindings card binds GitHub through the provider and WeChat through the dialog', async () => {
    await fresh('en-US');
    await signInWithPassword();
    await page.goto(`${gw.url}/setting`);
    const card = page.getByTestId('bindings-card');
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('binding-github').textContent()).toContain('Not bound');
    await shotOf(card, '05-bindings-en');
    fake.nextUser.github = { id: 4242, login: 'admin-gh' };
    await page.getByTestId('binding-github').getByRole('button', { name: 'Bind' }).click();
    await page.waitForURL((u) => u.pathname === '/setting', { timeout: 15_000 });
    await expect.poll(() => text('Binding successful!').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('binding-github').textContent()).toContain('4242');
    expect((await storedUser())?.username).toBe(TEST_ADMIN.username); // still the same sign-in
    fake.wechatCodes.set('730015', 'wx-admin');
    await page.getByTestId('binding-wechat').getByRole('button', { name: 'Bind' }).click();
    const dialog = page.locator('.arco-modal');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByPlaceholder('Enter the verification code').fill('730015');
    await dialog.getByRole('button', { name: 'Bind' }).click();
    await expect.poll(() => page.getByTestId('binding-wechat').textContent()).toContain('wx-admin');
    await page.waitForTimeout(400);
    await shotOf(page.getByTestId('bindings-card'), '06-bound-en');
  });

  it('zh: binds Telegram through the widget’s callback, then signs in with it', async () => {
    await fresh('zh-CN');
    await signInWithPassword();
    await page.goto(`${gw.url}/setting`);
    await expect.poll(() => page.getByTestId('bindings-card').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.locator('[data-testid="binding-telegram"] script[data-telegram-login]').count()).toBe(1);
    const now = Math.floor(Date.now() / 1000);
    await telegramConfirms(signedTelegram({ id: 123456789, first_name: 'Admin', username: 'admin_tg', auth_date: now }));
    await expect.poll(() => text('绑定成功！').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('binding-telegram').textContent()).toContain('123456789');
    await page.waitForTimeout(400);
    await shotOf(page.getByTestId('bindings-card'), '07-bindings-zh');
    await fresh('zh-CN');
    await expect.poll(() => page.locator('script[data-telegram-login]').count()).toBe(1);
    await telegramConfirms(signedTelegram({ id: 123456789, first_name: 'Admin', username: 'admin_tg', auth_date: now }));
    await page.waitForURL((u) => u.pathname === '/token', { timeout: 15_000 });
    expect((await storedUser())?.username).toBe(TEST_ADMIN.username);
  });

  it("zh: a GitHub sign-up begun on an agent's domain comes back through the site's address and finishes on the agent's domain, as its sub-user", async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const v = await visitor.newPage();
    const vErrors = trackErrors(v);
    const agentOrigin = `http://${AGENT_DOMAIN}:${new URL(gw.url).port}`;
    await v.goto(`${agentOrigin}/login`);
    await v.evaluate(() => localStorage.setItem('i18nextLng', 'zh-CN'));
    await v.reload();
    fake.nextUser.github = { id: 9100, login: 'octo-agent', name: 'Agent Octo' };
    const before = fake.requests.length;
    await v.getByRole('button', { name: '使用 GitHub 登录' }).click();
    // the provider knows only the site's address: the browser passes through it, then goes on to the agent's domain
    await v.waitForURL((u) => u.host === new URL(agentOrigin).host && u.pathname === '/token', { timeout: 15_000 });
    await expect.poll(() => v.getByText('登录成功！').first().isVisible()).toBe(true);
    const authorize = fake.requests.slice(before).find((r) => r.path.startsWith('/github/authorize'))!;
    expect(new URL(authorize.path, fake.url).searchParams.get('state')).toMatch(new RegExp(`^[\\w-]{43}~${AGENT_DOMAIN.replace('.', '\\.')}$`));
    const signedIn = await v.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number; username: string } | null);
    expect(signedIn?.username).toBe(`github_${signedIn?.id}`);
    await shot(v, 'oauth', '08-agent-domain-github-zh');
    expect(vErrors).toEqual([]);
    await visitor.close();
    // the new account is the agent's sub-user
    await fresh('zh-CN');
    await signInWithPassword();
    const made = await apiGet<{ agent_id: number }>(page, `/api/user/${signedIn!.id}`);
    expect(made.agent_id).toBe(agentId);
  });

  it('ran without page errors', () => {
    expect(errors.filter((e) => !/telegram\.org|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/.test(e))).toEqual([]);
  });
});
