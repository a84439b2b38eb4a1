// The seam between the relay core and the provider families (architecture §4.1). A family is a wire protocol;
// vendors that speak it are rows of data inside its folder. Adapters only transform (build the upstream request,
// read usage from answers, follow a stream event by event); the core owns every socket, retry, write to the client
// and every quota movement, and never names a family.
import type { FormData } from 'undici';
import type { Usage } from '../billing/quota.js';
import type { CompletionText } from '../billing/token-count.js';

/**
 * A wire format: the API a client speaks on one inbound endpoint (its "inbound format"), and equally the API a
 * provider family serves natively. Where they differ, relay/convert/ bridges them (registry.ts composes the adapter).
 * The protocol is the part before the first dot ('openai' | 'claude' | 'gemini' …): it picks the error shape too.
 */
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
  | 'claude.messages'
  | 'gemini.generate'
  | 'gemini.embed'
  | 'gemini.batch_embed'
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
  /** The model name the client asked for (per-model settings such as Claude's extra headers are keyed by it). */
  clientModel: string;
  /** Protocol headers the client sent (relay/request-input.ts PROTOCOL_HEADERS), lower-case names. */
  clientHeaders: Readonly<Record<string, string>>;
  /** The body as the client sent it (a bridge answers in the client's terms, e.g. embeddings as base64). */
  clientBody?: InboundBody;
  /** Prompt tokens counted locally: a converted stream announces them before the upstream's usage arrives. */
  promptTokens: number;
  /** Unix seconds when the call started (the `created` of a converted answer). */
  created: number;
  /** Relay settings from the options, parsed once per option snapshot. */
  settings: RelaySettings;
}

/** Options the adapters read (spec 2 §3 Model keys), parsed by providers/settings.ts; one section per family. */
export interface RelaySettings {
  /** global.pass_through_request_enabled: a same-format body goes upstream exactly as received (reference §6.3). */
  passThrough: boolean;
  claude: ClaudeSettings;
  gemini: GeminiSettings;
}

export interface ClaudeSettings {
  /** claude.model_headers_settings: client model name → header → values (merged with the client's, comma-joined). */
  modelHeaders: ReadonlyMap<string, Readonly<Record<string, readonly string[]>>>;
  /** claude.default_max_tokens: max_tokens for a request that sets none; `default` for unlisted models. */
  defaultMaxTokens: ReadonlyMap<string, number>;
  /** claude.thinking_adapter_enabled: a `-thinking` model suffix turns extended thinking on (and is stripped). */
  thinkingAdapter: boolean;
  /** claude.thinking_adapter_budget_tokens_percentage: budget_tokens = percentage × max_tokens. */
  thinkingBudgetShare: number;
}

export interface GeminiSettings {
  /** gemini.safety_settings: harm category → threshold; `default` for the categories not listed. */
  safety: ReadonlyMap<string, string>;
  /** gemini.version_settings: upstream model → API version (v1beta, v1 …); `default` for unlisted models. */
  versions: ReadonlyMap<string, string>;
  /** gemini.supported_imagine_models: models that answer with images too (responseModalities TEXT + IMAGE). */
  imagineModels: ReadonlySet<string>;
  /** gemini.thinking_adapter_enabled: -thinking / -thinking-<N> / -nothinking model suffixes set thinkingConfig. */
  thinkingAdapter: boolean;
  /** gemini.thinking_adapter_budget_tokens_percentage: thinkingBudget = percentage × maxOutputTokens. */
  thinkingBudgetShare: number;
}

/** Fetches a media URL a client gave (guarded: public addresses only), as base64 with its MIME type. */
export type MediaFetcher = (url: string) => Promise<{ mimeType: string; data: string }>;

/**
 * A request body as the client sent it: parsed JSON (with its exact text when pass-through mode kept it), or a
 * multipart form.
 */
export type InboundBody = { kind: 'json'; value: Record<string, unknown>; raw?: string } | { kind: 'form'; value: FormData };

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
  /**
   * The answer in the client's format, given the usage that will be billed; sent instead of the upstream's bytes
   * (a format bridge sets it, so the converted answer reports exactly what is charged).
   */
  render?: (billed: Usage) => unknown;
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
  /**
   * The one I/O step an adapter may ask for, run before request(): resolves what the upstream cannot take as sent
   * (image URLs a Gemini upstream needs inline). Absent: the body goes to request() as received.
   */
  prepare?(body: InboundBody, call: UpstreamCall, media: MediaFetcher): Promise<InboundBody>;
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
