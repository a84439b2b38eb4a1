// What channel management offers per type follows the contract table (fetch_models, balance), and the calls it
// builds for Ollama, Azure and custom channels match the relay's (providers/).
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../contract/channel-types.js';
import { balanceSupported, fetchBalance, modelsCall, parseModels, testCall, type BalanceGet } from './channel-upstream.js';

const conn = (type: number, extra = {}) => ({ type, base_url: '', key: 'KEY', ...extra });

describe('channel management per type', () => {
  it('offers a model list exactly for the types the contract marks fetch_models', () => {
    for (const t of CHANNEL_TYPES) {
      const call = modelsCall(conn(t.id, { base_url: t.base_url || 'http://upstream.test' }));
      expect(call !== null, `${t.id} ${t.name}`).toBe(t.fetch_models);
    }
  });

  it('offers a balance exactly for the types the contract gives a currency', () => {
    for (const t of CHANNEL_TYPES) expect(balanceSupported(t.id), `${t.id} ${t.name}`).toBe(Boolean(t.balance));
  });

  it('Ollama lists its models from /api/tags, and its tags answer is read', () => {
    expect(modelsCall(conn(4))).toMatchObject({ method: 'GET', url: 'http://localhost:11434/api/tags' });
    expect(modelsCall(conn(4, { base_url: 'http://10.1.2.3:11434' }))!.url).toBe('http://10.1.2.3:11434/api/tags');
    const tags = {
      models: [
        { name: 'llama3.2:latest', model: 'llama3.2:latest', size: 2019393189, details: { family: 'llama' } },
        { name: 'qwen2.5:7b', model: 'qwen2.5:7b', size: 4683087332 },
      ],
    };
    expect(parseModels(tags)).toEqual(['llama3.2:latest', 'qwen2.5:7b']);
    // and it is tested and relayed on its OpenAI-compatible path
    expect(testCall(conn(4), 'llama3.2:latest')!.call.url).toBe('http://localhost:11434/v1/chat/completions');
  });

  it('Azure tests the deployment the relay would call: dots removed unless mapped, api-key header', () => {
    const azure = conn(3, { base_url: 'https://r.openai.azure.com', other: '' });
    const plain = testCall(azure, 'gpt-3.5-turbo')!;
    expect(plain.call.url).toBe('https://r.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=2024-12-01-preview');
    expect(plain.call.headers).toMatchObject({ 'api-key': 'KEY' });
    expect(plain.call.headers.authorization).toBeUndefined();
    const mapped = testCall(azure, 'my-gpt-4.1', 'gpt-4.1')!;
    expect(mapped.call.url).toBe('https://r.openai.azure.com/openai/deployments/my-gpt-4.1/chat/completions?api-version=2024-12-01-preview');
    expect(testCall(azure, 'text-embedding-3-large')!.call.url).toBe('https://r.openai.azure.com/openai/deployments/text-embedding-3-large/embeddings?api-version=2024-12-01-preview');
    expect(modelsCall(azure)).toEqual({ method: 'GET', url: 'https://r.openai.azure.com/openai/models?api-version=2024-12-01-preview', headers: { 'api-key': 'KEY' } });
  });

  it('a custom channel is called at its URL as given, and has no model list', () => {
    const custom = conn(8, { base_url: 'https://gw.example.com/v1/chat/completions' });
    expect(testCall(custom, 'gpt-4o')!.call.url).toBe('https://gw.example.com/v1/chat/completions');
    expect(testCall(conn(8, { base_url: 'https://gw.example.com/m/{model}' }), 'gpt-4o')!.call.url).toBe('https://gw.example.com/m/gpt-4o');
    expect(modelsCall(custom)).toBeNull();
  });

  it('a custom channel\'s dashboard balance is looked up at its API root, not under the request URL', async () => {
    const urls: string[] = [];
    const get: BalanceGet = async (url) => {
      urls.push(url);
      return { status: 200, json: url.includes('subscription') ? { hard_limit_usd: 20, has_payment_method: true } : { total_usage: 500 }, text: '' };
    };
    const now = new Date('2026-03-15T10:00:00Z');
    expect(await fetchBalance(conn(8, { base_url: 'https://gw.example.com/proxy/v1/chat/completions' }), get, now)).toBe(15);
    expect(urls[0]).toBe('https://gw.example.com/proxy/v1/dashboard/billing/subscription');
    urls.length = 0;
    await fetchBalance(conn(8, { base_url: 'https://gw2.example.com/chat' }), get, now);
    expect(urls[0]).toBe('https://gw2.example.com/v1/dashboard/billing/subscription');
  });
});
