// A/B of two gateway builds (a development tool, not the benchmark's verdicts): `npm run bench:ab -- DIR` compares
// this checkout's gateway (B) with the one in checkout DIR (A, e.g. a `git worktree` of the base commit), both
// bundled from their own sources, behind one mock upstream, on the same calls.
//
// Two ways to count:
// - CPU time (default): both servers up at once, measured in short alternating batches (A B, B A, …) so that the
//   machine's drift from minute to minute falls on both alike. On a shared 2-core VM even this leaves ±5 % between
//   two runs of the same build, so it only shows larger changes.
// - AB_INSTR=1: instructions, counted by valgrind's callgrind (user space of every thread: JS, JIT, GC), one server
//   at a time, instrumentation switched on after the warm-up. Blind to system calls and cache misses, ~20× slower,
//   and still moved a few % by the machine's speed: the usage writer's batches follow the clock, not the calls.
// Knobs: BENCH_MODES (default "stream"), BENCH_C (default "1"); time: AB_ROUNDS (12), AB_BATCH (400 calls);
// instructions: AB_FLOOR=1 (count the floor too), AB_WARM (3000 calls), AB_N (1000 calls); the dumps are kept in tests/.artifacts/ab-{A,B}-*.callgrind.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchChild, compile } from './child.js';
import { runLoad, type Mode } from './load.js';
import { gatewayLaunchFlags } from '../../cli/launch-flags.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const otherDir = process.argv[2] ? resolve(process.argv[2]) : '';
if (!otherDir || !existsSync(join(otherDir, 'tests/bench/gateway.ts'))) {
  process.stderr.write('usage: npm run bench:ab -- <checkout to compare against>\n');
  process.exit(2);
}
const num = (name: string, d: number) => (process.env[name] ? Number(process.env[name]) : d);
const MODES = (process.env.BENCH_MODES ?? 'stream').split(',') as Mode[];
const LEVELS = (process.env.BENCH_C ?? '1').split(',').map(Number);
const LAUNCH = gatewayLaunchFlags();
const FLAGS = [...LAUNCH.nodeFlags, ...(process.env.BENCH_GATEWAY_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean)];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => {
  const s = [...xs].sort((p, q) => p - q);
  return `median ${median(xs).toFixed(3)}, middle half ${s[Math.floor(s.length / 4)].toFixed(3)}–${s[Math.floor((3 * s.length) / 4)].toFixed(3)}`;
};
const out = (s: string) => process.stdout.write(`${s}\n`);

const children: BenchChild[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'gw-ab-'));

async function load(g: BenchChild, mode: Mode, c: number, n: number) {
  const r = await runLoad({ url: g.info.url, apiKey: g.info.apiKey, mode, concurrency: c, maxRequests: n, maxMs: 600_000 });
  if (r.errors) throw new Error(`${g.name}: ${r.errors} failed, first: ${r.firstError}`);
  return r.ok;
}

async function byTime(a: BenchChild, b: BenchChild) {
  const rounds = num('AB_ROUNDS', 12);
  const size = num('AB_BATCH', 400);
  for (const mode of MODES)
    for (const c of LEVELS) {
      const batch = async (g: BenchChild) => {
        const before = await g.stats();
        const ok = await load(g, mode, c, size);
        const after = await g.stats();
        return { cpu: (after.cpuUs - before.cpuUs) / ok, user: (after.userUs - before.userUs) / ok };
      };
      for (const g of [a, b]) await load(g, mode, c, 3 * size);
      const as: number[] = [];
      const bs: number[] = [];
      const ratios: number[] = [];
      const userRatios: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const first = i % 2 ? b : a; // A B, then B A: neither always follows the other
        const x = await batch(first);
        const y = await batch(first === a ? b : a);
        const [ca, cb] = first === a ? [x, y] : [y, x];
        as.push(ca.cpu);
        bs.push(cb.cpu);
        ratios.push(cb.cpu / ca.cpu);
        userRatios.push(cb.user / ca.user);
      }
      out(`${mode} c=${c}: A ${median(as).toFixed(0)} µs/req, B ${median(bs).toFixed(0)} µs/req (medians of ${rounds} batches of ${size}); ` +
        `B/A CPU ${spread(ratios)}; user time only ${spread(userRatios)}`);
    }
}

