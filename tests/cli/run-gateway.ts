// Runs the real CLI in a child process (node + tsx, no build needed) with pipes, i.e. without a terminal,
// the way a script or CI job would. The database comes from a freshDb() through GATEWAY_* variables.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestDb } from '../helpers/db.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Environment for a test gateway: its own data dir and database, English, no colours, no stray GATEWAY_*. */
export function gatewayEnv(db: TestDb, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GATEWAY_') && k !== 'LANG' && k !== 'LC_ALL') env[k] = v;
  return { ...env, GATEWAY_DATA_DIR: db.dataDir, GATEWAY_DATABASE_URL: db.url, GATEWAY_LANG: 'en', NO_COLOR: '1', ...extra };
}

export function spawnGateway(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
}

export function runGateway(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 20_000): Promise<CliResult> {
  const started = Date.now();
  const child = spawnGateway(args, env);
  // stdin stays open and empty: a command that wrongly waited for input would hang here until the timeout.
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gateway ${args.join(' ')} did not exit within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}
