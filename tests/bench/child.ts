// The parent's handle on a benchmark server process: forks it, waits for its ready message, sends commands over
// IPC and stops it. Every wait has a time limit.
// The servers run as plain JavaScript under plain node, as in production: compile() bundles each entry with esbuild
// (dependencies left to node_modules) into tests/.artifacts/bench-build. tsx's loader would add a module-hooks
// thread and ~45 MB to every process's RSS. BENCH_TSX=1 (or no esbuild) runs the .ts sources under tsx instead.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildStats } from './child-stats.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Bundles the entries (in `fromDir`, this folder by default); returns the compiled file of each, or null to run the sources under tsx. */
export async function compile(entries: string[], outDir: string, fromDir = here): Promise<Record<string, string> | null> {
  if (process.env.BENCH_TSX === '1') return null;
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  const out: Record<string, string> = {};
  await Promise.all(entries.map(async (entry) => {
    const file = join(outDir, entry.replace(/\.ts$/, '.mjs'));
    await esbuild.build({
      entryPoints: [join(fromDir, entry)], outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node20',
      packages: 'external', sourcemap: 'linked', logLevel: 'warning',
    });
    out[entry] = file;
  }));
  return out;
}

export class BenchChild {
  private seq = 0;
  private waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  private constructor(
    readonly name: string,
    private readonly proc: ChildProcess,
    readonly info: Record<string, string>,
  ) {
    proc.on('message', (m: { id?: number; result?: unknown; error?: string }) => {
      const w = m.id === undefined ? undefined : this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id!);
      if (m.error) w.reject(new Error(`${name}: ${m.error}`));
      else w.resolve(m.result);
    });
    proc.on('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`${name} exited (${code})`));
      this.waiting.clear();
    });
  }

  /** `compiled`: the bundle to run under plain node; else the source `entry` runs under tsx. */
  static start(
    name: string, entry: string, compiled: string | undefined, env: Record<string, string> = {}, nodeFlags: string[] = [],
    opts: { execPath?: string; startMs?: number } = {},
  ): Promise<BenchChild> {
    const startMs = opts.startMs ?? 60_000;
    const proc = fork(compiled ?? join(here, entry), [], {
      ...(opts.execPath ? { execPath: opts.execPath } : {}),
      env: { ...process.env, ...env },
      execArgv: [...(compiled ? [] : process.execArgv), ...nodeFlags],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`${name} did not start within ${startMs / 1000} s`));
      }, startMs);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited during start (${code})`));
      });
      proc.once('message', (m: { ready?: boolean; info?: Record<string, string> }) => {
        clearTimeout(timer);
        proc.removeAllListeners('exit');
        if (m.ready) resolve(new BenchChild(name, proc, m.info ?? {}));
        else reject(new Error(`${name}: unexpected first message`));
      });
    });
  }

  get pid(): number {
    return this.proc.pid ?? 0;
  }

  call<T>(cmd: string, arg?: unknown, timeoutMs = 30_000): Promise<T> {
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${this.name}: ${cmd} timed out`));
      }, timeoutMs);
      this.waiting.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v as T)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      this.proc.send({ id, cmd, arg });
    });
  }

  /** CPU so far; `reset` starts a new peak-RSS window. */
  stats(reset = false): Promise<ChildStats> {
    return this.call<ChildStats>('stats', reset ? 'reset' : undefined);
  }

  /** Asks the server to close and exit; kills it after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => this.proc.once('exit', () => r()));
    await this.call('stop', undefined, graceMs).catch(() => undefined);
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}
