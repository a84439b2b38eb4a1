// A fake Gemini API on 127.0.0.1, built on the generic mock upstream (requests recorded, handlers replaceable).
// POST /{version}/models/{model}:{method} for the given models and versions: generateContent (a whole answer),
// streamGenerateContent (SSE chunks when `alt=sse`, else one JSON array, as Google does), embedContent and
// batchEmbedContents. Like the real API it checks `x-goog-api-key` (Google's 400 API_KEY_INVALID otherwise) and
// refuses a `model` field in a generateContent body. Usage includes thoughts and cached content, so billing of
// both can be checked.
import type { ServerResponse } from 'node:http';
import { sendJson, startUpstream, writeSse, type MockUpstream, type SseOptions, type UpstreamHandler, type UpstreamRequest } from './upstream.js';

export interface GeminiUsage {
  promptTokenCount: number;
  candidatesTokenCount: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
}

export const DEFAULT_GEMINI_USAGE: GeminiUsage = { promptTokenCount: 120, candidatesTokenCount: 40, thoughtsTokenCount: 30, cachedContentTokenCount: 100 };

export interface GeminiAnswer {
  text?: string;
  /** Thought summary (a part with thought: true). */
  thought?: string;
  calls?: { name: string; args: Record<string, unknown>; signature?: string }[];
  finishReason?: string;
  usage?: GeminiUsage;
  /** Text pieces of a stream (default: the text in one piece). */
  pieces?: string[];
}

const total = (u: GeminiUsage) => u.promptTokenCount + u.candidatesTokenCount + (u.thoughtsTokenCount ?? 0);
export const usageMetadata = (u: GeminiUsage) => ({ ...u, totalTokenCount: total(u) });

function parts(a: GeminiAnswer): object[] {
  const out: object[] = [];
  if (a.thought) out.push({ text: a.thought, thought: true });
  if (a.text ?? !a.calls) out.push({ text: a.text ?? 'Hello from Gemini!' });
  for (const c of a.calls ?? []) out.push({ functionCall: { name: c.name, args: c.args }, ...(c.signature ? { thoughtSignature: c.signature } : {}) });
  return out;
}

export function geminiResponse(model: string, a: GeminiAnswer = {}) {
  return {
    candidates: [{ content: { role: 'model', parts: parts(a) }, finishReason: a.finishReason ?? 'STOP', index: 0 }],
    usageMetadata: usageMetadata(a.usage ?? DEFAULT_GEMINI_USAGE),
    modelVersion: model,
    responseId: 'resp-mock-1',
  };
}

/** Stream chunks as Google sends them: thought, text pieces, calls, then the finish with the full usage. */
export function geminiChunks(model: string, a: GeminiAnswer = {}): object[] {
  const u = a.usage ?? DEFAULT_GEMINI_USAGE;
  const base = { modelVersion: model, responseId: 'resp-mock-1' };
  const running = { promptTokenCount: u.promptTokenCount, totalTokenCount: u.promptTokenCount };
  const chunk = (p: object[], extra: object = {}) => ({ candidates: [{ content: { role: 'model', parts: p }, index: 0, ...extra }], usageMetadata: running, ...base });
  const out: object[] = [];
  if (a.thought) out.push(chunk([{ text: a.thought, thought: true }]));
  const pieces = a.pieces ?? (a.text ?? !a.calls ? [a.text ?? 'Hello from Gemini!'] : []);
  for (const p of pieces) out.push(chunk([{ text: p }]));
  const calls = (a.calls ?? []).map((c) => ({ functionCall: { name: c.name, args: c.args }, ...(c.signature ? { thoughtSignature: c.signature } : {}) }));
  out.push({ candidates: [{ content: { role: 'model', parts: calls.length ? calls : [{ text: '' }] }, finishReason: a.finishReason ?? 'STOP', index: 0 }], usageMetadata: usageMetadata(u), ...base });
  return out;
}

export function googleError(res: ServerResponse, code: number, status: string, message: string): void {
  sendJson(res, code, { error: { code, message, status } });
}

/** Answers `a`: whole, as SSE (alt=sse), or as a JSON array written in pieces. */
export const geminiReply = (a: GeminiAnswer | ((req: UpstreamRequest) => GeminiAnswer) = {}, o: SseOptions = {}): UpstreamHandler => async (req, res) => {
  const answer = typeof a === 'function' ? a(req) : a;
  const model = /models\/([^:]+):/.exec(req.path)?.[1] ?? 'gemini';
  if (!req.path.endsWith(':streamGenerateContent')) return sendJson(res, 200, geminiResponse(model, answer));
  const chunks = geminiChunks(model, answer);
  if (req.query.get('alt') === 'sse') return writeSse(res, chunks, { ...o, done: false });
  res.writeHead(200, { 'content-type': 'application/json' });
  chunks.forEach((c, i) => res.write(`${i === 0 ? '[' : ',\r\n'}${JSON.stringify(c)}`));
  res.end(']');
};

export const embedReply = (): UpstreamHandler => (req, res) => {
  const vector = (i: number) => ({ values: [0.1 * (i + 1), 0.2, 0.3] });
  if (req.path.endsWith(':batchEmbedContents')) return sendJson(res, 200, { embeddings: (req.json?.requests ?? []).map((_: unknown, i: number) => vector(i)) });
  sendJson(res, 200, { embedding: vector(0) });
};

export interface GeminiUpstream extends MockUpstream {
  /** Sets the answer of generateContent / streamGenerateContent (the key check stays). */
  answer(handler: UpstreamHandler): void;
}

export async function startGeminiUpstream(opts: { key: string; models: string[]; versions?: string[] }): Promise<GeminiUpstream> {
  const up = await startUpstream();
  let inner: UpstreamHandler = geminiReply();
  const guard = (next: () => UpstreamHandler): UpstreamHandler => (req, res) => {
    if (req.headers['x-goog-api-key'] !== opts.key) return googleError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    return next()(req, res);
  };
  const generate = guard(() => (req, res) => {
    if (req.json?.model !== undefined) return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unknown name "model": Cannot find field.');
    return inner(req, res);
  });
  const embed = guard(embedReply);
  const install = () => {
    for (const v of opts.versions ?? ['v1beta', 'v1'])
      for (const m of opts.models) {
        up.on(`POST /${v}/models/${m}:generateContent`, generate);
        up.on(`POST /${v}/models/${m}:streamGenerateContent`, generate);
        up.on(`POST /${v}/models/${m}:embedContent`, embed);
        up.on(`POST /${v}/models/${m}:batchEmbedContents`, embed);
      }
  };
  install();
  const reset = up.reset;
  return Object.assign(up, {
    answer(handler: UpstreamHandler) {
      inner = handler;
    },
    reset() {
      reset();
      inner = geminiReply();
      install();
    },
  });
}
