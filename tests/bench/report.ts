// The benchmark's table and its verdicts against the issue's targets (billing and logging on):
// p50 added at c=1 within 0.15 ms of the floor's; CPU per request at most 250 µs; first streamed byte within 0.3 ms
// of the floor's; peak RSS at most 160 MB at 256 concurrent streams.
import type { Mode } from './load.js';

export type Target = 'direct' | 'floor' | 'gateway';

export interface Row {
  mode: Mode;
  c: number;
  target: Target;
  ok: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  ttfb50: number;
  ttfb99: number;
  /** Server process CPU per request, µs (direct: the mock upstream's). */
  cpuUs: number;
  peakMb: number;
}

export interface Verdict {
  name: string;
  value: string;
  pass: boolean;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(3) : '–');
const signed = (n: number) => (Number.isFinite(n) ? `${n >= 0 ? '+' : ''}${n.toFixed(3)}` : '–');

const find = (rows: Row[], mode: Mode, c: number, target: Target) => rows.find((r) => r.mode === mode && r.c === c && r.target === target);

export function table(rows: Row[]): string {
  const head = ['mode', 'c', 'server', 'ok', 'err', 'req/s', 'p50 ms', 'p99 ms', 'added p50', 'added p99', 'TTFB p50', 'TTFB p99', 'added TTFB p50', 'CPU µs/req', 'peak RSS MB'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 3 ? '---' : '---:')).join('|')}|`];
  for (const r of rows) {
    const d = find(rows, r.mode, r.c, 'direct');
    const stream = r.mode === 'stream';
    const added = (a: number, b: number | undefined) => (r.target === 'direct' || b === undefined ? '' : signed(a - b));
    lines.push(`| ${[
      r.mode, r.c, r.target, r.ok, r.errors, r.rps.toFixed(0), ms(r.p50), ms(r.p99),
      added(r.p50, d?.p50), added(r.p99, d?.p99),
      stream ? ms(r.ttfb50) : '', stream ? ms(r.ttfb99) : '', stream ? added(r.ttfb50, d?.ttfb50) : '',
      r.cpuUs.toFixed(0), r.peakMb.toFixed(1),
    ].join(' | ')} |`);
  }
  return lines.join('\n');
}

export function verdicts(rows: Row[]): Verdict[] {
  const out: Verdict[] = [];
  for (const mode of ['non-stream', 'stream'] as const) {
    const g = find(rows, mode, 1, 'gateway');
    const f = find(rows, mode, 1, 'floor');
    const d = find(rows, mode, 1, 'direct');
    if (g && f && d) {
      const gap = g.p50 - d.p50 - (f.p50 - d.p50);
      out.push({
        name: `p50 added at c=1 (${mode}) within 0.15 ms of the floor's`,
        value: `gateway ${signed(g.p50 - d.p50)} ms vs floor ${signed(f.p50 - d.p50)} ms: ${signed(gap)} ms`,
        pass: gap <= 0.15,
      });
    }
  }
  const gw = rows.filter((r) => r.target === 'gateway');
  if (gw.length) {
    const worst = gw.reduce((a, b) => (b.cpuUs > a.cpuUs ? b : a));
    out.push({
      name: 'CPU per request at most 250 µs (every gateway scenario)',
      // The floor's own figure beside each: how much of the machine's cost is the gateway's, across machines.
      value: gw.map((r) => {
        const f = find(rows, r.mode, r.c, 'floor');
        return `${r.mode} c=${r.c}: ${r.cpuUs.toFixed(0)}${f ? ` (floor ${f.cpuUs.toFixed(0)}, ×${(r.cpuUs / f.cpuUs).toFixed(2)})` : ''}`;
      }).join(', ') + ` (worst ${worst.cpuUs.toFixed(0)} µs)`,
      pass: worst.cpuUs <= 250,
    });
  }
  const gs = find(rows, 'stream', 1, 'gateway');
  const fs = find(rows, 'stream', 1, 'floor');
  if (gs && fs)
    out.push({
      name: "first streamed byte at c=1 within 0.3 ms of the floor's",
      value: `gateway ${ms(gs.ttfb50)} ms vs floor ${ms(fs.ttfb50)} ms: ${signed(gs.ttfb50 - fs.ttfb50)} ms`,
      pass: gs.ttfb50 - fs.ttfb50 <= 0.3,
    });
  const big = find(rows, 'stream', 256, 'gateway');
  if (big) out.push({ name: 'peak RSS at most 160 MB at 256 concurrent streams', value: `${big.peakMb.toFixed(1)} MB`, pass: big.peakMb <= 160 });
  for (const r of gw) if (r.errors) out.push({ name: `no failed calls (${r.mode} c=${r.c})`, value: `${r.errors} failed`, pass: false });
  return out;
}

export function verdictList(v: Verdict[]): string {
  return v.map((x) => `- ${x.pass ? 'PASS' : 'FAIL'} ${x.name}: ${x.value}`).join('\n');
}