/** Instructions per call of one build, under callgrind with instrumentation on only while `n` calls run. */
async function instructions(name: string, entry: string, bundle: string, mockUrl: string, mode: Mode, c: number): Promise<number> {
  const outFile = join(scratch, `${name}.%p.callgrind`);
  const wrapper = join(scratch, `node-${name}`);
  writeFileSync(wrapper, `#!/bin/sh\nexec valgrind --tool=callgrind --instr-atstart=no --smc-check=all-non-file -q --callgrind-out-file=${outFile} ${process.execPath} "$@"\n`, { mode: 0o755 });
  const g = await BenchChild.start(name, entry, bundle, { BENCH_UPSTREAM: mockUrl, ...LAUNCH.env }, FLAGS, { execPath: wrapper, startMs: 900_000 });
  children.push(g);
  try {
    await load(g, mode, c, num('AB_WARM', 3000));
    const n = num('AB_N', 1000);
    execFileSync('callgrind_control', ['-i', 'on', String(g.pid)], { stdio: 'ignore' });
    await load(g, mode, c, n);
    execFileSync('callgrind_control', ['-d', String(g.pid)], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['-i', 'off', String(g.pid)], { stdio: 'ignore' });
    const dump = readFileSync(outFile.replace('%p', String(g.pid)) + '.1', 'utf8');
    // kept for callgrind_annotate: where the instructions went (native code by symbol; JIT code shows as addresses)
    writeFileSync(join(here, '..', '.artifacts', `ab-${name}-${mode}-c${c}.callgrind`), dump);
    const m = /^(?:summary|totals): (\d+)/m.exec(dump);
    if (!m) throw new Error(`${name}: no totals in the callgrind dump`);
    return Number(m[1]) / n;
  } finally {
    await g.stop(120_000);
  }
}

async function byInstructions(aBundle: string, bBundle: string, floorBundle: string, mockUrl: string) {
  for (const mode of MODES)
    for (const c of LEVELS) {
      if (process.env.AB_FLOOR === '1') {
        const f = await instructions('floor', 'floor.ts', floorBundle, mockUrl, mode, c);
        out(`${mode} c=${c}: floor ${(f / 1000).toFixed(0)}k instructions/call`);
      }
      const ia = await instructions('A', 'gateway.ts', aBundle, mockUrl, mode, c);
      const ib = await instructions('B', 'gateway.ts', bBundle, mockUrl, mode, c);
      out(`${mode} c=${c}: A ${(ia / 1000).toFixed(0)}k instructions/call, B ${(ib / 1000).toFixed(0)}k; B/A ${(ib / ia).toFixed(3)}`);
    }
}

async function main() {
  const artifacts = join(here, '..', '.artifacts');
  const mine = await compile(['mock-upstream.ts', 'gateway.ts', 'floor.ts'], join(artifacts, 'bench-build'));
  const theirs = await compile(['gateway.ts'], join(artifacts, 'bench-build-a'), join(otherDir, 'tests/bench'));
  if (!mine || !theirs) throw new Error('esbuild is needed for an A/B run');
  const mock = await BenchChild.start('mock', 'mock-upstream.ts', mine['mock-upstream.ts']);
  children.push(mock);
  out(`A = ${otherDir}\nB = ${resolve(here, '../..')}`);
  if (process.env.AB_INSTR === '1') return byInstructions(theirs['gateway.ts'], mine['gateway.ts'], mine['floor.ts'], mock.info.url);
  const env = { BENCH_UPSTREAM: mock.info.url, ...LAUNCH.env };
  const a = await BenchChild.start('A', 'gateway.ts', theirs['gateway.ts'], env, FLAGS);
  children.push(a);
  const b = await BenchChild.start('B', 'gateway.ts', mine['gateway.ts'], env, FLAGS);
  children.push(b);
  await byTime(a, b);
}

async function shutdown(code: number) {
  await Promise.allSettled(children.map((ch) => ch.stop()));
  rmSync(scratch, { recursive: true, force: true });
  process.exit(code);
}

main().then(
  () => shutdown(0),
  (e) => {
    process.stderr.write(`${(e as Error).stack ?? e}\n`);
    void shutdown(1);
  },
);
