// The seam between the relay core and the provider families (architecture §4.1). A family is a wire protocol;
// vendors that speak it are rows of data inside its folder. Adapters only transform (build the upstream request,
// read usage from answers, follow a stream event by event); the core owns every socket, retry, write to the client
// and every quota movement, and never names a family.
import type { FormData } from 'undici';
import type { Usage } from '../billing/quota.js';
import type { CompletionText } from '../billing/token-count.js';

/** The inbound API of a request: OpenAI's, the gateway's public surface. */
export type WireFormat =
  | 'openai.chat'
  | 'openai.completions'
  | 'openai.embeddings'
  | 'openai.moderations'
  | 'openai.images.generations'
  | 'openai.images.edits'
  | 'openai.audio.speech'
  | 'openai.audio.transcriptions'
  | 'openai.audio.translations'
  | 'openai.responses'
  | 'rerank';

/** What an adapter may know about the channel of one attempt (one key line, never the others). */
export interface ChannelView {
  type: number;
  baseUrl: string;
  key: string;
  /** Type-specific extra (Azure api-version, Cloudflare account id …). */
  other: string;
  organization: string;
}

export interface UpstreamCall {
  channel: ChannelView;
  /** The model name sent upstream (after the channel's model mapping). */
  model: string;
  /** The client asked for a stream. */
  stream: boolean;
  /** The channel's param_override: top-level keys set on the outgoing body after conversion. */
  paramOverride: Record<string, unknown> | null;
}

/** A request body as the client sent it: parsed JSON, or a multipart form. */
export type InboundBody = { kind: 'json'; value: Record<string, unknown> } | { kind: 'form'; value: FormData };

export interface UpstreamRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string | FormData;
}

/** What an adapter read from a complete (non-stream) answer. */
export interface Answer {
  /** Usage as the upstream reported it (normalised to the billing convention); null when it reported none. */
  usage: Partial<Usage> | null;
  /** The answer's output, for counting when usage is missing. */
  output?: CompletionText;
  /** Per-call units actually delivered (images: how many came back); absent: as estimated. */
  count?: number;
}

/** One server-sent event. `data` is the exact text received (several lines joined with "\n"). */
export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * Follows one upstream stream event by event. The core writes what push() returns to the client in order,
 * calls end() once the stream finished normally (complete), and interrupted() when it broke after the client had
 * started to receive it; it never invents a protocol's end marker itself.
 */
export interface StreamTransform {
  /** An upstream event → the events to send the client (usually the same one; [] to hold it back). */
  push(ev: SseEvent): SseEvent[];
  /** The protocol's own end was seen ([DONE], a finish reason, response.completed). */
  readonly complete: boolean;
  /** The upstream reported an error inside the stream (already passed to the client by push). */
  readonly failed: boolean;
  /** Usage reported so far (null: none yet). */
  readonly usage: Partial<Usage> | null;
  /** The output passed to the client so far. */
  readonly output: CompletionText;
  /** Events closing a complete stream; `usage` is the billed usage, for a client that asked for it. */
  end(usage: Usage): SseEvent[];
  /** An error event in the protocol's own shape for a stream that broke; never an end marker. */
  interrupted(message: string, code: string): SseEvent[];
}

export interface EndpointAdapter {
  request(body: InboundBody, call: UpstreamCall): UpstreamRequest;
  /** Reads usage from a JSON answer (absent: the answer is binary or text and carries none). */
  answer?(json: unknown, call: UpstreamCall): Answer;
  /** Present when the endpoint can stream; `includeUsage`: the client asked for the usage chunk. */
  stream?(call: UpstreamCall, client: { includeUsage: boolean }): StreamTransform;
}

/** What an upstream said when it refused a call. */
export interface UpstreamError {
  status: number;
  message: string;
  type?: string;
  code?: string;
}

export interface ProviderFamily {
  id: string;
  /** Channel type ids (contract/channel-types.ts) this family serves. */
  channelTypes: readonly number[];
  /** A capability exists when its key does. */
  endpoints: Partial<Record<WireFormat, EndpointAdapter>>;
  error(status: number, json: unknown, text: string): UpstreamError;
}
