import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../contract/channel-types.js';
import { adapterFor, families, familyFor } from './registry.js';
import { endpointUrl, authHeaders } from './openai/vendors.js';
import type { ChannelView } from './types.js';

/** Channel types no family relays yet: each needs its own protocol folder (Gemini, tasks …). */
const NOT_RELAYED = [2, 5, 11, 15, 16, 18, 21, 23, 33, 34, 35, 36, 37, 41, 44, 49, 50, 51, 52, 54, 55, 56, 57];

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

  it('finds an adapter by type and wire format: native, else through a format bridge', () => {
    expect(adapterFor(1, 'openai.chat')).toBe(familyFor(1)!.endpoints['openai.chat']);
    expect(adapterFor(3, 'openai.embeddings')).toBeDefined();
    expect(adapterFor(14, 'claude.messages')).toBe(familyFor(14)!.endpoints['claude.messages']);
    // bridged both ways: a Claude client on an OpenAI channel, an OpenAI chat client on a Claude channel
    expect(adapterFor(1, 'claude.messages')).toBeDefined();
    expect(adapterFor(1, 'claude.messages')).not.toBe(familyFor(1)!.endpoints['openai.chat']);
    expect(adapterFor(14, 'openai.chat')?.stream).toBeDefined();
    // no bridge for the other OpenAI endpoints
    expect(adapterFor(14, 'openai.embeddings')).toBeUndefined();
    expect(adapterFor(14, 'openai.responses')).toBeUndefined();
    // Gemini: native, and bridged both ways for chat and embeddings
    expect(adapterFor(24, 'gemini.generate')).toBe(familyFor(24)!.endpoints['gemini.generate']);
    expect(adapterFor(24, 'openai.chat')?.stream).toBeDefined();
    expect(adapterFor(24, 'openai.chat')?.prepare).toBeDefined();
    expect(adapterFor(24, 'openai.embeddings')).toBeDefined();
    expect(adapterFor(1, 'gemini.generate')?.stream).toBeDefined();
    expect(adapterFor(1, 'gemini.batch_embed')).toBeDefined();
    expect(adapterFor(24, 'claude.messages')).toBeUndefined();
  });
});

describe('OpenAI-compatible vendors', () => {
  const ch = (type: number, baseUrl = '', other = ''): ChannelView => ({ type, baseUrl, key: 'k-123', other, organization: '' });

  it.each<[string, ChannelView, string]>([
    ['OpenAI default base', ch(1), 'https://api.openai.com/v1/chat/completions'],
    ['custom: the URL as given, {model} replaced', ch(8, 'http://10.0.0.5:8000/openai/{model}/chat'), 'http://10.0.0.5:8000/openai/gpt-3.5-turbo/chat'],
    ['Ollama OpenAI path', ch(4), 'http://localhost:11434/v1/chat/completions'],
    ['Zhipu v4 root', ch(26), 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
    ['Perplexity without /v1', ch(27), 'https://api.perplexity.ai/chat/completions'],
    ['Cloudflare account', ch(39, '', 'acc1'), 'https://api.cloudflare.com/client/v4/accounts/acc1/ai/v1/chat/completions'],
  ])('builds the URL for %s', (_name, c, url) => {
    expect(endpointUrl(c, '/chat/completions', 'gpt-3.5-turbo')).toBe(url);
  });

  it('authenticates with Bearer (Azure has its own folder: providers/azure/)', () => {
    expect(authHeaders({ ...ch(1), organization: 'org-1' })).toEqual({ authorization: 'Bearer k-123', 'openai-organization': 'org-1' });
  });
});
