// One attempt of a relayed call on one channel: build the upstream request through the channel's provider
// family, send it, and either relay the answer to the client (a whole body, or a stream as it arrives) or report
// why it failed, with the status after the channel's status_code_mapping (reference §3.6) and whether another
// channel may be tried (retry-policy.ts). Upstream error text is scrubbed of keys and hosts before it goes anywhere.
import { channelProxy } from '../app/proxy.js';
import type { FastifyReply } from 'fastify';
import type { CachedChannel } from '../app/cache/channel-cache.js';
import { effectiveBaseUrl } from '../contract/channel-types.js';
import { redactUpstream, secretPieces } from '../app/redact.js';
import type { Usage } from '../billing/quota.js';
import { countCompletionTokens, type CompletionText } from '../billing/token-count.js';
import type { Answer, EndpointAdapter, MediaFetcher, ProviderFamily, RelaySettings, UpstreamCall } from '../providers/types.js';
import type { Endpoint } from './endpoints.js';
import type { Inbound } from './request-input.js';
import { mapModel } from './model-mapping.js';
import { mapStatus } from './status-code-mapping.js';
import { isRetryable } from './retry-policy.js';
import { relayStream, type StreamEnd } from './stream-relay.js';
import { UpstreamHttpError, type UpstreamHttp } from './upstream-http.js';
import type { CallSignal } from './call-cancel.js';
import type { Random } from './select-channel.js';

export interface AttemptContext {
  endpoint: Endpoint;
  inbound: Inbound;
  reply: FastifyReply;
  http: UpstreamHttp;
  signal: CallSignal;
  random: Random;
  /** The call's request id (x-oneapi-request-id on a streamed answer's head). */
  requestId: string;
  pingMs: number;
  messages: { interrupted: string; timeout: string };
  now(): number;
  /** Relay settings of this call's option snapshot (providers/settings.ts). */
  settings: RelaySettings;
  /** Unix seconds when the call started. */
  created: number;
  /** Fetches media URLs an adapter needs inline (adapter.prepare); shared by the call's attempts. */
  media: MediaFetcher;
}

export interface AttemptSuccess {
  ok: true;
  /** Sends the answer (or ends the stream); called once the call is settled, so the client never sees it first. */
  deliver(): void;
  /** Usage to bill: reported by the upstream, else counted (the disconnect rule in stream-relay.ts). */
  usage: Usage;
  /** Images delivered, when the answer says. */
  count?: number;
  /** How a stream ended, when it did not end normally (billed as a partial call). */
  streamEnd?: Exclude<StreamEnd, 'complete'>;
  isStream: boolean;
  /** performance.now() of the first byte the client could use (stream: first event; else answer headers). */
  firstAt: number;
  upstreamModel: string;
  mapped: boolean;
}

export interface AttemptFailure {
  ok: false;
  /** HTTP status for the client (after status_code_mapping; 502/504 for failures without an answer). */
  status: number;
  /** What the user may read (already scrubbed), or a message key for failures without an upstream text. */
  message: { text: string } | { key: 'relay.upstream_network' | 'relay.upstream_timeout' | 'relay.upstream_too_large' | 'relay.stream_interrupted' | 'relay.upstream_status'; params?: { status: number } };
  type: string;
  code: string | null;
  retryable: boolean;
  /** The upstream refused (drives auto-disable); absent for our side's failures (timeouts, sockets). */
  upstream?: { status: number; message: string; type?: string; code?: string };
  /** The client went away before anything was delivered. */
  clientGone?: boolean;
}

export type AttemptResult = AttemptSuccess | AttemptFailure;

const ERROR_BODY_LIMIT = 64 * 1024;

function transportFailure(e: UpstreamHttpError, channelType: number): AttemptFailure {
  if (e.kind === 'aborted') return { ok: false, status: 499, message: { key: 'relay.upstream_network' }, type: 'upstream_error', code: 'client_closed', retryable: false, clientGone: true };
  // A silent upstream is not retried (its wait would double); a refused or reset connection is.
  if (e.kind === 'timeout') return { ok: false, status: 504, message: { key: 'relay.upstream_timeout' }, type: 'upstream_error', code: 'upstream_timeout', retryable: false };
  if (e.kind === 'too_large') return { ok: false, status: 502, message: { key: 'relay.upstream_too_large' }, type: 'upstream_error', code: 'upstream_too_large', retryable: false };
  return { ok: false, status: 502, message: { key: 'relay.upstream_network' }, type: 'upstream_error', code: 'upstream_unreachable', retryable: isRetryable({ status: 0, local: false, channelType }) };
}

/**
 * The UpstreamCall of one attempt. A class, so that `promptTokens` (counted only if something reads it: a converted
 * stream, or an answer without usage) is a prototype getter: an object literal's getter closing over the call gives
 * each object its own hidden class, which keeps the call's objects alive through young-generation GCs.
 */
class AttemptCall implements UpstreamCall {
  readonly stream: boolean;
  readonly clientModel: string;
  readonly clientHeaders: Readonly<Record<string, string>>;
  readonly clientBody: Inbound['body'];

  constructor(
    readonly channel: UpstreamCall['channel'],
    readonly model: string,
    readonly paramOverride: UpstreamCall['paramOverride'],
    private readonly inbound: Inbound,
    readonly created: number,
    readonly settings: RelaySettings,
  ) {
    this.stream = inbound.stream;
    this.clientModel = inbound.model;
    this.clientHeaders = inbound.headers;
    this.clientBody = inbound.body;
  }

  get promptTokens(): number {
    return this.inbound.promptCount.tokens;
  }
}

