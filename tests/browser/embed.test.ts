/// <reference lib="dom" />
// The console library as another portal would use it: `npm pack` the workspace, install the tarball into a
// separate host page, build that page with Vite, serve it from its own origin, and sign in through it.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../config/paths.js';
import { launchBrowser, screenshot, trackErrors } from '../helpers/browser.js';
import { freePort, setupAdmin, startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';

const HOST_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Host portal</title></head>
<body style="margin:0"><header id="host-header" style="padding:12px;background:#123;color:#fff">Host portal</header>
<div id="gw" style="height:calc(100vh - 44px)"></div><script type="module" src="./main.js"></script></body></html>`;
const HOST_MAIN = `import { mountConsole } from '@gateway/console';
import '@gateway/console/style.css';
window.__handle = mountConsole(document.getElementById('gw'), { apiBase: __GATEWAY_URL__, basePath: '/portal', locale: 'en-US', theme: 'light' });`;

function serveStatic(dir: string, port: number): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = join(dir, (req.url ?? '/').split('?')[0]);
    const file = existsSync(path) && extname(path) ? path : join(dir, 'index.html'); // SPA fallback for /portal/*
    res.setHeader('Content-Type', types[extname(file)] ?? 'application/octet-stream');
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('the console library embedded in another site', () => {
  const root = packageRoot();
  const hostDir = join(root, 'tests', '.artifacts', 'embed-host'); // inside the repo: react etc. resolve from its node_modules
  let dataDir: string;
  let gw: GatewayProcess;
  let host: Server;
  let hostUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    rmSync(hostDir, { recursive: true, force: true });
    const pkgDir = join(hostDir, 'node_modules', '@gateway', 'console');
    mkdirSync(pkgDir, { recursive: true });
    const packDir = mkdtempSync(join(tmpdir(), 'gw-pack-'));
    const out = execFileSync('npm', ['pack', '-w', 'console', '--pack-destination', packDir, '--json'], { cwd: root, encoding: 'utf8' });
    const tarball = join(packDir, JSON.parse(out)[0].filename);
    execFileSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1']);
    writeFileSync(join(hostDir, 'index.html'), HOST_HTML);
    writeFileSync(join(hostDir, 'main.js'), HOST_MAIN);

    const hostPort = await freePort();
    hostUrl = `http://127.0.0.1:${hostPort}`;
    dataDir = mkdtempSync(join(tmpdir(), 'gw-embed-'));
    gw = await startGatewayProcess({ dataDir, env: { GATEWAY_CONSOLE_EMBED_ORIGINS: hostUrl } });
    await setupAdmin(gw.url);
    await build({
      root: hostDir,
      logLevel: 'silent',
      configFile: false,
      define: { __GATEWAY_URL__: JSON.stringify(gw.url) },
      build: { outDir: join(hostDir, 'dist'), emptyOutDir: true },
    });
    host = await serveStatic(join(hostDir, 'dist'), hostPort);
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    host?.close();
    expect(await gw?.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('packs only the built library', () => {
    expect(existsSync(join(hostDir, 'node_modules/@gateway/console/dist-lib/gateway-console.js'))).toBe(true);
    expect(existsSync(join(hostDir, 'node_modules/@gateway/console/dist-lib/lib.d.ts'))).toBe(true);
    expect(existsSync(join(hostDir, 'node_modules/@gateway/console/src'))).toBe(false);
  });

  it('renders inside the host page, talks to the gateway across origins, and signs in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = trackErrors(page);
    await page.goto(`${hostUrl}/portal/login`);
    await expect.poll(() => page.locator('#host-header').textContent()).toBe('Host portal');
    await expect.poll(() => page.locator('#gw').getByText('Username or email').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // the status came from the gateway (another origin) and the library left the host's <body> alone
    await expect.poll(() => page.locator('#gw').getByText('New API').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).toBeNull();
    await page.getByPlaceholder('Enter your username or email').fill('admin');
    await page.getByPlaceholder('Enter your password').fill('admin-pass-123');
    await page.locator('#gw').getByRole('button', { name: 'Log in' }).last().click();
    await expect.poll(() => page.getByTestId('user-menu').textContent(), { timeout: 10_000 }).toContain('admin');
    expect(new URL(page.url()).pathname.startsWith('/portal')).toBe(true);
    await page.goto(`${hostUrl}/portal/setting`);
    await expect.poll(() => page.locator('#gw').getByText('Root User').isVisible()).toBe(true);
    await screenshot(page, '20-embedded-in-host');
    await page.evaluate(() => (window as unknown as { __handle: { unmount(): void } }).__handle.unmount());
    expect(await page.locator('#gw').innerHTML()).toBe('');
    expect(errors).toEqual([]);
  });
});
