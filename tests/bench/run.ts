// `npm run bench`: the relay benchmark. Three server processes on 127.0.0.1 — a mock OpenAI upstream, the floor (a
// minimal undici pass-through) and the real gateway (token, channel, billing and consumption logs on) — and this
// process as the load generator: non-stream and stream × concurrency 1, 32, 256 × direct / floor / gateway, each
// after a warm-up, bounded by a request count and a time limit. CPU and peak RSS come from each server process.
// Prints the table and the targets' verdicts, and writes them to tests/.artifacts/bench.md.
//
// Knobs (environment): BENCH_MS (measure time per scenario, default 5000), BENCH_N (request cap per scenario,
// default 8000), BENCH_WARM_MS (default 800), BENCH_MODES (e.g. "stream"), BENCH_C (e.g. "1,256"),
// BENCH_SERVERS (e.g. "floor,gateway"), BENCH_CHUNK_MS (gap between the mock's stream events, default 0),
// BENCH_PROF=1 (a CPU profile of the floor and the gateway during each measured run, in tests/.artifacts/prof; BENCH_PROF=alloc:
// an allocation profile instead, .heapprofile; BENCH_PROF=survivors: only the bytes that outlived a young-generation GC),
// BENCH_TSX=1 (run
// the servers from the .ts sources under tsx, for profiles with source names), and for attribution only
// BENCH_ATTRIBUTE=access-token,wallet,usage-log (those gateway calls become no-ops: not the product, no verdicts),
// BENCH_GATEWAY_NODE_OPTIONS (node flags for the gateway process only, given on its command line after the product's
// own, so they override them and V8 flags that NODE_OPTIONS refuses work too, e.g. "--max-semi-space-size=16").
// The gateway runs with the environment and node flags of bin/gateway.js's first line, as `gateway serve` does.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayLaunchFlags } from '../../cli/launch-flags.js';
import { BenchChild, compile } from './child.js';
import { percentile, runLoad, type LoadSpec, type Mode } from './load.js';
import { table, verdictList, verdicts, type Row, type Target } from './report.js';

const num = (name: string, d: number) => (process.env[name] ? Number(process.env[name]) : d);
const list = <T extends string>(name: string, all: readonly T[]): T[] =>
  process.env[name] ? (process.env[name]!.split(',').map((s) => s.trim()) as T[]).filter((x) => all.includes(x)) : [...all];

const MEASURE_MS = num('BENCH_MS', 5000);
const MAX_N = num('BENCH_N', 8000);
const WARM_MS = num('BENCH_WARM_MS', 800);
const MODES = list<Mode>('BENCH_MODES', ['non-stream', 'stream']);
const LEVELS = (process.env.BENCH_C ?? '1,32,256').split(',').map(Number).filter((n) => n > 0);
const SERVERS = list<Target>('BENCH_SERVERS', ['direct', 'floor', 'gateway']);
const ATTRIBUTE = process.env.BENCH_ATTRIBUTE ?? '';
const LAUNCH = gatewayLaunchFlags();
const GATEWAY_FLAGS = [...LAUNCH.nodeFlags, ...(process.env.BENCH_GATEWAY_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean)];
const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', '.artifacts');

