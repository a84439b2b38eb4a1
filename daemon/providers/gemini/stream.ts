// Gemini streams (streamGenerateContent?alt=sse: `data: <GenerateContentResponse>` events), followed chunk by chunk
// and passed to the client unchanged. Usage is the last usageMetadata seen (each chunk repeats the running totals).
// Gemini has no end marker: a stream is complete once every candidate it streamed carries a finishReason (or the
// prompt was blocked); one that ends before is cut. An `error` object in a chunk is an in-band failure, already passed on.
// A stream that breaks off ends with an error chunk in Google's shape, which the SDKs raise.
import type { Usage } from '../../billing/quota.js';
import type { SseEvent, StreamTransform } from '../types.js';
import { isObj } from '../shape.js';
import { googleErrorJson } from './errors.js';
import { addGeminiOutput, finishedIn, readGeminiUsage } from './usage.js';

/** The error chunk a Gemini client gets for a stream that broke off (timeout: 504, else 502). */
export const geminiErrorEvent = (message: string, code: string): SseEvent => ({
  data: JSON.stringify(googleErrorJson(code === 'stream_timeout' ? 504 : 502, message)),
});

export function generateStream(): StreamTransform {
  const output = { text: '', reasoning: '', toolCalls: [] as { name: string; arguments: string }[] };
  const seen = new Set<number>();
  const finished = new Set<number>();
  const t: StreamTransform & { complete: boolean; failed: boolean; usage: Partial<Usage> | null } = {
    complete: false,
    failed: false,
    usage: null,
    output,
    push(ev: SseEvent): SseEvent[] {
      let chunk: unknown;
      try {
        chunk = JSON.parse(ev.data);
      } catch {
        return []; // a malformed chunk would break the client's parser: dropped
      }
      if (!isObj(chunk)) return [];
      if (chunk.error !== undefined) {
        t.failed = true;
        return [{ data: ev.data }];
      }
      const u = readGeminiUsage(chunk.usageMetadata);
      // A later chunk without the output count keeps the one already known.
      if (u) t.usage = { ...u, ...(u.completionTokens === undefined && t.usage?.completionTokens !== undefined ? { completionTokens: t.usage.completionTokens } : {}) };
      addGeminiOutput(chunk, output);
      const f = finishedIn(chunk);
      f.seen.forEach((i) => seen.add(i));
      f.finished.forEach((i) => finished.add(i));
      if (f.blocked || (finished.size > 0 && [...seen].every((i) => finished.has(i)))) t.complete = true;
      return [{ data: ev.data }];
    },
    end: () => [], // the upstream's last chunk (with its finishReason) was already passed on
    interrupted: (message, code) => [geminiErrorEvent(message, code)],
  };
  return t;
}
