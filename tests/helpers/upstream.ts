// A fake upstream provider on 127.0.0.1 for tests that make real HTTP calls through undici. Routes are a handler
// map keyed "METHOD /path" that a test can replace (`on`) and restore (`reset`); every request is recorded.
// Defaults speak OpenAI: /v1/models, /v1/chat/completions (non-stream, with usage), /v1/embeddings and the
// dashboard billing pair. When `keys` is given, calls must carry one of them as a Bearer token, else the answer is
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
    ['POST /v1/chat/completions', (req, res) => sendJson(res, 200, chatCompletion(String(req.json?.model ?? 'unknown')))],
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
