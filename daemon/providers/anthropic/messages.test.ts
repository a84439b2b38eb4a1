import { describe, expect, it } from 'vitest';
import { defaultRelaySettings, parseRelaySettings } from '../settings.js';
import type { RelaySettings, UpstreamCall } from '../types.js';
import { messagesAdapter } from './messages.js';
import { optionRegistry, type OptionKey } from '../../contract/options.js';

function call(o: Partial<UpstreamCall> = {}): UpstreamCall {
  return {
    channel: { type: 14, baseUrl: '', key: 'sk-ant-KEY', other: '', organization: '' },
    model: 'claude-sonnet-4-20250514', stream: false, paramOverride: null, clientModel: 'claude-sonnet-4-20250514',
    clientHeaders: {}, promptTokens: 10, created: 1_700_000_000, settings: defaultRelaySettings(), ...o,
  };
}
const settings = (over: Partial<Record<OptionKey, string>>): RelaySettings => parseRelaySettings((k) => over[k] ?? optionRegistry[k].default);
const json = (value: Record<string, unknown>, raw?: string) => ({ kind: 'json' as const, value, ...(raw ? { raw } : {}) });
const sent = (r: { body: unknown }) => JSON.parse(r.body as string);

describe('Claude Messages request', () => {
  it('calls {base}/v1/messages with x-api-key and the default anthropic-version', () => {
    const r = messagesAdapter.request(json({ model: 'x', max_tokens: 5, messages: [] }), call());
    expect(r.url).toBe('https://api.anthropic.com/v1/messages');
    expect(r.headers).toMatchObject({ 'x-api-key': 'sk-ant-KEY', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' });
    expect(r.headers.authorization).toBeUndefined();
    expect(messagesAdapter.request(json({}), call({ channel: { ...call().channel, baseUrl: 'http://10.0.0.2:8080/' } })).url).toBe('http://10.0.0.2:8080/v1/messages');
  });

  it('passes the client\'s anthropic-version and anthropic-beta, and merges the per-model headers', () => {
    const s = settings({ 'claude.model_headers_settings': JSON.stringify({ 'my-claude': { 'anthropic-beta': ['tools-2024', 'beta-a'], 'X-Extra': 'yes', 'x-api-key': 'stolen' } }) });
    const r = messagesAdapter.request(json({ messages: [] }), call({
      clientModel: 'my-claude', settings: s, clientHeaders: { 'anthropic-version': '2024-01-01', 'anthropic-beta': 'beta-a, beta-b' },
    }));
    expect(r.headers['anthropic-version']).toBe('2024-01-01');
    expect(r.headers['anthropic-beta']).toBe('beta-a,beta-b,tools-2024');
    expect(r.headers['x-extra']).toBe('yes');
    expect(r.headers['x-api-key']).toBe('sk-ant-KEY'); // the settings cannot replace the channel's key
  });

  it('keeps unknown fields, sets the upstream model, fills max_tokens from claude.default_max_tokens and applies param_override', () => {
    const s = settings({ 'claude.default_max_tokens': '{"default":4096,"claude-special":1000}' });
    const body = sent(messagesAdapter.request(json({ model: 'alias', messages: [{ role: 'user', content: 'hi' }], container: { id: 'c1' } }), call({ settings: s, paramOverride: { temperature: 0.2 } })));
    expect(body).toEqual({ model: 'claude-sonnet-4-20250514', messages: [{ role: 'user', content: 'hi' }], container: { id: 'c1' }, max_tokens: 4096, temperature: 0.2 });
    expect(sent(messagesAdapter.request(json({}), call({ model: 'claude-special', settings: s }))).max_tokens).toBe(1000);
    expect(sent(messagesAdapter.request(json({ max_tokens: 7 }), call())).max_tokens).toBe(7);
  });

  it('turns thinking on for a -thinking model: suffix stripped, budget = percentage × max_tokens, sampling knobs reset', () => {
    const body = sent(messagesAdapter.request(json({ max_tokens: 10_000, temperature: 0.3, top_p: 0.9, top_k: 5, messages: [] }), call({ model: 'claude-3-7-sonnet-20250219-thinking' })));
    expect(body).toMatchObject({ model: 'claude-3-7-sonnet-20250219', max_tokens: 10_000, thinking: { type: 'enabled', budget_tokens: 8000 }, temperature: 1 });
    expect(body.top_p).toBeUndefined();
    expect(body.top_k).toBeUndefined();
    // small max_tokens raised to 1280; the budget never below Anthropic's 1024 nor up to max_tokens
    const small = sent(messagesAdapter.request(json({ max_tokens: 100 }), call({ model: 'c-thinking', settings: settings({ 'claude.thinking_adapter_budget_tokens_percentage': '1' }) })));
    expect(small).toMatchObject({ max_tokens: 1280, thinking: { budget_tokens: 1279 } });
    const low = sent(messagesAdapter.request(json({ max_tokens: 2000 }), call({ model: 'c-thinking', settings: settings({ 'claude.thinking_adapter_budget_tokens_percentage': '0.1' }) })));
    expect(low.thinking.budget_tokens).toBe(1024);
  });

  it('keeps a client\'s own thinking (only the suffix goes), and leaves -thinking alone when the adapter is off', () => {
    const own = sent(messagesAdapter.request(json({ max_tokens: 3000, thinking: { type: 'enabled', budget_tokens: 2000 }, temperature: 1 }), call({ model: 'c-thinking' })));
    expect(own).toMatchObject({ model: 'c', thinking: { type: 'enabled', budget_tokens: 2000 }, max_tokens: 3000 });
    const off = sent(messagesAdapter.request(json({ max_tokens: 3000 }), call({ model: 'c-thinking', settings: settings({ 'claude.thinking_adapter_enabled': 'false' }) })));
    expect(off.model).toBe('c-thinking');
    expect(off.thinking).toBeUndefined();
  });

  it('sends the exact text received in pass-through mode', () => {
    const raw = '{"model":"claude-x","max_tokens":1.0,"messages":[]}';
    const r = messagesAdapter.request(json({ model: 'claude-x', max_tokens: 1, messages: [] }, raw), call({ settings: settings({ 'global.pass_through_request_enabled': 'true' }), paramOverride: { temperature: 0 } }));
    expect(r.body).toBe(raw);
  });
});
