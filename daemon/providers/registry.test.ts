import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../contract/channel-types.js';
import { adapterFor, families, familyFor } from './registry.js';
import { endpointUrl, authHeaders } from './openai/vendors.js';
import type { ChannelView } from './types.js';

/** Channel types no family relays yet: each needs its own protocol folder (Claude, Gemini, tasks …). */
const NOT_RELAYED = [2, 5, 11, 14, 15, 16, 18, 21, 23, 24, 33, 34, 35, 36, 37, 41, 44, 49, 50, 51, 52, 54, 55, 56, 57];

describe('provider registry', () => {
  it('claims only channel types the contract knows, each by one family', () => {
    const known = new Set(CHANNEL_TYPES.map((c) => c.id));
    const claimed = families.flatMap((f) => f.channelTypes);
    expect(claimed.filter((t) => !known.has(t))).toEqual([]);
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it('names every type that is not relayed yet, so adding a family updates this list', () => {
    expect(CHANNEL_TYPES.map((c) => c.id).filter((t) => !familyFor(t))).toEqual(NOT_RELAYED);
  });

  it('finds an adapter by type and wire format', () => {
    expect(adapterFor(1, 'openai.chat')).toBeDefined();
    expect(adapterFor(3, 'openai.embeddings')).toBeDefined();
    expect(adapterFor(14, 'openai.chat')).toBeUndefined();
  });
});

describe('OpenAI-compatible vendors', () => {
  const ch = (type: number, baseUrl = '', other = ''): ChannelView => ({ type, baseUrl, key: 'k-123', other, organization: '' });

  it.each<[string, ChannelView, string]>([
    ['OpenAI default base', ch(1), 'https://api.openai.com/v1/chat/completions'],
    ['custom base', ch(8, 'http://10.0.0.5:8000'), 'http://10.0.0.5:8000/v1/chat/completions'],
    ['Zhipu v4 root', ch(26), 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
    ['Perplexity without /v1', ch(27), 'https://api.perplexity.ai/chat/completions'],
    ['Cloudflare account', ch(39, '', 'acc1'), 'https://api.cloudflare.com/client/v4/accounts/acc1/ai/v1/chat/completions'],
    ['Azure deployment, dots removed', ch(3, 'https://r.openai.azure.com', '2025-01-01'), 'https://r.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=2025-01-01'],
  ])('builds the URL for %s', (_name, c, url) => {
    expect(endpointUrl(c, '/chat/completions', 'gpt-3.5-turbo')).toBe(url);
  });

  it('authenticates with Bearer, or api-key on Azure', () => {
    expect(authHeaders({ ...ch(1), organization: 'org-1' })).toEqual({ authorization: 'Bearer k-123', 'openai-organization': 'org-1' });
    expect(authHeaders(ch(3, 'https://r'))).toEqual({ 'api-key': 'k-123' });
  });
});
