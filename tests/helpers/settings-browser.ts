// Shared set-up of the settings browser tests: a real `gateway serve` on a fresh data directory with its admin, an
// agent written straight into the database by a second process, sign-in through the API inside the page (the
// login screen has its own test), screenshots under /tmp/shots/<feature>/ and reads of what the server stored.
/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { hashPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { launchBrowser, trackErrors } from './browser.js';
import { TEST_ADMIN, setupAdmin, startGatewayProcess, type GatewayProcess } from './gateway-process.js';

export const TEST_AGENT = { username: 'agent1', password: 'agent-pass-123' } as const;

export interface SettingsRig {
  gw: GatewayProcess;
  browser: Browser;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function startSettingsRig(name: string): Promise<SettingsRig> {
  const dataDir = mkdtempSync(join(tmpdir(), `gw-${name}-`));
  const gw = await startGatewayProcess({ dataDir });
  await setupAdmin(gw.url);
  const side = await createServices(loadConfig({ env: {}, overrides: { data_dir: dataDir, 'log.level': 'silent' } }));
  await side.em.fork().insert(UserEntity, {
    username: TEST_AGENT.username, password: await hashPassword(TEST_AGENT.password), role: 10, status: 1, created_at: 1,
  });
  await side.close();
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const errors = trackErrors(page);
  return {
    gw, browser, page, errors,
    async close() {
      await browser.close();
      expect(await gw.stop()).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API from the page (cookie + the stored user the console reads), in the given language. */
export async function signInAs(rig: Pick<SettingsRig, 'page' | 'gw'>, who: { username: string; password: string }, lang: 'zh-CN' | 'en-US'): Promise<void> {
  const { page, gw } = rig;
  await page.context().clearCookies();
  await page.goto(`${gw.url}/login`);
  const ok = await page.evaluate(async ({ who, lang }) => {
    localStorage.clear();
    localStorage.setItem('i18nextLng', lang);
    const r = await fetch('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
    const body = (await r.json()) as { success: boolean; data: unknown };
    if (body.success) localStorage.setItem('user', JSON.stringify(body.data));
    return body.success;
  }, { who, lang });
  expect(ok).toBe(true);
}

export const signInAdmin = (rig: SettingsRig, lang: 'zh-CN' | 'en-US') => signInAs(rig, TEST_ADMIN, lang);
export const signInAgent = (rig: SettingsRig, lang: 'zh-CN' | 'en-US') => signInAs(rig, TEST_AGENT, lang);

/** Opens /setting?tab=… and waits for the tab's sections. */
export async function openTab(rig: SettingsRig, tab: string): Promise<void> {
  await rig.page.goto(`${rig.gw.url}/setting?tab=${tab}`);
  await rig.page.getByTestId(`${tab}-tab`).waitFor();
  await rig.page.waitForTimeout(300); // let fonts and cards settle before a screenshot
}

/** A screenshot of the whole page, or of what the window shows (dialogs) when `fullPage` is false. */
export async function shot(page: Page, feature: string, name: string, fullPage = true): Promise<string> {
  const dir = join('/tmp/shots', feature);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** GET from the page with the signed-in user's header, as the console does. */
export async function apiGet<T = unknown>(page: Page, path: string): Promise<T> {
  return apiCall<T>(page, 'GET', path);
}

/** A call from the signed-in page, as the console makes it; its data, or an error naming the server's message. */
export async function apiCall<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(async ({ method, path, body }) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
    const headers: Record<string, string> = user.id ? { 'New-Api-User': String(user.id) } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const b = (await r.json()) as { success: boolean; message: string; data: unknown };
    if (!b.success) throw new Error(`${method} ${path}: ${b.message}`);
    return b.data;
  }, { method, path, body }) as Promise<T>;
}

export const publicStatus = (page: Page) => apiGet<Record<string, unknown>>(page, '/api/status');

/** /api/status as a visitor of the site sees it (no cookie): the site's values, never an agent's white-label ones. */
export const siteStatus = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/status', { credentials: 'omit' })).json()) as { data: Record<string, unknown> }).data);

/** The stored value of one option as the admin list shows it (secrets masked). */
export async function optionOf(page: Page, key: string): Promise<{ key: string; value: string; secret_set?: boolean } | undefined> {
  const list = await apiGet<Array<{ key: string; value: string; secret_set?: boolean }>>(page, '/api/option/all');
  return list.find((o) => o.key === key);
}
