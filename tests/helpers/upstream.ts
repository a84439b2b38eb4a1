// A fake upstream provider on 127.0.0.1 for tests that make real HTTP calls through undici. Routes are a handler
// map keyed "METHOD /path" that a test can replace (`on`) and restore (`reset`); every request is recorded.
// Defaults speak OpenAI: /v1/models, /v1/chat/completions (JSON, or SSE when asked, with the usage chunk when
// stream_options.include_usage is set), /v1/completions, /v1/embeddings, /v1/moderations, /v1/images/generations
// and /edits, /v1/audio/speech, /transcriptions and /translations, /v1/responses (JSON or SSE), /v1/rerank and the
// dashboard billing pair. `reply` has the failure modes: errors, slow answers, slow / cut / stalled streams, resets. When `keys` is given, calls must carry one of them as a Bearer token, else the answer is
// OpenAI's 401 body, which (like the real one) echoes the key it was given, so tests can check nobody repeats it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UpstreamRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body parsed as JSON, when it is. */
  json: any;
}

export type UpstreamHandler = (req: UpstreamRequest, res: ServerResponse) => void | Promise<void>;

export interface MockUpstreamOptions {
  /** Accepted Bearer keys; empty: any key (or none) is accepted. */
  keys?: string[];
  /** Ids listed by GET /v1/models. */
  models?: string[];
}

export interface MockUpstream {
  url: string;
  requests: UpstreamRequest[];
  /** Replaces (or adds) the handler of "METHOD /path". */
  on(route: string, handler: UpstreamHandler): void;
  /** Restores the default handlers and forgets recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Ready-made handlers for the usual answers and failure modes. */
export const reply = {
  json: (status: number, body: unknown): UpstreamHandler => (_req, res) => sendJson(res, status, body),
  text: (status: number, text: string): UpstreamHandler => (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(text);
  },
  /** OpenAI's error shape. */
  openaiError: (status: number, message: string, type = 'invalid_request_error', code: string | null = null): UpstreamHandler =>
    (_req, res) => sendJson(res, status, { error: { message, type, param: null, code } }),
  serverError: (): UpstreamHandler => (_req, res) =>
    sendJson(res, 500, { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } }),
  /** Streams events (see writeSse). */
  sse: (events: readonly unknown[] | ((req: UpstreamRequest) => readonly unknown[]), o: SseOptions = {}): UpstreamHandler => (req, res) =>
    writeSse(res, typeof events === 'function' ? events(req) : events, o),
  /** Drops the connection before any answer (a TCP reset). */
  reset: (): UpstreamHandler => (_req, res) => void res.socket?.destroy(),
  /** Waits before answering with `inner`; the wait ends early when the client goes away. */
  slow: (ms: number, inner: UpstreamHandler): UpstreamHandler => async (req, res) => {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      res.on('close', () => {
        clearTimeout(t);
        resolve();
      });
    });
    if (!res.destroyed && !res.writableEnded) await inner(req, res);
  },
};

/** Waits `ms`, or less when the client goes away; resolves whether the response can still be written. */
function pause(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve(false);
    const t = setTimeout(() => {
      res.off('close', gone);
      resolve(!res.destroyed);
    }, ms);
    const gone = () => {
      clearTimeout(t);
      resolve(false);
    };
    res.once('close', gone);
  });
}

export interface SseOptions {
  /** Milliseconds before the first event and between events. */
  intervalMs?: number;
  firstDelayMs?: number;
  /** Send `data: [DONE]` at the end (default true). */
  done?: boolean;
  /** After this many events, destroy the socket (a cut stream). */
  cutAfter?: number;
  /** After this many events, go silent (a stalled stream) until the client leaves. */
  stallAfter?: number;
  /** Called with the number of events written so far, after each one. */
  onEvent?: (written: number) => void;
}

