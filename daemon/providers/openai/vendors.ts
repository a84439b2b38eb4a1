// OpenAI-compatible vendors as data (architecture §4.1, one-api's compatible.go): where each one's API root is,
// where it lists its models and what it accepts. Adding a vendor that speaks OpenAI's protocol is one row here and
// one in contract/channel-types.ts (family 'openai'). Azure speaks the same bodies with other URLs and headers: it
// has its own folder (providers/azure/).
import { effectiveBaseUrl } from '../../contract/channel-types.js';
import type { ChannelView, UpstreamCall } from '../types.js';

interface Vendor {
  /** Path from the base URL to the API root (default '/v1'). */
  root?: string;
  /** Accepts `stream_options: {include_usage: true}`, so streams end with the real usage (reference §5). */
  streamUsage?: boolean;
  /** The model list: true = GET {root}/models; a path = GET {base}{path} (Ollama's native list). Absent: none. */
  models?: true | string;
  /** The base URL is the full request URL, used as given with `{model}` replaced (new-api's custom channel). */
  asGiven?: boolean;
}

const VENDORS: Readonly<Record<number, Vendor>> = {
  1: { streamUsage: true, models: true }, // OpenAI
  4: { streamUsage: true, models: '/api/tags' }, // Ollama: OpenAI-compatible /v1, native model list
  6: {}, 7: {}, 9: {}, 10: {}, 12: {}, 13: {}, // legacy resellers
  8: { streamUsage: true, asGiven: true }, // custom: the URL as the admin wrote it
  17: { root: '/compatible-mode/v1', streamUsage: true, models: true }, // Alibaba DashScope
  19: {}, // 360
  20: { streamUsage: true, models: true }, // OpenRouter
  22: {}, // FastGPT
  25: { models: true }, // Moonshot
  26: { root: '/api/paas/v4', models: true }, // Zhipu GLM-4
  27: { root: '', models: true }, // Perplexity
  31: { models: true }, // 01.AI
  38: {}, // Jina
  39: { streamUsage: true }, // Cloudflare (root from the account id)
  40: { streamUsage: true, models: true }, // SiliconFlow
  42: { models: true }, // Mistral
  43: { streamUsage: true, models: true }, // DeepSeek
  45: { root: '/api/v3', streamUsage: true }, // Volcengine Ark
  46: { root: '/v2', streamUsage: true }, // Baidu Qianfan V2
  47: { models: true }, // Xinference
  48: { streamUsage: true, models: true }, // xAI
  53: {}, // Submodel
};

const CLOUDFLARE_TYPE = 39;

/** Types with an OpenAI-style API at {base}{root}. */
export const OPENAI_TYPES: readonly number[] = Object.keys(VENDORS).map(Number);

export const streamsUsage = (type: number): boolean => VENDORS[type]?.streamUsage === true;

/** The API root of an OpenAI-style channel: {base}/v1 for most. */
export function openaiApiRoot(type: number, baseUrl: string, other: string): string {
  const base = effectiveBaseUrl(type, baseUrl);
  if (type === CLOUDFLARE_TYPE) return `${base}/client/v4/accounts/${encodeURIComponent(other)}/ai/v1`;
  return base + (VENDORS[type]?.root ?? '/v1');
}

/** Full URL of an endpoint path ('/chat/completions') for one call. */
export function endpointUrl(c: Pick<ChannelView, 'type' | 'baseUrl' | 'other'>, path: string, model: string): string {
  if (VENDORS[c.type]?.asGiven) return effectiveBaseUrl(c.type, c.baseUrl).replaceAll('{model}', model);
  return openaiApiRoot(c.type, c.baseUrl, c.other) + path;
}

/** Where the vendor lists its models, or null when it has no list. */
export function modelsUrl(type: number, baseUrl: string, other: string): string | null {
  const m = VENDORS[type]?.models;
  if (m === undefined) return null;
  return m === true ? `${openaiApiRoot(type, baseUrl, other)}/models` : effectiveBaseUrl(type, baseUrl) + m;
}

export function authHeaders(c: Pick<ChannelView, 'key' | 'organization'>): Record<string, string> {
  const h: Record<string, string> = { authorization: `Bearer ${c.key}` };
  if (c.organization) h['openai-organization'] = c.organization;
  return h;
}

/** The vendors' answer to "where does this call go, and how does it authenticate" (openai/endpoints.ts). */
export const vendorDialect = {
  url: (call: UpstreamCall, path: string) => endpointUrl(call.channel, path, call.model),
  headers: (c: ChannelView) => authHeaders(c),
  streamUsage: streamsUsage,
};
