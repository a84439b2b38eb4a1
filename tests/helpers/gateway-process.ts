// Runs the real `gateway serve` (compiled, and bin/gateway.js executed through its shebang with the node flags it
// names, as users run it) on a free port and a fresh data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { packageRoot } from '../../config/paths.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface GatewayProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startGatewayProcess(opts: { dataDir: string; databaseUrl?: string; env?: Record<string, string> }): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(join(packageRoot(), 'bin', 'gateway.js'), ['serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', opts.dataDir], {
    cwd: packageRoot(),
    env: {
      ...process.env,
      GATEWAY_DATABASE_URL: opts.databaseUrl ?? '',
      GATEWAY_LOG_LEVEL: 'warn',
      GATEWAY_RATE_LIMIT_API_COUNT: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}:\n${out}`);
    try {
      const r = await fetch(`${url}/api/status`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gateway did not start in 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

export const TEST_ADMIN = { username: 'admin', password: 'admin-pass-123' } as const;

/** Runs the first-run setup through the API, creating the administrator the browser tests sign in as. */
export async function setupAdmin(url: string): Promise<void> {
  const r = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...TEST_ADMIN, confirmPassword: TEST_ADMIN.password, SelfUseModeEnabled: false, DemoSiteEnabled: false }),
  });
  const body = (await r.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`setup failed: ${body.message}`);
}
