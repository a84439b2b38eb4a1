import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultRelaySettings } from '../../providers/settings.js';
import type { UpstreamCall } from '../../providers/types.js';
import { geminiToOpenaiRequest } from './gemini-to-openai-request.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
const call = (stream = false): UpstreamCall => ({
  channel: { type: 1, baseUrl: '', key: 'K', other: '', organization: '' }, model: 'gpt-4o', stream, paramOverride: null, clientModel: 'gpt-4o',
  clientHeaders: {}, promptTokens: 0, created: 1_700_000_000, settings: defaultRelaySettings(),
});

describe('Gemini generateContent request → OpenAI chat', () => {
  const out = geminiToOpenaiRequest(fixture('gemini-generate-request.json'), call(true));

  it('puts systemInstruction first, media as image parts, and drops the thoughts', () => {
    const [system, user, assistant] = out.messages as any[];
    expect(system).toEqual({ role: 'system', content: 'You are a weather bot.\nBe brief.' });
    expect(user).toEqual({ role: 'user', content: [
      { type: 'text', text: 'What is in this picture, and the weather in Paris and Tokyo?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==' } },
      { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
    ] });
    expect(assistant).toEqual({ role: 'assistant', content: null, tool_calls: [
      { id: 'call_1_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_1_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tokyo"}' } },
    ] });
  });

  it('answers each call with its own tool message (in order, by name), then the user\'s words', () => {
    expect((out.messages as any[]).slice(3)).toEqual([
      { role: 'tool', tool_call_id: 'call_1_1', content: '{"temp":"18°C"}' },
      { role: 'tool', tool_call_id: 'call_1_2', content: '25°C' },
      { role: 'user', content: 'Merci !' },
    ]);
  });

  it('maps function declarations (schema back to JSON Schema), tool config and generationConfig; leaves Gemini-only knobs out', () => {
    expect(out.tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: ['string', 'null'] } }, required: ['city'] } } }]);
    expect(out.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(out).toMatchObject({
      model: 'gpt-4o', stream: true, temperature: 0.4, top_p: 0.95, max_tokens: 2048, stop: ['END'], n: 2, seed: 11, reasoning_effort: 'medium',
      response_format: { type: 'json_schema', json_schema: { name: 'response', schema: { type: 'object', properties: { answer: { type: 'string' } } } } },
    });
    for (const k of ['topK', 'top_k', 'safetySettings', 'contents', 'systemInstruction']) expect(out).not.toHaveProperty(k);
  });

  it('pairs results by Gemini\'s call ids when it sent them, and takes snake_case fields', () => {
    const r = geminiToOpenaiRequest({
      system_instruction: { parts: [{ text: 'S' }] },
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ function_call: { id: 'g1', name: 'a', args: {} } }, { functionCall: { id: 'g2', name: 'a', args: { n: 2 } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'g2', name: 'a', response: { result: 'two' } } }, { function_response: { id: 'g1', name: 'a', response: { x: 1, y: 2 } } }] },
      ],
      generation_config: { max_output_tokens: 5, response_mime_type: 'application/json' },
    }, call());
    expect(r.messages).toEqual([
      { role: 'system', content: 'S' },
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [
        { id: 'g1', type: 'function', function: { name: 'a', arguments: '{}' } },
        { id: 'g2', type: 'function', function: { name: 'a', arguments: '{"n":2}' } },
      ] },
      { role: 'tool', tool_call_id: 'g2', content: 'two' },
      { role: 'tool', tool_call_id: 'g1', content: '{"x":1,"y":2}' },
    ]);
    expect(r).toMatchObject({ max_tokens: 5, response_format: { type: 'json_object' } });
    expect(r).not.toHaveProperty('stream');
  });

  it.each<[unknown, unknown]>([
    [{ mode: 'AUTO' }, 'auto'], [{ mode: 'NONE' }, 'none'], [{ mode: 'ANY' }, 'required'], [{ mode: 'ANY', allowedFunctionNames: ['a', 'b'] }, 'required'],
  ])('maps functionCallingConfig %j', (fc, expected) => {
    const r = geminiToOpenaiRequest({ contents: [], tools: [{ functionDeclarations: [{ name: 'a' }] }], toolConfig: { functionCallingConfig: fc } }, call());
    expect(r.tool_choice).toEqual(expected);
    expect(r.tools).toEqual([{ type: 'function', function: { name: 'a', parameters: { type: 'object', properties: {} } } }]);
  });

  it('turns audio and PDF inline data into OpenAI parts, and code execution into fenced text', () => {
    const r = geminiToOpenaiRequest({ contents: [
      { role: 'user', parts: [{ inlineData: { mimeType: 'audio/mpeg', data: 'SUQz' } }, { inlineData: { mimeType: 'application/pdf', data: 'JVBE' } }] },
      { role: 'model', parts: [{ executableCode: { language: 'PYTHON', code: 'print(1)' } }, { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1' } }] },
    ] }, call());
    expect(r.messages).toEqual([
      { role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } }, { type: 'file', file: { filename: 'document.pdf', file_data: 'data:application/pdf;base64,JVBE' } }] },
      { role: 'assistant', content: '```python\nprint(1)\n```\n```output\n1\n```\n' },
    ]);
  });
});