const startedAt = Date.now();
const log = (s: string) => process.stdout.write(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)}s] ${s}\n`);

const children: BenchChild[] = [];
async function main() {
  const entries = ['mock-upstream.ts', 'floor.ts', 'gateway.ts'];
  const built = await compile(entries, join(artifacts, 'bench-build'));
  log(built ? 'servers bundled with esbuild, running under plain node' : 'servers running from the sources under tsx (their RSS includes tsx, ~45 MB)');
  const mock = await BenchChild.start('mock', 'mock-upstream.ts', built?.['mock-upstream.ts']);
  children.push(mock);
  const env = { BENCH_UPSTREAM: mock.info.url, BENCH_ATTRIBUTE: ATTRIBUTE };
  const prof = ({ '1': 'profile', alloc: 'alloc-profile', survivors: 'survivors-profile' } as Record<string, string>)[process.env.BENCH_PROF ?? ''] ?? '';
  const [floor, gateway] = await Promise.all([
    BenchChild.start('floor', 'floor.ts', built?.['floor.ts'], env),
    BenchChild.start('gateway', 'gateway.ts', built?.['gateway.ts'], { ...env, ...LAUNCH.env }, GATEWAY_FLAGS),
  ]);
  children.push(floor, gateway);
  log(`mock ${mock.info.url}, floor ${floor.info.url}, gateway ${gateway.info.url}`);

  const servers: Record<Target, { child: BenchChild; url: string; apiKey: string }> = {
    direct: { child: mock, url: mock.info.url, apiKey: 'sk-upstream' },
    floor: { child: floor, url: floor.info.url, apiKey: 'sk-upstream' },
    gateway: { child: gateway, url: gateway.info.url, apiKey: gateway.info.apiKey },
  };
  let gatewayServed = 0;
  let maxBacklog = 0;
  const load = async (target: Target, spec: Omit<LoadSpec, 'url' | 'apiKey'>) => {
    const r = await runLoad({ ...spec, url: servers[target].url, apiKey: servers[target].apiKey });
    if (target === 'gateway') gatewayServed += r.ok;
    if (r.errors) log(`  ${target}: ${r.errors} failed, first: ${r.firstError}`);
    return r;
  };

  // JIT and connection warm-up of every server on both kinds of call.
  for (const target of SERVERS) for (const mode of MODES) await load(target, { mode, concurrency: 8, maxRequests: 3000, maxMs: 1500 });

  const rows: Row[] = [];
  for (const mode of MODES)
    for (const c of LEVELS)
      for (const target of SERVERS) {
        const { child } = servers[target];
        await load(target, { mode, concurrency: c, maxRequests: Math.max(4 * c, 1000), maxMs: WARM_MS });
        const profiling = prof && target !== 'direct' && (await child.call(prof));
        const before = await child.stats(true);
        const r = await load(target, { mode, concurrency: c, maxRequests: MAX_N, maxMs: MEASURE_MS });
        const after = await child.stats();
        if (target === 'gateway') maxBacklog = Math.max(maxBacklog, await child.call<number>('pending'));
        if (profiling) await child.call(prof, join(artifacts, 'prof', `${target}-${mode}-c${c}.${prof === 'profile' ? 'cpuprofile' : 'heapprofile'}`));
        const row: Row = {
          mode, c, target, ok: r.ok, errors: r.errors, rps: (r.ok / r.elapsedMs) * 1000,
          p50: percentile(r.latency, 50), p99: percentile(r.latency, 99), ttfb50: percentile(r.ttfb, 50), ttfb99: percentile(r.ttfb, 99),
          cpuUs: (after.cpuUs - before.cpuUs) / Math.max(1, r.ok + r.errors), peakMb: after.peakKb / 1024,
        };
        rows.push(row);
        log(`${mode.padEnd(10)} c=${String(c).padEnd(3)} ${target.padEnd(7)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${row.p50.toFixed(3)} ms  p99 ${row.p99.toFixed(3)} ms  ` +
          `${mode === 'stream' ? `ttfb ${row.ttfb50.toFixed(3)} ms  ` : ''}cpu ${row.cpuUs.toFixed(0)} µs/req ` +
          `(user ${((after.userUs - before.userUs) / Math.max(1, r.ok)).toFixed(0)}, sys ${((after.systemUs - before.systemUs) / Math.max(1, r.ok)).toFixed(0)})  peak ${row.peakMb.toFixed(1)} MB (${after.peakSource})`);
      }

  let logsLine = '';
  if (SERVERS.includes('gateway')) {
    const l = await gateway.call<{ consume: number; errors: number; requestCount: number; usedQuota: number }>('logs');
    const agree = l.consume === gatewayServed && l.requestCount === gatewayServed;
    logsLine = `Billing and logging: ${gatewayServed} gateway calls answered 200; after the usage writer flushed: ${l.consume} consume logs, ` +
      `${l.errors} error logs, root's request_count ${l.requestCount}, used_quota ${l.usedQuota} (${agree ? 'all agree' : 'MISMATCH'}). ` +
      `Rows still waiting for the usage writer at the end of a measured run: at most ${maxBacklog}.`;
  }

  const v = verdicts(rows);
  const md = [
    '# Relay benchmark',
    '',
    ...(ATTRIBUTE ? [`**ATTRIBUTION RUN, NOT THE PRODUCT: the gateway's ${ATTRIBUTE} call(s) replaced by no-ops.**`, ''] : []),
    `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · ` +
      `per scenario: warm-up ${WARM_MS} ms, then ${MAX_N} requests or ${MEASURE_MS} ms, whichever first · mock stream: 5 chunks + usage + [DONE]` +
      ` (${num('BENCH_CHUNK_MS', 0) > 0 ? `${num('BENCH_CHUNK_MS', 0)} ms apart` : 'one event-loop turn apart'}) · ` +
      `servers ${built ? 'bundled by esbuild, plain node' : 'from the sources under tsx (RSS includes tsx)'}; load generator in the same 2 cores` +
      ` · gateway started as "${[...Object.entries(LAUNCH.env).map(([k, v]) => `${k}=${v}`), 'node', ...GATEWAY_FLAGS].join(' ')}"${process.env.BENCH_GATEWAY_NODE_OPTIONS ? ' (bin/gateway.js\'s, then BENCH_GATEWAY_NODE_OPTIONS)' : ' (bin/gateway.js\'s)'}.`,
    '',
    'Latencies in ms as the client sees them; "added" = minus the direct call to the mock at the same mode and concurrency. ' +
      'CPU = server process CPU time (user + system, all threads) / requests; for "direct" that of the mock upstream. Peak RSS = VmHWM of the server process during the measured run.',
    '',
    table(rows),
    '',
    '## Targets',
    '',
    ATTRIBUTE ? '(none: attribution run)' : verdictList(v),
    '',
    logsLine,
    '',
  ].join('\n');
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, 'bench.md'), md);
  process.stdout.write(`\n${md}\nwritten to tests/.artifacts/bench.md in ${((Date.now() - startedAt) / 1000).toFixed(0)} s\n`);
}

// A hard limit: whatever happens, the run ends by itself.
const guard = setTimeout(() => {
  log('benchmark exceeded 10 minutes: stopping');
  void shutdown(2);
}, 600_000);
guard.unref();

async function shutdown(code: number) {
  await Promise.all(children.map((c) => c.stop().catch(() => undefined)));
  process.exit(code);
}

main().then(
  () => shutdown(0),
  (e) => {
    console.error(e);
    void shutdown(1);
  },
);