/** Writes events as SSE: objects as JSON `data:` lines, strings as raw wire text. */
export async function writeSse(res: ServerResponse, events: readonly unknown[], o: SseOptions = {}): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  if (o.firstDelayMs && !(await pause(res, o.firstDelayMs))) return;
  let written = 0;
  // A cut lets what was written reach the wire first (a destroy would drop it), then kills the socket.
  const cut = async () => {
    await pause(res, 30);
    res.socket?.destroy();
  };
  for (const ev of events) {
    if (o.cutAfter !== undefined && written >= o.cutAfter) return cut();
    if (o.stallAfter !== undefined && written >= o.stallAfter) return void (await pause(res, 3_600_000));
    if (written > 0 && o.intervalMs && !(await pause(res, o.intervalMs))) return;
    if (res.destroyed) return;
    res.write(typeof ev === 'string' ? ev : `data: ${JSON.stringify(ev)}\n\n`);
    written++;
    o.onEvent?.(written);
  }
  if (o.cutAfter !== undefined && written >= o.cutAfter) return cut();
  if (o.stallAfter !== undefined && written >= o.stallAfter) return void (await pause(res, 3_600_000));
  if (o.done !== false) res.write('data: [DONE]\n\n');
  res.end();
}

export interface ChunkOptions {
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  /** Streamed tool call instead of text: name and argument pieces. */
  tool?: { name: string; args: string[] };
  finish?: boolean;
}

/** OpenAI chat chunks: a role chunk, one chunk per piece, a finish chunk, then a usage-only chunk if given. */
export function chatChunks(model: string, pieces: readonly string[], o: ChunkOptions = {}): object[] {
  const base = { id: 'chatcmpl-stream', object: 'chat.completion.chunk', created: 1700000000, model };
  const chunk = (delta: object, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const out: object[] = [chunk({ role: 'assistant', content: '' })];
  if (o.tool) {
    out.push(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: o.tool.name, arguments: '' } }] }));
    for (const a of o.tool.args) out.push(chunk({ tool_calls: [{ index: 0, function: { arguments: a } }] }));
  }
  for (const p of pieces) out.push(chunk({ content: p }));
  if (o.finish !== false) out.push(chunk({}, o.tool ? 'tool_calls' : 'stop'));
  if (o.usage) out.push({ ...base, choices: [], usage: { ...o.usage, total_tokens: o.usage.prompt_tokens + o.usage.completion_tokens } });
  return out;
}

/** Responses API stream events for one text answer. */
export function responsesEvents(model: string, pieces: readonly string[], usage = { input_tokens: 9, output_tokens: pieces.length }): string[] {
  const ev = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const response = { id: 'resp_1', object: 'response', model, status: 'in_progress', output: [] };
  return [
    ev('response.created', { response }),
    ...pieces.map((delta, i) => ev('response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta, sequence_number: i + 1 })),
    ev('response.completed', {
      response: { ...response, status: 'completed', output: [{ type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text: pieces.join('') }] }], usage: { ...usage, total_tokens: usage.input_tokens + usage.output_tokens } },
    }),
  ];
}

export const chatCompletion = (model: string, content = 'Hello!') => ({
  id: 'chatcmpl-mock',
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 8, completion_tokens: 2, total_tokens: 10 },
});

const bearer = (req: UpstreamRequest) => String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

