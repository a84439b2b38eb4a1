// What the relay reads from a client's request before choosing a channel: the body (JSON object or multipart
// form, passed on as received), the model, stream flags, and the numbers the estimate needs. Numbers that feed
// quota arithmetic are bounded at ingress (400), not only clamped later (lessons §2a, GHSA-8r8v-xf7q-rcpr).
import { FormData, Response } from 'undici';
import type { FastifyRequest } from 'fastify';
import type { InboundBody } from '../providers/types.js';
import { MAX_N, MAX_TOKENS } from '../billing/bounds.js';
import { imageRequestUnits, numberField, type Endpoint } from './endpoints.js';
import { RelayError } from './relay-error.js';
import { isObj } from '../providers/shape.js';

export interface Inbound {
  body: InboundBody;
  model: string;
  stream: boolean;
  /** The client asked for the final usage chunk (stream_options.include_usage). */
  includeUsage: boolean;
  promptTokens: number;
  /** Per-call units of an image request (n × size × quality); 1 otherwise. */
  units: number;
  /** An image request's size and quality, to price the images that actually came back. */
  image?: { size?: string; quality?: string };
  maxTokens: unknown;
  maxCompletionTokens: unknown;
  n: unknown;
  reasoningEffort?: string;
}

const text = (x: unknown): string | undefined => (typeof x === 'string' && x ? x : undefined);

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

export async function readInbound(ep: Endpoint, req: FastifyRequest): Promise<Inbound> {
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
    body = { kind: 'json', value };
    get = (f) => value[f];
  }
  const model = (typeof get('model') === 'string' ? (get('model') as string).trim() : '') || ep.defaultModel || '';
  if (!model) throw invalid('relay.model_required', 'model_required');
  bounded(get, 'n', 1, MAX_N);
  bounded(get, 'max_tokens', 0, MAX_TOKENS);
  bounded(get, 'max_completion_tokens', 0, MAX_TOKENS);
  bounded(get, 'max_output_tokens', 0, MAX_TOKENS);
  const json = body.kind === 'json' ? body.value : null;
  const stream = Boolean(ep.streams && json?.stream === true);
  const options = json && isObj(json.stream_options) ? json.stream_options : null;
  const reasoning = json && isObj(json.reasoning) ? json.reasoning.effort : json?.reasoning_effort;
  return {
    body,
    model,
    stream,
    includeUsage: stream && options?.include_usage === true,
    promptTokens: json ? ep.prompt(json, model) : 0,
    units: ep.image ? imageRequestUnits(model, get) : 1,
    image: ep.image ? { size: text(get('size')), quality: text(get('quality')) } : undefined,
    maxTokens: get('max_tokens') ?? get('max_output_tokens'),
    maxCompletionTokens: get('max_completion_tokens'),
    n: ep.image ? 1 : get('n'),
    reasoningEffort: typeof reasoning === 'string' ? reasoning : undefined,
  };
}
