// Sockets to upstream providers: one undici Agent (a keep-alive pool per origin) whose connections resolve
// through the outbound guard (app/outbound.ts: no link-local or metadata addresses, checked on the URL and again
// on every resolved address), time limits to connect, to the first byte and between body chunks, and a size
// limit on answers read whole. Errors come back classified, never as raw socket text.
import { Agent, type Dispatcher, type FormData } from 'undici';
import { guardedLookup, outboundUrlProblem } from '../app/outbound.js';
import { proxyDispatcher } from '../app/proxy.js';

export interface UpstreamHttpOptions {
  connectTimeoutMs: number;
  /** Until the answer's headers. */
  responseTimeoutMs: number;
  /** Between two body chunks (a stream's idle limit). */
  idleTimeoutMs: number;
  maxResponseBytes: number;
}

export type UpstreamFailureKind = 'blocked' | 'timeout' | 'network' | 'aborted' | 'too_large';

export class UpstreamHttpError extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'UpstreamHttpError';
  }
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

export class UpstreamHttp {
  private readonly agent: Agent;

  constructor(readonly opts: UpstreamHttpOptions) {
    this.agent = new Agent({
      connect: { lookup: guardedLookup, timeout: opts.connectTimeoutMs },
      keepAliveTimeout: 30_000,
      headersTimeout: opts.responseTimeoutMs,
      bodyTimeout: opts.idleTimeoutMs,
    });
  }

  /** `proxy`: the channel's own proxy URL (app/proxy.ts), '' for a direct connection. */
  async send(req: { url: string; method: 'POST' | 'GET'; headers: Record<string, string>; body?: string | FormData }, signal: AbortSignal, proxy = ''): Promise<UpstreamResponse> {
    const problem = outboundUrlProblem(req.url);
    if (problem) throw new UpstreamHttpError('blocked', problem);
    const target = originAndPath(req.url);
    try {
      const dispatcher = proxy ? proxyDispatcher(proxy, { connectTimeoutMs: this.opts.connectTimeoutMs }) : this.agent;
      const res = await dispatcher.request({
        origin: target.origin,
        path: target.path,
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal,
        headersTimeout: this.opts.responseTimeoutMs,
        bodyTimeout: this.opts.idleTimeoutMs,
      });
      return { status: res.statusCode, headers: res.headers, body: res.body };
    } catch (e) {
      throw classify(e, signal);
    }
  }

  /** Reads a whole answer body, up to the size limit. */
  async readAll(body: UpstreamResponse['body'], signal: AbortSignal, limit = this.opts.maxResponseBytes): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > limit) {
          body.destroy();
          throw new UpstreamHttpError('too_large', `answer larger than ${limit} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (e) {
      throw classify(e, signal);
    }
    return Buffer.concat(chunks);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

// undici's request(url) parses the URL on every call; a channel's URLs repeat, so their origin and path are kept.
const targets = new Map<string, { origin: string; path: string }>();

function originAndPath(url: string): { origin: string; path: string } {
  let t = targets.get(url);
  if (!t) {
    const u = new URL(url);
    t = { origin: u.origin, path: u.pathname + u.search };
    if (targets.size >= 1024) targets.clear();
    targets.set(url, t);
  }
  return t;
}

export function classify(e: unknown, signal?: AbortSignal): UpstreamHttpError {
  if (e instanceof UpstreamHttpError) return e;
  if (signal?.aborted) return new UpstreamHttpError('aborted', 'aborted');
  const err = e as { code?: string; name?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? err.name ?? 'error';
  if (code === 'EADDRBLOCKED') return new UpstreamHttpError('blocked', 'blocked');
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return new UpstreamHttpError('timeout', code);
  return new UpstreamHttpError('network', code);
}
