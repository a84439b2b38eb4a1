// embedContent and batchEmbedContents on a Gemini channel: the client's body with the upstream model name put
// where Google checks it (`model: "models/<name>"` of the request, and of every batch entry, must match the URL),
// the channel's param_override applied. Google reports no usage for embeddings (newer answers may carry
// usageMetadata, read when present); the relay counts the input text otherwise.
import { applyParamOverride } from '../../relay/param-override.js';
import type { Answer, EndpointAdapter, InboundBody, UpstreamCall } from '../types.js';
import { isObj, type Obj } from '../shape.js';
import { geminiHeaders, geminiUrl } from './generate.js';
import { readGeminiUsage } from './usage.js';

function embedBody(body: InboundBody, call: UpstreamCall, batch: boolean): string {
  if (body.kind !== 'json') throw new TypeError('embeddings take a JSON body');
  if (call.settings.passThrough && body.raw !== undefined) return body.raw;
  const name = `models/${call.model}`;
  const out: Obj = Object.assign({}, body.value);
  if (batch) out.requests = (Array.isArray(out.requests) ? out.requests : []).map((r) => (isObj(r) ? Object.assign({}, r, { model: name }) : r));
  else if (out.model !== undefined) out.model = name;
  return JSON.stringify(applyParamOverride(out, call.paramOverride));
}

const answer = (json: unknown): Answer => ({ usage: isObj(json) ? readGeminiUsage(json.usageMetadata) : null });

const embed = (action: 'embedContent' | 'batchEmbedContents'): EndpointAdapter => ({
  request: (body, call) => ({
    url: geminiUrl(call, call.model, action), method: 'POST', headers: Object.assign(geminiHeaders(call), { accept: 'application/json' }),
    body: embedBody(body, call, action === 'batchEmbedContents'),
  }),
  answer,
});

export const embedAdapter = embed('embedContent');
export const batchEmbedAdapter = embed('batchEmbedContents');
