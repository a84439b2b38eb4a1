// The harness side of a benchmark server process (not the product's): answers the parent over the IPC channel with
// this process's CPU time (all threads: JS, GC, libuv pool) and its peak resident set since the last reset.
// Peak RSS is the kernel's VmHWM, reset by writing 5 to /proc/self/clear_refs; where that is refused, a 5 ms RSS
// sampler stands in.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Session } from 'node:inspector/promises';

export interface ChildStats {
  /** process.cpuUsage() user + system, µs since the process started. */
  cpuUs: number;
  userUs: number;
  systemUs: number;
  /** Peak RSS since the last reset, KiB. */
  peakKb: number;
  rssKb: number;
  /** How peakKb was measured. */
  peakSource: 'VmHWM' | 'sampled';
}

export interface ChildMessage {
  id: number;
  cmd: string;
  arg?: unknown;
}

type Handler = (arg: unknown) => unknown;

function vmHwmKb(): number | null {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

let sampled = 0;
let sampler: NodeJS.Timeout | undefined;

function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return vmHwmKb() !== null;
  } catch {
    sampled = process.memoryUsage.rss() / 1024;
    sampler ??= setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss() / 1024)), 5).unref();
    return false;
  }
}

function stats(reset: boolean): ChildStats {
  const c = process.cpuUsage();
  const rssKb = Math.round(process.memoryUsage.rss() / 1024);
  const hwm = sampler ? null : vmHwmKb();
  const out: ChildStats = {
    cpuUs: c.user + c.system,
    userUs: c.user,
    systemUs: c.system,
    peakKb: hwm ?? Math.round(Math.max(sampled, rssKb)),
    rssKb,
    peakSource: hwm === null ? 'sampled' : 'VmHWM',
  };
  if (reset) resetPeak();
  return out;
}

let session: Session | undefined;

/**
 * A profile of this process between two commands (the measured window only, not the start-up): CPU, or with
 * `kind` 'alloc' where the bytes were allocated (sampling heap profiler, collected objects included), or 'survivors'
 * where the bytes that outlived a young-generation GC were allocated (what makes scavenges and old-space GCs work).
 */
async function profile(arg: unknown, kind: 'cpu' | 'alloc' | 'survivors'): Promise<boolean> {
  if (typeof arg !== 'string') {
    session = new Session();
    session.connect();
    if (kind !== 'cpu') {
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: kind === 'alloc' });
      return true;
    }
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    return true;
  }
  if (!session) return false;
  const { profile } = kind !== 'cpu' ? await session.post('HeapProfiler.stopSampling') : await session.post('Profiler.stop');
  session.disconnect();
  session = undefined;
  mkdirSync(dirname(arg), { recursive: true });
  writeFileSync(arg, JSON.stringify(profile));
  return true;
}

/**
 * Tells the parent the server is ready (with `info`) and serves its commands: `stats` (arg 'reset' starts a new
 * peak window), `profile` (start; with a file path: stop and write the .cpuprofile there), `alloc-profile` and `survivors-profile` (the same, a .heapprofile), `stop` (runs `close`, then exits), and the given extras.
 */
export function serveStats(info: Record<string, unknown>, close: () => Promise<void>, extra: Record<string, Handler> = {}): void {
  if (!process.send) throw new Error('a benchmark server runs as a child process with an IPC channel');
  const send = (m: unknown) => process.send!(m);
  process.on('message', async (m: ChildMessage) => {
    try {
      if (m.cmd === 'stats') return send({ id: m.id, result: stats(m.arg === 'reset') });
      if (m.cmd === 'memory') {
        if (m.arg === 'gc') (globalThis as { gc?: () => void }).gc?.();
        return send({ id: m.id, result: process.memoryUsage() });
      }
      if (m.cmd === 'profile' || m.cmd === 'alloc-profile' || m.cmd === 'survivors-profile')
        return send({ id: m.id, result: await profile(m.arg, m.cmd === 'profile' ? 'cpu' : m.cmd === 'alloc-profile' ? 'alloc' : 'survivors') });
      if (m.cmd === 'stop') {
        await close().catch(() => undefined);
        send({ id: m.id, result: true });
        setTimeout(() => process.exit(0), 20);
        return;
      }
      const h = extra[m.cmd];
      if (!h) throw new Error(`unknown command ${m.cmd}`);
      send({ id: m.id, result: await h(m.arg) });
    } catch (e) {
      send({ id: m.id, error: e instanceof Error ? e.stack ?? e.message : String(e) });
    }
  });
  // The parent is gone (crashed or killed): do not linger.
  process.on('disconnect', () => void close().finally(() => process.exit(0)));
  send({ ready: true, info });
}