export async function attempt(ctx: AttemptContext, ch: CachedChannel, family: ProviderFamily, adapter: EndpointAdapter): Promise<AttemptResult> {
  const { inbound, http, signal } = ctx;
  const mapped = mapModel(inbound.model, ch.modelMapping);
  const key = ch.keys.length > 1 ? ch.keys[Math.floor(ctx.random() * ch.keys.length)] : (ch.keys[0] ?? '');
  const call = new AttemptCall(
    { type: ch.type, baseUrl: ch.baseUrl, key, other: ch.other, organization: ch.organization },
    mapped.upstream, ch.paramOverride, inbound, ctx.created, ctx.settings,
  );
  const scrub = (text: string) => redactUpstream(text, secretPieces(ch.keys.join('\n')), hostsOf(effectiveBaseUrl(ch.type, ch.baseUrl)));
  let res;
  try {
    const body = adapter.prepare ? await adapter.prepare(inbound.body, call, ctx.media) : inbound.body;
    res = await http.send(adapter.request(body, call), signal, channelProxy(ch.setting));
  } catch (e) {
    if (e instanceof UpstreamHttpError) return transportFailure(e, ch.type);
    throw e;
  }
  const answeredAt = ctx.now();
  if (res.status < 200 || res.status >= 300) {
    let text = '';
    try {
      text = (await http.readAll(res.body, signal, ERROR_BODY_LIMIT)).toString('utf8');
    } catch {
      res.body.destroy();
    }
    const json = parseJson(text);
    const err = family.error(res.status, json, text);
    const status = mapStatus(res.status, ch.statusCodeMapping);
    // A body that is not the provider's error JSON (a proxy's HTML page …) is not shown, only its status.
    const message = json === undefined ? { key: 'relay.upstream_status' as const, params: { status } } : { text: scrub(err.message) };
    return {
      ok: false, status, message, type: err.type ?? 'upstream_error', code: err.code ?? null,
      retryable: isRetryable({ status, local: false, channelType: ch.type }),
      upstream: { status, message: err.message, type: err.type, code: err.code },
    };
  }
  const contentType = res.header('content-type');
  // Local counting (reference §4.7) only fills what the upstream did not report: tokenising costs more CPU than the
  // whole rest of a call.
  // Object.assign, not a spread followed by properties: that is a slow path on Node 20 (relay-headers.ts).
  // `from.output` is read only when needed: a stream transform may assemble it on demand (openai/stream.ts).
  const withCounted = (reported: Partial<Usage> | null | undefined, from: { readonly output?: CompletionText }): Usage =>
    Object.assign({}, reported, {
      promptTokens: reported?.promptTokens ?? inbound.promptCount.tokens,
      completionTokens: reported?.completionTokens ?? countOutput(inbound.model, from.output),
    });

  if (contentType.includes('text/event-stream') && adapter.stream) {
    const transform = adapter.stream(call, { includeUsage: inbound.includeUsage });
    const billed = (): Usage => withCounted(transform.usage, transform);
    const sr = await relayStream({
      body: res.body, transform, reply: ctx.reply, requestId: ctx.requestId, pingMs: ctx.pingMs, signal,
      billedUsage: billed, messages: ctx.messages, now: ctx.now, framing: inbound.framing,
    });
    if (!sr.started) {
      sr.close();
      if (sr.end === 'client_gone') return transportFailure(new UpstreamHttpError('aborted', 'client closed'), ch.type);
      // Broke before the client saw anything: another channel may still answer.
      return {
        ok: false, status: 502, message: { key: sr.end === 'timeout' ? 'relay.upstream_timeout' : 'relay.stream_interrupted' },
        type: 'upstream_error', code: sr.end === 'timeout' ? 'stream_timeout' : 'stream_interrupted',
        retryable: sr.end !== 'timeout' && isRetryable({ status: 0, local: false, channelType: ch.type }),
      };
    }
    const done: AttemptSuccess = {
      ok: true, deliver: sr.close, usage: billed(), isStream: true, firstAt: sr.firstEventAt ?? answeredAt, upstreamModel: mapped.upstream, mapped: mapped.mapped,
    };
    if (sr.end !== 'complete') done.streamEnd = sr.end;
    return done;
  }

  let buf: Buffer;
  try {
    buf = await http.readAll(res.body, signal);
  } catch (e) {
    if (e instanceof UpstreamHttpError) return transportFailure(e, ch.type);
    throw e;
  }
  let answer: Answer = { usage: null };
  const json = adapter.answer ? parseJson(buf.toString('utf8')) : undefined;
  if (adapter.answer && json !== undefined) answer = adapter.answer(json, call);
  else if (adapter.answer && contentType.startsWith('text/')) answer = { usage: null, output: { text: buf.toString('utf8') } };
  const usage: Usage = withCounted(answer.usage, answer);
  // A bridged answer is rewritten in the client's format, reporting the usage that is billed.
  const deliver = answer.render
    ? () => void ctx.reply.status(res.status).header('content-type', 'application/json').send(JSON.stringify(answer.render!(usage)))
    : () => void ctx.reply.status(res.status).header('content-type', contentType || 'application/json').send(buf);
  return {
    ok: true, deliver, usage, count: answer.count,
    isStream: contentType.includes('text/event-stream'), firstAt: answeredAt, upstreamModel: mapped.upstream, mapped: mapped.mapped,
  };
}

const countOutput = (model: string, output: CompletionText | undefined): number => (output ? countCompletionTokens(model, output) : 0);

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function hostsOf(baseUrl: string): string[] {
  try {
    return baseUrl ? [new URL(baseUrl).host, new URL(baseUrl).hostname] : [];
  } catch {
    return [];
  }
}
