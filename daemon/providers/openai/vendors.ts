// OpenAI-compatible vendors as data (architecture §4.1, one-api's compatible.go): where each one's API root is
// and what it accepts. Adding a vendor that speaks OpenAI's protocol is one row here and one in
// contract/channel-types.ts.
import { effectiveBaseUrl } from '../../contract/channel-types.js';
import type { ChannelView } from '../types.js';

interface Vendor {
  /** Path from the base URL to the API root (default '/v1'). */
  root?: string;
  /** Accepts `stream_options: {include_usage: true}`, so streams end with the real usage (reference §5). */
  streamUsage?: boolean;
}

const VENDORS: Readonly<Record<number, Vendor>> = {
  1: { streamUsage: true }, // OpenAI
  4: { streamUsage: true }, // Ollama
  6: {}, 7: {}, 9: {}, 10: {}, 12: {}, 13: {}, // legacy resellers
  8: { streamUsage: true }, // custom (OpenAI-compatible)
  17: { root: '/compatible-mode/v1', streamUsage: true }, // Alibaba DashScope
  19: {}, // 360
  20: { streamUsage: true }, // OpenRouter
  22: {}, // FastGPT
  25: {}, // Moonshot
  26: { root: '/api/paas/v4' }, // Zhipu GLM-4
  27: { root: '' }, // Perplexity
  31: {}, // 01.AI
  38: {}, // Jina
  39: { streamUsage: true }, // Cloudflare (root from the account id)
  40: { streamUsage: true }, // SiliconFlow
  42: {}, // Mistral
  43: { streamUsage: true }, // DeepSeek
  45: { root: '/api/v3', streamUsage: true }, // Volcengine Ark
  46: { root: '/v2', streamUsage: true }, // Baidu Qianfan V2
  47: {}, // Xinference
  48: { streamUsage: true }, // xAI
  53: {},
};

/** Azure OpenAI: deployments by model name, `api-key` header, an api-version query (channel `other`). */
export const AZURE_TYPE = 3;
export const AZURE_DEFAULT_VERSION = '2024-12-01-preview';
const CLOUDFLARE_TYPE = 39;

/** Types with an OpenAI-style API at {base}{root} (Azure apart: its URLs name a deployment). */
export const OPENAI_TYPES: readonly number[] = Object.keys(VENDORS).map(Number);

export const streamsUsage = (type: number): boolean => type === AZURE_TYPE || VENDORS[type]?.streamUsage === true;

/** The API root of an OpenAI-style channel: {base}/v1 for most. */
export function openaiApiRoot(type: number, baseUrl: string, other: string): string {
  const base = effectiveBaseUrl(type, baseUrl);
  if (type === CLOUDFLARE_TYPE) return `${base}/client/v4/accounts/${encodeURIComponent(other)}/ai/v1`;
  return base + (VENDORS[type]?.root ?? '/v1');
}

/** Full URL of an endpoint path ('/chat/completions') for one call. */
export function endpointUrl(c: ChannelView, path: string, model: string): string {
  if (c.type === AZURE_TYPE) {
    // Azure deployment names cannot hold dots (gpt-3.5-turbo is deployed as gpt-35-turbo).
    const deployment = encodeURIComponent(model.replace(/\./g, ''));
    const version = encodeURIComponent(c.other || AZURE_DEFAULT_VERSION);
    return `${effectiveBaseUrl(c.type, c.baseUrl)}/openai/deployments/${deployment}${path}?api-version=${version}`;
  }
  return openaiApiRoot(c.type, c.baseUrl, c.other) + path;
}

export function authHeaders(c: ChannelView): Record<string, string> {
  if (c.type === AZURE_TYPE) return { 'api-key': c.key };
  const h: Record<string, string> = { authorization: `Bearer ${c.key}` };
  if (c.organization) h['openai-organization'] = c.organization;
  return h;
}
