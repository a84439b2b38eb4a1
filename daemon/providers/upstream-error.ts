// The error an upstream sent back, read from the shapes in use: OpenAI, Anthropic and Gemini all put a message in
// `error.message` (Gemini's `error.status` is its type); a bare `error` string or `message` is taken too; anything
// else gives the body's first 300 characters. Not redacted: callers scrub it before anyone sees it.
import type { UpstreamError } from './types.js';

export function readUpstreamError(status: number, json: unknown, text: string): UpstreamError {
  const o = json as { error?: unknown; message?: unknown } | undefined;
  const e = (o && typeof o.error === 'object' && o.error !== null ? o.error : undefined) as
    | { message?: unknown; type?: unknown; code?: unknown; status?: unknown }
    | undefined;
  const message =
    (typeof e?.message === 'string' && e.message) ||
    (typeof o?.error === 'string' && o.error) ||
    (typeof o?.message === 'string' && o.message) ||
    text.replace(/\s+/g, ' ').trim().slice(0, 300) ||
    `HTTP ${status}`;
  return {
    status,
    message: message.slice(0, 500),
    type: typeof e?.type === 'string' ? e.type : typeof e?.status === 'string' ? e.status : undefined,
    code: typeof e?.code === 'string' ? e.code : typeof e?.code === 'number' ? String(e.code) : undefined,
  };
}
