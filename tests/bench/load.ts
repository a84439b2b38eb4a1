// The load generator (parent process): `concurrency` workers on one undici Pool of as many keep-alive connections,
// each sending chat completions back to back until the request count or the time limit is reached, whichever
// comes first. Per request: latency to the end of the answer and, for streams, time to the first body byte.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export type Mode = 'non-stream' | 'stream';

export interface LoadSpec {
  url: string;
  apiKey: string;
  mode: Mode;
  concurrency: number;
  maxRequests: number;
  maxMs: number;
}

export interface LoadResult {
  /** Successful requests measured. */
  ok: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  /** Latency of each successful request, ms (end of the answer). */
  latency: Float64Array;
  /** First body byte of each successful request, ms. */
  ttfb: Float64Array;
}

const body = (mode: Mode) => JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user', content: 'Say hello in five words.' }],
  max_tokens: 32,
  ...(mode === 'stream' ? { stream: true, stream_options: { include_usage: true } } : {}),
});

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const pool = new Pool(spec.url, { connections: spec.concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
  const payload = body(spec.mode);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${spec.apiKey}` };
  const latency = new Float64Array(spec.maxRequests);
  const ttfb = new Float64Array(spec.maxRequests);
  let issued = 0;
  let ok = 0;
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const deadline = start + spec.maxMs;

  const one = async () => {
    const t0 = performance.now();
    let first = 0;
    let tail = '';
    try {
      const res = await pool.request({ path: '/v1/chat/completions', method: 'POST', headers, body: payload });
      for await (const chunk of res.body) {
        if (!first) first = performance.now();
        tail = (tail + (chunk as Buffer).toString('latin1')).slice(-64);
      }
      const t1 = performance.now();
      const complete = spec.mode === 'stream' ? tail.includes('data: [DONE]') : tail.trimEnd().endsWith('}');
      if (res.statusCode !== 200 || !complete) throw new Error(`status ${res.statusCode}, answer ends ${JSON.stringify(tail)}`);
      latency[ok] = t1 - t0;
      ttfb[ok] = (first || t1) - t0;
      ok++;
    } catch (e) {
      errors++;
      firstError ??= (e as Error).message;
    }
  };
  const worker = async () => {
    while (issued < spec.maxRequests && performance.now() < deadline) {
      issued++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const elapsedMs = performance.now() - start;
  await pool.close();
  return { ok, errors, firstError, elapsedMs, latency: latency.subarray(0, ok), ttfb: ttfb.subarray(0, ok) };
}

/** Nearest-rank percentile of unsorted samples (ms); NaN for none. */
export function percentile(samples: Float64Array, p: number): number {
  if (!samples.length) return NaN;
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
