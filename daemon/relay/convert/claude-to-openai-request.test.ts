import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claudeToOpenaiRequest } from './claude-to-openai-request.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('Claude Messages request → OpenAI chat', () => {
  const out = claudeToOpenaiRequest(fixture('claude-messages-request.json'));

  it('turns the system blocks into the first system message, and images into image_url parts', () => {
    const [system, user] = out.messages as any[];
    expect(system).toEqual({ role: 'system', content: 'You are a weather bot.\nBe brief.' });
    expect(user).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Weather in Paris and Tokyo? And what is this?' },
        { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' } },
        { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
      ],
    });
  });

  it('turns tool_use blocks into tool_calls and drops the thinking', () => {
    expect((out.messages as any[])[2]).toEqual({
      role: 'assistant',
      content: 'Checking both.',
      tool_calls: [
        { id: 'toolu_A', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { id: 'toolu_B', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tokyo"}' } },
      ],
    });
  });

  it('puts tool results first as tool messages (errors marked), images of a result and the user\'s words after', () => {
    expect((out.messages as any[]).slice(3)).toEqual([
      { role: 'tool', tool_call_id: 'toolu_A', content: '18°C' },
      { role: 'tool', tool_call_id: 'toolu_B', content: 'Error: station offline' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }, { type: 'text', text: 'Thanks!' }] },
    ]);
  });

  it('maps custom tools only, tool_choice, parallel calls, stop (kept a list), sampling and the user id', () => {
    expect(out.tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }]);
    expect(out).toMatchObject({ model: 'gpt-4o', max_tokens: 1024, tool_choice: 'required', parallel_tool_calls: false, stop: ['END'], temperature: 0.5, stream: true, user: 'user-42' });
    for (const k of ['top_k', 'thinking', 'system', 'metadata', 'stop_sequences']) expect(out).not.toHaveProperty(k);
  });

  it.each<[unknown, unknown]>([
    [{ type: 'auto' }, 'auto'],
    [{ type: 'none' }, 'none'],
    [{ type: 'tool', name: 'get_weather' }, { type: 'function', function: { name: 'get_weather' } }],
  ])('maps tool_choice %j', (choice, expected) => {
    const r = claudeToOpenaiRequest({ model: 'm', messages: [], tools: [{ name: 'get_weather', input_schema: { type: 'object' } }], tool_choice: choice });
    expect(r.tool_choice).toEqual(expected);
    expect(r).not.toHaveProperty('parallel_tool_calls');
  });

  it('keeps string contents as strings and survives junk', () => {
    expect(claudeToOpenaiRequest({ model: 'm', system: 'S', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'yo' }, 7] } as any))
      .toEqual({ model: 'm', messages: [{ role: 'system', content: 'S' }, { role: 'user', content: 'hi' }, { role: 'assistant', content: 'yo' }] });
  });
});
