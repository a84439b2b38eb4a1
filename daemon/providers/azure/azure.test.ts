import { describe, expect, it } from 'vitest';
import { FormData } from 'undici';
import type { EndpointAdapter, UpstreamCall, WireFormat } from '../types.js';
import { defaultRelaySettings } from '../settings.js';
import { adapterFor, familyFor } from '../registry.js';
import { azureFamily } from './index.js';
import { azureApiVersion, azureDeployment, azureModelsUrl } from './urls.js';

const BASE = 'https://res1.openai.azure.com';

function call(model: string, o: Partial<UpstreamCall> & { other?: string } = {}): UpstreamCall {
  return {
    channel: { type: 3, baseUrl: BASE, key: 'azure-key-0123', other: o.other ?? '', organization: 'org-ignored' },
    model, clientModel: o.clientModel ?? model, stream: o.stream ?? false, paramOverride: o.paramOverride ?? null,
    clientHeaders: {}, promptTokens: 0, created: 0, settings: defaultRelaySettings(),
  };
}

const adapter = (f: WireFormat): EndpointAdapter => {
  const a = azureFamily.endpoints[f];
  if (!a) throw new Error(`no ${f}`);
  return a;
};
const json = (value: Record<string, unknown>) => ({ kind: 'json' as const, value });

describe('Azure OpenAI requests', () => {
  it('chat goes to the deployment named after the model without dots, with the default api-version and api-key', () => {
    const r = adapter('openai.chat').request(json({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] }), call('gpt-3.5-turbo'));
    expect(r.url).toBe(`${BASE}/openai/deployments/gpt-35-turbo/chat/completions?api-version=2024-12-01-preview`);
    expect(r.headers['api-key']).toBe('azure-key-0123');
    expect(r.headers.authorization).toBeUndefined();
    expect(r.headers['openai-organization']).toBeUndefined();
    expect(JSON.parse(r.body as string)).toEqual({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] });
  });

  it('uses the channel\'s api-version, and a mapped model name as the deployment exactly as written', () => {
    const r = adapter('openai.chat').request(json({ model: 'gpt-4.1' }), call('prod-gpt-4.1', { clientModel: 'gpt-4.1', other: '2025-04-01-preview' }));
    expect(r.url).toBe(`${BASE}/openai/deployments/prod-gpt-4.1/chat/completions?api-version=2025-04-01-preview`);
    expect(JSON.parse(r.body as string).model).toBe('prod-gpt-4.1');
    expect(azureDeployment('gpt-4o', 'gpt-4o')).toBe('gpt-4o');
    expect(azureDeployment('gpt-4.1-mini', 'gpt-4.1-mini')).toBe('gpt-41-mini');
    expect(azureApiVersion('  ')).toBe('2024-12-01-preview');
  });

  it('asks for the usage chunk on streams and applies param_override', () => {
    const r = adapter('openai.chat').request(json({ model: 'gpt-4o', stream: true }), call('gpt-4o', { stream: true, paramOverride: { temperature: 0 } }));
    expect(JSON.parse(r.body as string)).toEqual({ model: 'gpt-4o', stream: true, stream_options: { include_usage: true }, temperature: 0 });
    expect(r.headers.accept).toBe('text/event-stream');
  });

  it('builds embeddings, images and audio on the deployment too; Responses on the v1 path', () => {
    const url = (f: WireFormat, model: string) => adapter(f).request(json({ model }), call(model)).url;
    expect(url('openai.embeddings', 'text-embedding-3-small')).toBe(`${BASE}/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-12-01-preview`);
    expect(url('openai.images.generations', 'dall-e-3')).toBe(`${BASE}/openai/deployments/dall-e-3/images/generations?api-version=2024-12-01-preview`);
    expect(url('openai.audio.speech', 'tts-1')).toBe(`${BASE}/openai/deployments/tts-1/audio/speech?api-version=2024-12-01-preview`);
    expect(url('openai.completions', 'gpt-35-turbo-instruct')).toBe(`${BASE}/openai/deployments/gpt-35-turbo-instruct/completions?api-version=2024-12-01-preview`);
    expect(url('openai.responses', 'gpt-4o')).toBe(`${BASE}/openai/v1/responses?api-version=preview`);
    const form = new FormData();
    form.set('model', 'whisper-1');
    const t = adapter('openai.audio.transcriptions').request({ kind: 'form', value: form }, call('whisper-1'));
    expect(t.url).toBe(`${BASE}/openai/deployments/whisper-1/audio/transcriptions?api-version=2024-12-01-preview`);
    expect(t.headers).toEqual({ 'api-key': 'azure-key-0123' });
  });

  it('reads usage like OpenAI, has no moderations or rerank, and serves Claude clients through the bridge', () => {
    const a = adapter('openai.chat').answer!({ choices: [{ message: { content: 'x' } }], usage: { prompt_tokens: 5, completion_tokens: 2 } }, call('gpt-4o'));
    expect(a.usage).toEqual({ promptTokens: 5, completionTokens: 2 });
    expect(azureFamily.endpoints['openai.moderations']).toBeUndefined();
    expect(azureFamily.endpoints.rerank).toBeUndefined();
    expect(familyFor(3)).toBe(azureFamily);
    const claude = adapterFor(3, 'claude.messages')!;
    const r = claude.request(json({ model: 'gpt-4o', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }), call('gpt-4o'));
    expect(r.url).toBe(`${BASE}/openai/deployments/gpt-4o/chat/completions?api-version=2024-12-01-preview`);
    expect(JSON.parse(r.body as string).messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('lists models with the same api-version', () => {
    expect(azureModelsUrl(`${BASE}/`, '')).toBe(`${BASE}/openai/models?api-version=2024-12-01-preview`);
    expect(azureModelsUrl(BASE, '2024-10-21')).toBe(`${BASE}/openai/models?api-version=2024-10-21`);
  });
});
