// OpenAI's endpoints on an OpenAI-compatible channel: the same format on both sides, so a request is passed
// through with only the model name (after mapping) and the channel's param_override applied, and unknown fields
// survive. Streams ask for the final usage chunk where the vendor accepts `stream_options`. Where a call goes and
// how it authenticates is the dialect's business: the vendor table's (vendors.ts) or Azure's (providers/azure/).
import { FormData } from 'undici';
import { applyParamOverride } from '../../relay/param-override.js';
import type { Answer, ChannelView, EndpointAdapter, InboundBody, StreamTransform, UpstreamCall, UpstreamRequest } from '../types.js';
import { vendorDialect } from './vendors.js';
import { choicesOutput, readUsage, responsesOutput } from './usage.js';
import { chatStream } from './stream.js';
import { responsesStream } from './responses-stream.js';
import { isObj, type Obj } from '../shape.js';


/** Where an OpenAI-style call goes and how it authenticates. */
export interface OpenAIDialect {
  /** The URL of an endpoint path ('/chat/completions') for one call. */
  url(call: UpstreamCall, path: string): string;
  headers(channel: ChannelView): Record<string, string>;
  /** The upstream accepts `stream_options.include_usage`. */
  streamUsage(type: number): boolean;
}

function jsonBody(d: OpenAIDialect, value: Obj, call: UpstreamCall, streamOptions: boolean): string {
  // Object.assign, not `{ ...value, model }`: on Node 20 properties after a spread take a slow path (relay-headers.ts).
  const body: Obj = Object.assign({}, value, { model: call.model });
  if (streamOptions && body.stream === true) {
    if (d.streamUsage(call.channel.type)) body.stream_options = Object.assign({}, isObj(body.stream_options) ? body.stream_options : {}, { include_usage: true });
    else delete body.stream_options; // a vendor that does not know it may refuse the request
  }
  return JSON.stringify(applyParamOverride(body, call.paramOverride));
}

function formBody(form: FormData, call: UpstreamCall): FormData {
  const out = new FormData();
  for (const [name, value] of form.entries()) if (name !== 'model') out.append(name, value);
  out.set('model', call.model);
  for (const [k, v] of Object.entries(call.paramOverride ?? {})) out.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return out;
}

function build(d: OpenAIDialect, path: string, body: InboundBody, call: UpstreamCall, streamOptions = false): UpstreamRequest {
  const url = d.url(call, path);
  const auth = d.headers(call.channel);
  if (body.kind === 'form') return { url, method: 'POST', headers: auth, body: formBody(body.value, call) };
  return {
    url,
    method: 'POST',
    headers: Object.assign({}, auth, { 'content-type': 'application/json', accept: call.stream ? 'text/event-stream' : 'application/json' }),
    // Pass-through mode (reference §6.3): the exact text received, with no model mapping, override or stream_options.
    body: call.settings.passThrough && body.raw !== undefined ? body.raw : jsonBody(d, body.value, call, streamOptions),
  };
}

const usageOf = (json: unknown): Answer => ({ usage: isObj(json) ? readUsage(json.usage) : null });

const imagesAnswer = (json: unknown): Answer => ({
  usage: usageOf(json).usage,
  count: isObj(json) && Array.isArray(json.data) ? json.data.length : undefined,
});

/** Every OpenAI endpoint, its calls built by `d`. */
export function openaiStyleEndpoints(d: OpenAIDialect) {
  /** A JSON endpoint whose answer carries (or lacks) `usage`. */
  const plain = (path: string, answer: (json: unknown) => Answer = usageOf): EndpointAdapter => ({
    request: (body, call) => build(d, path, body, call),
    answer,
  });
  const chatLike = (path: string, object: 'chat.completion.chunk' | 'text_completion'): EndpointAdapter => ({
    request: (body, call) => build(d, path, body, call, true),
    answer: (json) => ({ usage: usageOf(json).usage, output: choicesOutput(json) }),
    stream: (_call, client): StreamTransform => chatStream(client, object),
  });
  return {
    'openai.chat': chatLike('/chat/completions', 'chat.completion.chunk'),
    'openai.completions': chatLike('/completions', 'text_completion'),
    'openai.embeddings': plain('/embeddings'),
    'openai.moderations': plain('/moderations'),
    'openai.images.generations': plain('/images/generations', imagesAnswer),
    'openai.images.edits': plain('/images/edits', imagesAnswer),
    'openai.audio.speech': { request: (body, call) => build(d, '/audio/speech', body, call) },
    'openai.audio.transcriptions': plain('/audio/transcriptions', transcription),
    'openai.audio.translations': plain('/audio/translations', transcription),
    'openai.responses': {
      request: (body, call) => build(d, '/responses', body, call),
      answer: (json) => ({ usage: usageOf(json).usage, output: responsesOutput(json) }),
      stream: () => responsesStream(),
    },
    rerank: plain('/rerank', (json) => {
      const meta = isObj(json) && isObj(json.meta) && isObj(json.meta.billed_units) ? json.meta.billed_units : null;
      const usage = usageOf(json).usage ?? (meta && typeof meta.input_tokens === 'number' ? { promptTokens: meta.input_tokens, completionTokens: 0 } : null);
      return { usage };
    }),
  } satisfies Record<string, EndpointAdapter>;
}

export const openaiEndpoints = openaiStyleEndpoints(vendorDialect);

/** Transcriptions: `usage` when sent (seconds or tokens), else verbose_json's `duration`; the text for counting. */
function transcription(json: unknown): Answer {
  const usage = usageOf(json).usage ?? (isObj(json) && typeof json.duration === 'number' ? readUsage({ type: 'duration', seconds: json.duration }) : null);
  return { usage, output: { text: isObj(json) && typeof json.text === 'string' ? json.text : '' } };
}
