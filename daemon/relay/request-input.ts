// What the relay reads from a client's request before choosing a channel: the body (JSON object or multipart
// form, passed on as received), the model, stream flags, and the numbers the estimate needs. Numbers that feed
// quota arithmetic are bounded at ingress (400), not only clamped later (lessons §2a, GHSA-8r8v-xf7q-rcpr).
import { FormData, Response } from 'undici';
import type { FastifyRequest } from 'fastify';
import type { InboundBody } from '../providers/types.js';
import { MAX_N, MAX_TOKENS } from '../billing/bounds.js';
import { imageRequestUnits, numberField, type Endpoint } from './endpoints.js';
import type { StreamFraming } from './stream-relay.js';
import { RelayError } from './relay-error.js';
import { isObj } from '../providers/shape.js';
import { estimatePromptTokens } from '../billing/prompt-estimate.js';

export interface Inbound {
  body: InboundBody;
  /** The client's protocol headers (PROTOCOL_HEADERS), passed to the adapters. */
  headers: Record<string, string>;
  model: string;
  stream: boolean;
  /** The client asked for the final usage chunk (stream_options.include_usage). */
  includeUsage: boolean;
  /** Prompt tokens counted exactly (reference §4.7), on first read of `tokens`. */
  promptCount: PromptCount;
  /** A quick over-estimate of the prompt's tokens for the hold before the call (billing/prompt-estimate.ts). */
  promptEstimate: number;
  /** Per-call units of an image request (n × size × quality); 1 otherwise. */
  units: number;
  /** An image request's size and quality, to price the images that actually came back. */
  image?: { size?: string; quality?: string };
  maxTokens: unknown;
  maxCompletionTokens: unknown;
  n: unknown;
  reasoningEffort?: string;
  /** How a stream is written to this client: SSE, or a streamed JSON array (Gemini without `alt=sse`). */
  framing?: StreamFraming;
}

/**
 * What a route read from the URL, for APIs that put the model and the method in the path and accept the key
 * there too (Gemini's /v1beta/models/{model}:{method}?key=…).
 */
export interface RouteTarget {
  model: string;
  stream: boolean;
  apiKey: string;
  framing?: StreamFraming;
}

const text = (x: unknown): string | undefined => (typeof x === 'string' && x ? x : undefined);

/** Client headers an upstream protocol defines (Anthropic's version and beta flags); nothing else is forwarded. */
export const PROTOCOL_HEADERS = ['anthropic-version', 'anthropic-beta'] as const;

function protocolHeaders(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PROTOCOL_HEADERS) {
    const v = req.headers[name];
    const value = Array.isArray(v) ? v.join(',') : v;
    if (value) out[name] = value;
  }
  return out;
}

/** The exact JSON text of a request, kept by the relay's body parser only in pass-through mode. */
export const rawBodies = new WeakMap<FastifyRequest, string>();

const invalid = (key: 'relay.bad_json' | 'relay.bad_form' | 'relay.model_required', code = 'invalid_request') =>
  new RelayError(400, { key }, 'invalid_request_error', code);
const badField = (field: string) => new RelayError(400, { key: 'relay.field_invalid', params: { field } }, 'invalid_request_error', 'invalid_request');

/** A present number field must be a whole number in [min, max]. */
function bounded(get: (f: string) => unknown, field: string, min: number, max: number): void {
  const raw = get(field);
  if (raw === undefined || raw === null || raw === '') return;
  const n = numberField(raw);
  if (n === undefined || !Number.isInteger(n) || n < min || n > max) throw badField(field);
}

async function readForm(req: FastifyRequest): Promise<FormData> {
  const raw = req.body;
  if (!Buffer.isBuffer(raw)) throw invalid('relay.bad_form');
  try {
    return (await new Response(raw, { headers: { 'content-type': String(req.headers['content-type'] ?? '') } }).formData()) as FormData;
  } catch {
    throw invalid('relay.bad_form');
  }
}

export async function readInbound(ep: Endpoint, req: FastifyRequest, target?: RouteTarget): Promise<Inbound> {
  let body: InboundBody;
  let get: (field: string) => unknown;
  if (ep.body === 'form') {
    const form = await readForm(req);
    body = { kind: 'form', value: form };
    get = (f) => {
      const v = form.get(f);
      return typeof v === 'string' ? v : undefined;
    };
  } else {
    if (!isObj(req.body)) throw invalid('relay.bad_json');
    const value = req.body;
    const raw = rawBodies.get(req);
    body = raw === undefined ? { kind: 'json', value } : { kind: 'json', value, raw };
    // A format with its own names for the fields read below (Gemini's generationConfig) maps them first.
    const own = ep.fields?.(value);
    get = own ? (f) => own[f] : (f) => value[f];
  }
  const model = target?.model ?? ((typeof get('model') === 'string' ? (get('model') as string).trim() : '') || ep.defaultModel || '');
  if (!model) throw invalid('relay.model_required', 'model_required');
  bounded(get, 'n', 1, MAX_N);
  bounded(get, 'max_tokens', 0, MAX_TOKENS);
  bounded(get, 'max_completion_tokens', 0, MAX_TOKENS);
  bounded(get, 'max_output_tokens', 0, MAX_TOKENS);
  const json = body.kind === 'json' ? body.value : null;
  const stream = target ? Boolean(ep.streams && target.stream) : Boolean(ep.streams && json?.stream === true);
  const options = json && isObj(json.stream_options) ? json.stream_options : null;
  const reasoning = json && isObj(json.reasoning) ? json.reasoning.effort : get('reasoning_effort');
  return {
    body,
    headers: protocolHeaders(req),
    model,
    stream,
    includeUsage: stream && options?.include_usage === true,
    promptCount: new PromptCount(ep, json, model),
    promptEstimate: json ? estimatePromptTokens(json) : 0,
    units: ep.image ? imageRequestUnits(model, get) : 1,
    image: ep.image ? { size: text(get('size')), quality: text(get('quality')) } : undefined,
    maxTokens: get('max_tokens') ?? get('max_output_tokens'),
    maxCompletionTokens: get('max_completion_tokens'),
    n: ep.image ? 1 : get('n'),
    reasoningEffort: typeof reasoning === 'string' ? reasoning : undefined,
    framing: stream ? target?.framing : undefined,
  };
}

/**
 * A request's prompt tokens counted exactly (reference §4.7), on first read. Exact counting loads a ~45 MB
 * vocabulary and is the costliest step of a call, so it happens only when something reads it (an upstream that
 * reports no usage, a converted stream); the hold before the call uses the quick estimate. A class with a prototype
 * getter, never a getter in an object literal (object-shapes.test.ts says why).
 */
export class PromptCount {
  private counted: number | undefined = undefined;

  constructor(
    private readonly ep: Endpoint,
    private readonly json: Record<string, unknown> | null,
    private readonly model: string,
  ) {}

  get tokens(): number {
    return (this.counted ??= this.json ? this.ep.prompt(this.json, this.model) : 0);
  }
}
