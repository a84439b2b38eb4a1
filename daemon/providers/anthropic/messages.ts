// The Messages API on a Claude channel: POST {base}/v1/messages with `x-api-key` and `anthropic-version` (the
// client's, else 2023-06-01), the client's `anthropic-beta`, and the per-model extra headers of
// claude.model_headers_settings merged in. The body is the client's own with the upstream model name, the Claude
// defaults (thinking-adapter.ts) and the channel's param_override applied, so unknown fields survive; in
// pass-through mode it is the exact text received.
import { effectiveBaseUrl } from '../../contract/channel-types.js';
import { applyParamOverride } from '../../relay/param-override.js';
import type { EndpointAdapter, InboundBody, UpstreamCall, UpstreamRequest } from '../types.js';
import { isObj } from '../shape.js';
import { applyClaudeDefaults } from './thinking-adapter.js';
import { messageOutput, readClaudeUsage } from './usage.js';
import { messagesStream } from './stream.js';

export const ANTHROPIC_VERSION = '2023-06-01';
/** Headers the per-model settings may not set: they belong to the transport or to the channel's key. */
const RESERVED = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'x-api-key', 'authorization']);

export const messagesUrl = (call: UpstreamCall): string =>
  `${effectiveBaseUrl(call.channel.type, call.channel.baseUrl).replace(/\/+$/, '')}/v1/messages`;

/** Comma lists merged without blanks or repeats, in order (new-api's normalizeHeaderListValues). */
function mergeList(values: readonly string[]): string {
  const seen = new Set<string>();
  for (const v of values) for (const item of v.split(',')) if (item.trim()) seen.add(item.trim());
  return [...seen].join(',');
}

export function messagesHeaders(call: UpstreamCall): Record<string, string> {
  const h: Record<string, string> = {
    'x-api-key': call.channel.key,
    'anthropic-version': call.clientHeaders['anthropic-version'] || ANTHROPIC_VERSION,
    'content-type': 'application/json',
    accept: call.stream ? 'text/event-stream' : 'application/json',
  };
  if (call.clientHeaders['anthropic-beta']) h['anthropic-beta'] = call.clientHeaders['anthropic-beta'];
  const extra = call.settings.claude.modelHeaders.get(call.clientModel);
  for (const [name, values] of Object.entries(extra ?? {})) {
    if (RESERVED.has(name)) continue;
    const merged = mergeList([h[name] ?? '', ...values]);
    if (merged) h[name] = merged;
  }
  return h;
}

export function messagesBody(body: InboundBody, call: UpstreamCall): string {
  if (body.kind !== 'json') throw new TypeError('the Messages API takes a JSON body');
  if (call.settings.passThrough && body.raw !== undefined) return body.raw;
  const out = Object.assign({}, body.value, { model: call.model });
  applyClaudeDefaults(out, call.settings.claude);
  return JSON.stringify(applyParamOverride(out, call.paramOverride));
}

export const messagesAdapter: EndpointAdapter = {
  request: (body, call): UpstreamRequest => ({ url: messagesUrl(call), method: 'POST', headers: messagesHeaders(call), body: messagesBody(body, call) }),
  answer: (json) => ({ usage: isObj(json) ? readClaudeUsage(json.usage) : null, output: messageOutput(json) }),
  stream: () => messagesStream(),
};
