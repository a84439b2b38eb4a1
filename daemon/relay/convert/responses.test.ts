// Whole answers and requests through the composed adapters (registry: family's native adapter + bridge).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../providers/registry.js';
import { defaultRelaySettings } from '../../providers/settings.js';
import type { UpstreamCall } from '../../providers/types.js';

const fixture = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const claudeAnswer = fixture('../../providers/anthropic/__fixtures__/messages-response.json');
const openaiAnswer = fixture('../../providers/openai/__fixtures__/chat-response.json');

const call = (type: number, model: string, o: Partial<UpstreamCall> = {}): UpstreamCall => ({
  channel: { type, baseUrl: '', key: 'KEY', other: '', organization: '' }, model, stream: false, paramOverride: null,
  clientModel: model, clientHeaders: {}, promptTokens: 42, created: 1_700_000_000, settings: defaultRelaySettings(), ...o,
});

describe('an OpenAI chat client on a Claude channel', () => {
  const adapter = adapterFor(14, 'openai.chat')!;

  it('sends a Claude request: Anthropic URL and auth, converted body, default max_tokens, thinking adapter', () => {
    const r = adapter.request({ kind: 'json', value: { model: 'c', messages: [{ role: 'system', content: 'S' }, { role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } } },
      call(14, 'claude-3-7-sonnet-20250219-thinking', { stream: true, clientHeaders: { 'anthropic-beta': 'b1' } }));
    expect(r.url).toBe('https://api.anthropic.com/v1/messages');
    expect(r.headers).toMatchObject({ 'x-api-key': 'KEY', 'anthropic-version': '2023-06-01', 'anthropic-beta': 'b1', accept: 'text/event-stream' });
    expect(JSON.parse(r.body as string)).toEqual({
      model: 'claude-3-7-sonnet-20250219', system: [{ type: 'text', text: 'S' }], messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      stream: true, max_tokens: 8192, thinking: { type: 'enabled', budget_tokens: 6553 }, temperature: 1,
    });
  });

  it('reads the Claude usage for billing and answers in OpenAI\'s shape with the billed usage, thinking kept for the next turn', () => {
    const a = adapter.answer!(claudeAnswer, call(14, 'claude-sonnet-4-20250514'));
    expect(a.usage).toEqual({ promptTokens: 1233, completionTokens: 93, cachedTokens: 1024, cacheWriteTokens: 188 });
    const body = a.render!({ promptTokens: 1233, completionTokens: 93, cachedTokens: 1024, cacheWriteTokens: 188 }) as any;
    expect(body).toEqual({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL', object: 'chat.completion', created: 1_700_000_000, model: 'claude-sonnet-4-20250514',
      choices: [{
        index: 0, logprobs: null, finish_reason: 'tool_calls',
        message: {
          role: 'assistant', content: 'Let me check the weather in Paris.',
          reasoning_content: 'The user wants the weather; I should call the tool.',
          thinking_blocks: [{ type: 'thinking', thinking: 'The user wants the weather; I should call the tool.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds' }],
          tool_calls: [{ id: 'toolu_01A09q90qw90lq917835lq9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' } }],
        },
      }],
      usage: { prompt_tokens: 1233, completion_tokens: 93, total_tokens: 1326, prompt_tokens_details: { cached_tokens: 1024, cached_creation_tokens: 188 } },
    });
  });

  it.each<[string, string]>([['end_turn', 'stop'], ['stop_sequence', 'stop'], ['max_tokens', 'length'], ['tool_use', 'tool_calls'], ['refusal', 'content_filter']])(
    'maps stop reason %s to %s',
    (reason, finish) => {
      const body = adapter.answer!({ ...claudeAnswer, stop_reason: reason }, call(14, 'c')).render!({ promptTokens: 1, completionTokens: 1 }) as any;
      expect(body.choices[0].finish_reason).toBe(finish);
    },
  );
});

describe('a Claude client on an OpenAI channel', () => {
  const adapter = adapterFor(1, 'claude.messages')!;

  it('sends an OpenAI chat request with Bearer auth and the stream usage asked for', () => {
    const r = adapter.request({ kind: 'json', value: { model: 'gpt-4o', max_tokens: 100, system: 'S', messages: [{ role: 'user', content: 'hi' }], stream: true } }, call(1, 'gpt-4o-2024-08-06', { stream: true }));
    expect(r.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(r.headers.authorization).toBe('Bearer KEY');
    expect(r.headers['x-api-key']).toBeUndefined();
    expect(JSON.parse(r.body as string)).toEqual({
      model: 'gpt-4o-2024-08-06', max_tokens: 100, stream: true, stream_options: { include_usage: true },
      messages: [{ role: 'system', content: 'S' }, { role: 'user', content: 'hi' }],
    });
  });

  it('converts even in pass-through mode: the exact text is in the other protocol', () => {
    const settings = { ...defaultRelaySettings(), passThrough: true };
    const raw = '{"model":"gpt-4o","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}';
    const r = adapter.request({ kind: 'json', value: JSON.parse(raw), raw }, call(1, 'gpt-4o', { settings }));
    expect(r.body).not.toBe(raw);
    expect(JSON.parse(r.body as string)).toEqual({ model: 'gpt-4o', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] });
  });

  it('answers in Claude\'s shape: usage without the cache reads in input_tokens, stop reason mapped', () => {
    const a = adapter.answer!(openaiAnswer, call(1, 'gpt-4o'));
    expect(a.usage).toEqual({ promptTokens: 1117, completionTokens: 46, cachedTokens: 1024 });
    expect(a.render!({ promptTokens: 1117, completionTokens: 46, cachedTokens: 1024 })).toEqual({
      id: 'msg_chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG', type: 'message', role: 'assistant', model: 'gpt-4o-2024-08-06',
      content: [{ type: 'text', text: 'The image shows a wooden boardwalk.' }], stop_reason: 'end_turn', stop_sequence: null,
      usage: { input_tokens: 93, output_tokens: 46, cache_read_input_tokens: 1024, cache_creation_input_tokens: 0 },
    });
  });

  it('turns reasoning and tool calls into thinking and tool_use blocks', () => {
    const json = { id: 'x', model: 'deepseek-reasoner', choices: [{ index: 0, finish_reason: 'tool_calls', message: {
      role: 'assistant', content: null, reasoning_content: 'hmm',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }, { id: 'call_2', type: 'function', function: { name: 'g', arguments: '' } }],
    } }] };
    const body = adapter.answer!(json, call(1, 'm')).render!({ promptTokens: 5, completionTokens: 3 }) as any;
    expect(body.content).toEqual([
      { type: 'thinking', thinking: 'hmm', signature: '' },
      { type: 'tool_use', id: 'call_1', name: 'f', input: { a: 1 } },
      { type: 'tool_use', id: 'call_2', name: 'g', input: {} },
    ]);
    expect(body.stop_reason).toBe('tool_use');
    expect(adapter.answer!({ ...json, choices: [{ ...json.choices[0], finish_reason: 'length' }] }, call(1, 'm')).render!({ promptTokens: 1, completionTokens: 1 })).toMatchObject({ stop_reason: 'max_tokens' });
  });
});
