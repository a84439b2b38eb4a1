// generateContent / streamGenerateContent on a Gemini channel (reference §6.2): POST
// {base}/{version}/models/{model}:generateContent, or :streamGenerateContent?alt=sse for a stream, with the
// channel key in `x-goog-api-key`. The version is the model's entry in gemini.version_settings, else the channel's
// `other`, else the settings' default (v1beta). The body is the client's own (unknown fields survive) with the
// thinking adapter's thinkingConfig when the client set none, and the channel's param_override; in pass-through
// mode it is the exact text received.
import { effectiveBaseUrl } from '../../contract/channel-types.js';
import { applyParamOverride } from '../../relay/param-override.js';
import type { EndpointAdapter, InboundBody, UpstreamCall, UpstreamRequest } from '../types.js';
import { isObj, type Obj } from '../shape.js';
import { DEFAULT_GEMINI_VERSION } from './settings.js';
import { generateStream } from './stream.js';
import { thinkingSuffix } from './thinking.js';
import { geminiOutput, readGeminiUsage } from './usage.js';

/** An API version as Google names them (v1, v1beta, v1alpha, v2beta3 …): anything else would reshape the URL. */
const VERSION = /^v\d+(?:(?:alpha|beta)\d*)?$/;

export function apiVersion(call: UpstreamCall, model: string): string {
  const s = call.settings.gemini;
  for (const v of [s.versions.get(model), call.channel.other.trim(), s.versions.get('default')]) if (v && VERSION.test(v)) return v;
  return DEFAULT_GEMINI_VERSION;
}

export function geminiUrl(call: UpstreamCall, model: string, action: string): string {
  const base = effectiveBaseUrl(call.channel.type, call.channel.baseUrl).replace(/\/+$/, '');
  return `${base}/${apiVersion(call, model)}/models/${encodeURIComponent(model)}:${action}`;
}

export const geminiHeaders = (call: UpstreamCall): Record<string, string> => ({
  'x-goog-api-key': call.channel.key,
  'content-type': 'application/json',
  accept: call.stream ? 'text/event-stream' : 'application/json',
});

const maxOutputTokens = (body: Obj): number | undefined => {
  const g = isObj(body.generationConfig) ? body.generationConfig : null;
  return g && typeof g.maxOutputTokens === 'number' ? g.maxOutputTokens : undefined;
};

/** The upstream model (the adapter's suffix stripped) and the thinkingConfig the suffix asks for. */
export function upstreamModel(call: UpstreamCall, body: Obj): { model: string; thinking?: Obj } {
  const t = thinkingSuffix(call.model, call.settings.gemini, { maxOutputTokens: maxOutputTokens(body) });
  return t ? { model: t.model, thinking: t.config } : { model: call.model };
}

function generateBody(body: InboundBody, call: UpstreamCall, thinking: Obj | undefined): string {
  if (body.kind !== 'json') throw new TypeError('generateContent takes a JSON body');
  if (call.settings.passThrough && body.raw !== undefined) return body.raw;
  const out: Obj = Object.assign({}, body.value);
  delete out.model; // the model travels in the URL; Google refuses unknown fields
  if (thinking) {
    const g: Obj = isObj(out.generationConfig) ? Object.assign({}, out.generationConfig) : {};
    if (g.thinkingConfig === undefined || g.thinkingConfig === null) g.thinkingConfig = thinking;
    out.generationConfig = g;
  }
  return JSON.stringify(applyParamOverride(out, call.paramOverride));
}

export const generateAdapter: EndpointAdapter = {
  request(body, call): UpstreamRequest {
    const { model, thinking } = upstreamModel(call, body.kind === 'json' ? body.value : {});
    const action = call.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
    return { url: geminiUrl(call, model, action), method: 'POST', headers: geminiHeaders(call), body: generateBody(body, call, thinking) };
  },
  answer: (json) => ({ usage: isObj(json) ? readGeminiUsage(json.usageMetadata) : null, output: geminiOutput(json) }),
  stream: () => generateStream(),
};
