// Sockets to upstream providers: one undici Agent (a keep-alive pool per origin) whose connections resolve
// through the outbound guard (app/outbound.ts: no link-local or metadata addresses, checked on the URL and again
// on every resolved address), time limits to connect, to the first byte and between body chunks, and a size
// limit on answers read whole. Errors come back classified, never as raw socket text.
import { Agent, type Dispatcher, type FormData } from 'undici';
import { guardedLookup, outboundUrlProblem } from '../app/outbound.js';
import { proxyDispatcher } from '../app/proxy.js';
import { UpstreamBody, UpstreamBodyDestroyed } from './upstream-body.js';
import type { CallSignal } from './call-cancel.js';

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

/**
 * An upstream answer: status, head and body. The head stays as undici's raw name/value buffers and is read on
 * demand: the relay needs one header (content-type), so decoding every header of every answer is wasted work.
 */
export class UpstreamResponse {
  constructor(
    readonly status: number,
    private readonly raw: Buffer[],
    readonly body: UpstreamBody,
  ) {}

  /** The first value of a header ('' when absent); `name` in lower case. */
  header(name: string): string {
    for (let i = 0; i + 1 < this.raw.length; i += 2) {
      const n = this.raw[i];
      if (n.length === name.length && n.toString('latin1').toLowerCase() === name) return this.raw[i + 1].toString('latin1');
    }
    return '';
  }
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

  /**
   * `proxy`: the channel's own proxy URL (app/proxy.ts), '' for a direct connection. Resolves once the answer's head
   * arrived; its body then streams through an UpstreamBody (upstream-body.ts), fed by a dispatch handler.
   */
  send(req: { url: string; method: 'POST' | 'GET'; headers: Record<string, string>; body?: string | FormData }, signal: CallSignal, proxy = ''): Promise<UpstreamResponse> {
    const problem = outboundUrlProblem(req.url);
    if (problem) return Promise.reject(new UpstreamHttpError('blocked', problem));
    if (signal.aborted) return Promise.reject(new UpstreamHttpError('aborted', 'aborted'));
    const target = originAndPath(req.url);
    return new Promise<UpstreamResponse>((resolve, reject) => {
      let abort: ((e: Error) => void) | null = null;
      let body: UpstreamBody | null = null;
      // Before the connection exists there is nothing to abort yet: onConnect does it.
      const onAbort = () => abort?.(new UpstreamBodyDestroyed());
      const done = signal.onAbort(onAbort);
      const handler: Dispatcher.DispatchHandler = {
        onConnect(a) {
          abort = a;
          if (signal.aborted) onAbort();
        },
        onHeaders(status, raw, resume) {
          body = new UpstreamBody((e) => abort?.(e), resume);
          resolve(new UpstreamResponse(status, raw, body));
          return true;
        },
        onData: (chunk) => body!.push(chunk),
        onComplete() {
          done();
          body?.end();
        },
        onError(e) {
          done();
          if (body) body.fail(e);
          else reject(classify(e, signal));
        },
      };
      try {
        const dispatcher = proxy ? proxyDispatcher(proxy, { connectTimeoutMs: this.opts.connectTimeoutMs }) : this.agent;
        dispatcher.dispatch(
          {
            origin: target.origin,
            path: target.path,
            method: req.method,
            headers: req.headers,
            body: req.body as Dispatcher.DispatchOptions['body'],
            headersTimeout: this.opts.responseTimeoutMs,
            bodyTimeout: this.opts.idleTimeoutMs,
          },
          handler,
        );
      } catch (e) {
        done();
        reject(classify(e, signal));
      }
    });
  }

  /** Reads a whole answer body, up to the size limit. */
  async readAll(body: UpstreamResponse['body'], signal: CallSignal, limit = this.opts.maxResponseBytes): Promise<Buffer> {
    try {
      return await body.collect(limit, () => new UpstreamHttpError('too_large', `answer larger than ${limit} bytes`));
    } catch (e) {
      throw classify(e, signal);
    }
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

export function classify(e: unknown, signal?: { readonly aborted: boolean }): UpstreamHttpError {
  if (e instanceof UpstreamHttpError) return e;
  if (signal?.aborted) return new UpstreamHttpError('aborted', 'aborted');
  const err = e as { code?: string; name?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? err.name ?? 'error';
  if (code === 'EADDRBLOCKED') return new UpstreamHttpError('blocked', 'blocked');
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return new UpstreamHttpError('timeout', code);
  return new UpstreamHttpError('network', code);
}