function defaults(opts: MockUpstreamOptions): Map<string, UpstreamHandler> {
  const models = opts.models ?? ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small'];
  const subscription: UpstreamHandler = (_req, res) =>
    sendJson(res, 200, { object: 'billing_subscription', has_payment_method: true, soft_limit_usd: 80, hard_limit_usd: 100, system_hard_limit_usd: 100, access_until: 0 });
  const usage: UpstreamHandler = (_req, res) => sendJson(res, 200, { object: 'list', total_usage: 1234.5 });
  return new Map<string, UpstreamHandler>([
    ['GET /v1/models', (_req, res) =>
      sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'mock' })) })],
    ['POST /v1/chat/completions', (req, res) => {
      const model = String(req.json?.model ?? 'unknown');
      if (req.json?.stream !== true) return sendJson(res, 200, chatCompletion(model));
      const usage = req.json?.stream_options?.include_usage ? { prompt_tokens: 8, completion_tokens: 3 } : null;
      return writeSse(res, chatChunks(model, ['Hel', 'lo', '!'], { usage }));
    }],
    ['POST /v1/completions', (req, res) => {
      const model = String(req.json?.model ?? 'unknown');
      const choice = { index: 0, text: ' world', finish_reason: 'stop', logprobs: null };
      if (req.json?.stream !== true)
        return sendJson(res, 200, { id: 'cmpl-1', object: 'text_completion', created: 1700000000, model, choices: [choice], usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 } });
      const usage = req.json?.stream_options?.include_usage ? { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 } : undefined;
      const events: object[] = [{ id: 'cmpl-1', object: 'text_completion', created: 1700000000, model, choices: [choice] }];
      if (usage) events.push({ id: 'cmpl-1', object: 'text_completion', created: 1700000000, model, choices: [], usage });
      return writeSse(res, events);
    }],
    ['POST /v1/moderations', (req, res) =>
      sendJson(res, 200, { id: 'modr-1', model: req.json?.model, results: [{ flagged: false, categories: {}, category_scores: {} }] })],
    ['POST /v1/images/generations', (req, res) => {
      const n = Number(req.json?.n ?? 1);
      sendJson(res, 200, { created: 1700000000, data: Array.from({ length: n }, (_, i) => ({ url: `https://images.example/${i}.png` })) });
    }],
    ['POST /v1/images/edits', (_req, res) => sendJson(res, 200, { created: 1700000000, data: [{ b64_json: 'aGVsbG8=' }] })],
    ['POST /v1/audio/speech', (_req, res) => {
      const audio = Buffer.from('ID3fake-mp3-bytes');
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': audio.length });
      res.end(audio);
    }],
    ['POST /v1/audio/transcriptions', (_req, res) => sendJson(res, 200, { text: 'hello from the audio', usage: { type: 'duration', seconds: 90 } })],
    ['POST /v1/audio/translations', (_req, res) => sendJson(res, 200, { text: 'hello translated' })],
    ['POST /v1/responses', (req, res) => {
      const model = String(req.json?.model ?? 'unknown');
      if (req.json?.stream === true) return writeSse(res, responsesEvents(model, ['Hi', ' there']), { done: false });
      sendJson(res, 200, {
        id: 'resp_1', object: 'response', model, status: 'completed',
        output: [{ type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text: 'Hi there', annotations: [] }] }],
        usage: { input_tokens: 9, output_tokens: 2, total_tokens: 11, input_tokens_details: { cached_tokens: 4 }, output_tokens_details: { reasoning_tokens: 0 } },
      });
    }],
    ['POST /v1/rerank', (req, res) =>
      sendJson(res, 200, { model: req.json?.model, results: [{ index: 0, relevance_score: 0.9 }], usage: { total_tokens: 12 } })],
    ['POST /v1/embeddings', (req, res) =>
      sendJson(res, 200, { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2] }], model: req.json?.model, usage: { prompt_tokens: 2, total_tokens: 2 } })],
    ['GET /v1/dashboard/billing/subscription', subscription],
    ['GET /dashboard/billing/subscription', subscription],
    ['GET /v1/dashboard/billing/usage', usage],
    ['GET /dashboard/billing/usage', usage],
  ]);
}

export async function startUpstream(opts: MockUpstreamOptions = {}): Promise<MockUpstream> {
  let handlers = defaults(opts);
  const requests: UpstreamRequest[] = [];
  const server = createServer(async (incoming, res) => {
    const chunks: Buffer[] = [];
    for await (const c of incoming) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    const req: UpstreamRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body, json };
    requests.push(req);
    try {
      if (opts.keys?.length && !opts.keys.includes(bearer(req))) {
        return sendJson(res, 401, {
          error: {
            message: `Incorrect API key provided: ${bearer(req)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            type: 'invalid_request_error', param: null, code: 'invalid_api_key',
          },
        });
      }
      const handler = handlers.get(`${req.method} ${req.path}`);
      if (!handler) return sendJson(res, 404, { error: { message: `Unknown path ${req.path}`, type: 'invalid_request_error', param: null, code: null } });
      await handler(req, res);
    } catch (e) {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(e), type: 'mock_error' } });
      else res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (route, handler) => void handlers.set(route, handler),
    reset() {
      handlers = defaults(opts);
      requests.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
