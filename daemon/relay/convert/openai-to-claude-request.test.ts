import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertMessages, openaiToClaudeRequest, parseDataUrl } from './openai-to-claude-request.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('OpenAI chat request → Claude Messages', () => {
  const out = openaiToClaudeRequest(fixture('openai-chat-request.json'));

  it('moves every system turn, the mid-conversation one included, to `system` in order', () => {
    expect(out.system).toEqual([{ type: 'text', text: 'You are a weather bot.' }, { type: 'text', text: 'Answer in French.' }]);
    expect((out.messages as any[]).some((m) => m.role === 'system')).toBe(false);
  });

  it('converts images: data URLs to base64 sources, http URLs to URL sources; keeps cache_control', () => {
    const [user] = out.messages as any[];
    expect(user).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is in these pictures, and the weather in Paris and Tokyo?', cache_control: { type: 'ephemeral' } },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      ],
    });
  });

  it('returns the signed thinking blocks first, then parallel tool calls as separate tool_use blocks', () => {
    const assistant = (out.messages as any[])[1];
    expect(assistant).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Two cities: call the tool twice.', signature: 'SIG-1' }, // streamed text joined to its signature
        { type: 'redacted_thinking', data: 'REDACTED==' },
        { type: 'tool_use', id: 'call_A', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call_B', name: 'get_weather', input: { city: 'Tokyo' } },
      ],
    });
  });

  it('puts tool results first in one user turn, merged with the user\'s next words', () => {
    const user = (out.messages as any[])[2];
    expect(out.messages).toHaveLength(3);
    expect(user).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'call_A', content: '18°C' },
        { type: 'tool_result', tool_use_id: 'call_B', content: [{ type: 'text', text: '25°C' }] },
        { type: 'text', text: 'Merci !' },
      ],
    });
  });

  it('maps tools, tool_choice, parallel_tool_calls, stop, sampling, max_tokens and user; drops what Claude lacks', () => {
    expect(out.tools).toEqual([{ name: 'get_weather', description: 'Weather of a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]);
    expect(out.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
    expect(out).toMatchObject({ model: 'claude-sonnet-4-20250514', stop_sequences: ['END'], temperature: 1, top_p: 0.9, max_tokens: 2000, stream: true, metadata: { user_id: 'user-42' } });
    expect(out).not.toHaveProperty('stream_options');
    expect(out).not.toHaveProperty('logit_bias');
    expect(out).not.toHaveProperty('parallel_tool_calls');
  });

  it('leaves max_tokens absent when the client set none (the adapter fills the option\'s default)', () => {
    expect(openaiToClaudeRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })).toEqual({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
  });

  it.each<[string, unknown, unknown]>([
    ['"auto"', 'auto', { type: 'auto' }],
    ['"none"', 'none', { type: 'none' }],
    ['a named function', { type: 'function', function: { name: 'f' } }, { type: 'tool', name: 'f' }],
  ])('maps tool_choice %s', (_n, choice, expected) => {
    const r = openaiToClaudeRequest({ model: 'm', messages: [], tools: [{ type: 'function', function: { name: 'f' } }], tool_choice: choice });
    expect(r.tool_choice).toEqual(expected);
    expect(r.tools).toEqual([{ name: 'f', input_schema: { type: 'object', properties: {} } }]);
  });

  it('starts with a user turn, drops empty text, keeps stop lists, reads PDFs', () => {
    const { turns } = convertMessages([
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: '' },
      { role: 'user', content: [{ type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=' } }] },
    ]);
    expect(turns).toEqual([
      { role: 'user', content: [{ type: 'text', text: '...' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
      { role: 'user', content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } }] },
    ]);
    expect(openaiToClaudeRequest({ model: 'm', messages: [], stop: ['a', 'b'] }).stop_sequences).toEqual(['a', 'b']);
    expect(parseDataUrl('data:image/webp;base64,AAA=')).toEqual({ mediaType: 'image/webp', data: 'AAA=' });
    expect(parseDataUrl('https://x/y.png')).toBeNull();
  });

  it('converts legacy function calls and their results with matching ids', () => {
    const { turns } = convertMessages([
      { role: 'user', content: 'time?' },
      { role: 'assistant', content: null, function_call: { name: 'get_time', arguments: '{"tz":"UTC"}' } },
      { role: 'function', name: 'get_time', content: '12:00' },
    ]);
    expect(turns.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'get_time', name: 'get_time', input: { tz: 'UTC' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'get_time', content: '12:00' }] },
    ]);
  });

  it('survives junk without throwing', () => {
    expect(openaiToClaudeRequest({ model: 'm', messages: [null, 5, { role: 'assistant', tool_calls: [{ function: { name: 'f', arguments: '{not json' } }] }] } as any))
      .toEqual({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: '...' }] }, { role: 'assistant', content: [{ type: 'tool_use', id: '', name: 'f', input: {} }] }] });
  });
});
