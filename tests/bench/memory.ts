// `npx tsx tests/bench/memory.ts`: where the gateway's resident memory goes, next to `npm run bench`'s peak RSS.
// Starts the mock upstream and the gateway as the benchmark does (bin/gateway.js's node flags, plus --expose-gc) and prints the
// gateway's process.memoryUsage() after start, after a warm-up, and during and after 256 concurrent streams, each
// also after a full GC: live heap vs garbage not yet collected vs memory outside the JS heap. Bounded in time.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayLaunchFlags } from '../../cli/launch-flags.js';
import { BenchChild, compile } from './child.js';
import { runLoad } from './load.js';

const artifacts = fileURLToPath(new URL('../.artifacts/bench-build', import.meta.url));
const built = await compile(['mock-upstream.ts', 'gateway.ts'], artifacts);
const mock = await BenchChild.start('mock', 'mock-upstream.ts', built?.['mock-upstream.ts']);
const children = [mock];
try {
  const launch = gatewayLaunchFlags();
  const gw = await BenchChild.start('gateway', 'gateway.ts', built?.['gateway.ts'], { BENCH_UPSTREAM: mock.info.url, ...launch.env }, [...launch.nodeFlags, '--expose-gc']);
  children.push(gw);
  const mb = (m: Record<string, number>) => Object.entries(m).map(([k, v]) => `${k} ${(v / 1048576).toFixed(1)}`).join(', ');
  const show = async (when: string) => {
    console.log(`${when.padEnd(22)} ${mb(await gw.call('memory'))}`);
    console.log(`${'  after a full GC'.padEnd(22)} ${mb(await gw.call('memory', 'gc'))}`);
  };
  const spec = { url: gw.info.url, apiKey: gw.info.apiKey, mode: 'stream' as const };
  await show('after start');
  await runLoad({ ...spec, concurrency: 8, maxRequests: 500, maxMs: 5000 });
  await show('after 500 calls');
  const load = runLoad({ ...spec, concurrency: 256, maxRequests: 3000, maxMs: 8000 });
  await new Promise((r) => setTimeout(r, 2000));
  await show('256 streams running');
  await load;
  await show('after 256 streams');
  console.log(`(MB; compiled: ${built ? join('tests/.artifacts/bench-build', 'gateway.mjs') : 'no, tsx'})`);
} finally {
  for (const c of children.reverse()) await c.stop();
}
