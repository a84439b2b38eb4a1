/// <reference lib="dom" />
// Registration, e-mail codes, password reset and the human check in Chromium, against the real `gateway serve` with
// a local SMTP server and a stand-in for Turnstile (its script answered by the test, its siteverify a local server).
// Screenshots in zh and en land in /tmp/shots/register/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices, type Services } from '../../daemon/app/services.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { launchBrowser, trackErrors } from '../helpers/browser.js';
import { setupAdmin, startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { startFakeTurnstile, type FakeTurnstile } from '../helpers/turnstile.js';

const SHOTS = '/tmp/shots/register';

// What Cloudflare's api.js provides, as a button a person clicks; tokens start with "good-" so the fake siteverify
// accepts each once.
const FAKE_TURNSTILE_JS = `
window.turnstile = {
  n: 0, widgets: {},
  render(el, o) {
    const id = 'w' + (++this.n);
    const b = document.createElement('button');
    b.type = 'button'; b.className = 'fake-turnstile'; b.textContent = 'Verify you are human';
    b.style.cssText = 'width:100%;height:64px;border:1px solid #d9d9d9;background:#fafafa;border-radius:4px;cursor:pointer';
    b.onclick = () => { b.textContent = 'Success!'; o.callback('good-' + id + '-' + Date.now() + '-' + Math.random()); };
    el.appendChild(b);
    this.widgets[id] = b;
    return id;
  },
  reset(id) { const b = this.widgets[id]; if (b) b.textContent = 'Verify you are human'; },
  remove(id) { const b = this.widgets[id]; if (b) b.remove(); delete this.widgets[id]; },
};`;

const codeOf = (html: string) => /<strong>(\d{6})<\/strong>/.exec(html)?.[1] ?? '';

describe('register, reset and human check in Chromium', () => {
  let dataDir: string;
  let gw: GatewayProcess;
  let smtp: TestSmtp;
  let turnstile: FakeTurnstile;
  let side: Services;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  const shot = async (name: string) => {
    await page.waitForTimeout(300); // let toasts and transitions settle
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const text = (s: string | RegExp) => page.getByText(s).first();
  const user = (username: string) => side.em.fork().findOne(UserEntity, { username });
  /** Changes options from another process (as the CLI or a second instance would) and waits until the daemon sees them. */
  const setOptions = async (values: Record<string, string>, seen: (s: Record<string, unknown>) => boolean) => {
    await side.options.set(values);
    await expect
      .poll(async () => seen(((await (await fetch(`${gw.url}/api/status`)).json()) as { data: Record<string, unknown> }).data), { timeout: 10_000 })
      .toBe(true);
  };
  const newPage = async (lang: 'zh-CN' | 'en-US') => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gw.url });
    await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
    await context.route('https://challenges.cloudflare.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_TURNSTILE_JS }));
    page = await context.newPage();
    errors = trackErrors(page);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'gw-register-browser-'));
    smtp = await startSmtp();
    turnstile = await startFakeTurnstile('ts-secret', { acceptPrefix: 'good-' });
    gw = await startGatewayProcess({
      dataDir,
      env: { GATEWAY_RATE_LIMIT_CRITICAL_COUNT: '0', GATEWAY_TURNSTILE_VERIFY_URL: turnstile.url },
    });
    await setupAdmin(gw.url);
    side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
    await side.options.set({
      SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPFrom: 'noreply@gateway.test', ServerAddress: gw.url, SystemName: 'Test Gateway',
    });
    browser = await launchBrowser();
    await newPage('zh-CN');
  });
  afterAll(async () => {
    await browser?.close();
    await side?.close();
    expect(await gw?.stop()).toBe(0);
    await smtp?.close();
    await turnstile?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('zh: from the login page to /register, checks the fields, registers and signs in', async () => {
    await page.goto(`${gw.url}/login`);
    await expect.poll(() => text('忘记密码？').isVisible()).toBe(true);
    await shot('01-login-links-zh');
    await page.locator('.gc-auth-links').getByText('点击注册').click();
    await page.waitForURL((u) => u.pathname === '/register');
    await expect.poll(() => text('确认密码').isVisible()).toBe(true);
    expect(await page.getByText('验证码', { exact: true }).count()).toBe(0);
    await shot('02-register-empty-zh');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => text('请输入用户名和密码').isVisible()).toBe(true);
    await page.getByPlaceholder(/请输入用户名/).fill('xiaoming');
    await page.getByPlaceholder(/请输入密码，长度为/).fill('short');
    await page.getByPlaceholder('请再次输入密码').fill('short');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => text('密码长度不得小于 8 位').isVisible()).toBe(true);
    await shot('03-register-error-zh');
    await page.getByPlaceholder(/请输入密码，长度为/).fill('xiaoming-pass-1');
    await page.getByPlaceholder('请再次输入密码').fill('xiaoming-pass-1');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => text('注册成功').isVisible()).toBe(true);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await user('xiaoming')).toMatchObject({ display_name: 'xiaoming', email: '' });

    await page.getByPlaceholder('请输入用户名或邮箱').fill('xiaoming');
    await page.getByPlaceholder('请输入密码').fill('xiaoming-pass-1');
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => u.pathname === '/token');
  });

  it('en: registers through an invite link with an e-mail code (30 s resend countdown)', async () => {
    await setOptions({ EmailVerificationEnabled: 'true', QuotaForInviter: '500000', QuotaForInvitee: '100000' }, (s) => s.email_verification === true);
    const inviter = (await user('xiaoming'))!;
    await newPage('en-US');
    await page.goto(`${gw.url}/register?aff=${inviter.aff_code}`);
    await expect.poll(() => text('Verification code').isVisible()).toBe(true);
    await page.getByPlaceholder('Enter a username (at most 12 characters)').fill('emily');
    await page.getByPlaceholder('Enter a password, 8 to 20 characters').fill('emily-pass-1');
    await page.getByPlaceholder('Enter the password again').fill('emily-pass-1');
    await page.getByPlaceholder('Enter your email address').fill('Emily@Example.com');
    await page.getByTestId('send-code').click();
    await expect.poll(() => text('Verification code sent').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('send-code').textContent()).toMatch(/Resend \(\d+ s\)/);
    expect(await page.getByTestId('send-code').isDisabled()).toBe(true);
    const mail = await smtp.next('emily@example.com');
    expect(mail.subject).toBe('Test Gateway e-mail verification');
    await page.getByPlaceholder('Enter the code from the email').fill(codeOf(mail.html));
    await shot('04-register-code-sent-en');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => text('Registration succeeded').isVisible()).toBe(true);
    await page.waitForURL((u) => u.pathname === '/login');
    await shot('05-registered-en');
    expect(await user('emily')).toMatchObject({ email: 'emily@example.com', inviter_id: inviter.id, quota: 100000 });
    expect(await user('xiaoming')).toMatchObject({ aff_count: 1, aff_quota: 500000 });
  });

  it('en: resets a forgotten password through the e-mailed link', async () => {
    // Another account: emily's address just got a code, and one address gets one e-mail per 30 s.
    await side.em.fork().insert(UserEntity, { username: 'olivia', email: 'olivia@example.com', password: await hashPassword('forgotten-1'), aff_code: 'oliv', created_at: 1 });
    await page.goto(`${gw.url}/login`);
    await page.getByText('Forgot password?').click();
    await page.waitForURL((u) => u.pathname === '/reset');
    await page.getByPlaceholder('Enter your email address').fill('olivia@example.com');
    await shot('06-reset-request-en');
    await page.getByTestId('reset-send').click();
    await expect.poll(() => page.locator('.arco-alert').filter({ hasText: 'The reset email has been sent' }).isVisible()).toBe(true);
    await shot('07-reset-sent-en');
    const mail = await smtp.next('olivia@example.com');
    const href = /href="([^"]+)"/.exec(mail.html)![1].replace(/&amp;/g, '&');
    expect(href.startsWith(`${gw.url}/reset?email=`)).toBe(true);
    await page.goto(href);
    await expect.poll(() => text('Confirm password reset').isVisible()).toBe(true);
    await shot('08-reset-confirm-en');
    await page.getByTestId('reset-confirm').click();
    await expect.poll(() => text('Your new password').isVisible()).toBe(true);
    const password = await page.getByTestId('new-password').inputValue();
    expect(password).toMatch(/^[0-9a-zA-Z]{12}$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await shot('09-reset-done-en');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByPlaceholder('Enter your username or email').fill('olivia@example.com');
    await page.getByPlaceholder('Enter your password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL((u) => u.pathname === '/token');
  });

  it('zh: the human check must finish before registering and signing in', async () => {
    await setOptions(
      { EmailVerificationEnabled: 'false', TurnstileCheckEnabled: 'true', TurnstileSiteKey: 'site-key', TurnstileSecretKey: 'ts-secret' },
      (s) => s.turnstile_check === true && s.email_verification === false,
    );
    await newPage('zh-CN');
    await page.goto(`${gw.url}/register`);
    await expect.poll(() => page.locator('.fake-turnstile').isVisible()).toBe(true);
    await page.getByPlaceholder(/请输入用户名/).fill('lihua');
    await page.getByPlaceholder(/请输入密码，长度为/).fill('lihua-pass-12');
    await page.getByPlaceholder('请再次输入密码').fill('lihua-pass-12');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => text('请稍后几秒重试，正在检查用户环境').isVisible()).toBe(true);
    await shot('10-register-turnstile-zh');
    expect(await user('lihua')).toBeNull();
    await page.locator('.fake-turnstile').click();
    await page.getByTestId('register-submit').click();
    await expect.poll(() => text('注册成功').isVisible()).toBe(true);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(turnstile.calls.at(-1)).toMatchObject({ secret: 'ts-secret', remoteip: '127.0.0.1' });

    await page.getByPlaceholder('请输入用户名或邮箱').fill('lihua');
    await page.getByPlaceholder('请输入密码').fill('lihua-pass-12');
    await page.locator('.fake-turnstile').click();
    await shot('11-login-turnstile-zh');
    await page.getByRole('button', { name: /^登\s*录$/ }).last().click();
    await page.waitForURL((u) => u.pathname === '/token');
    expect(errors).toEqual([]);
  });
});
