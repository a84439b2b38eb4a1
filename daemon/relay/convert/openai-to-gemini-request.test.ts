import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { optionRegistry, type OptionKey } from '../../contract/options.js';
import { parseRelaySettings } from '../../providers/settings.js';
import type { UpstreamCall } from '../../providers/types.js';
import { RelayError } from '../relay-error.js';
import { MAX_IMAGES, inlineImageUrls, mimeFromUrl, openaiToGeminiRequest } from './openai-to-gemini-request.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
const call = (model: string, over: Partial<Record<OptionKey, string>> = {}): UpstreamCall => ({
  channel: { type: 24, baseUrl: '', key: 'K', other: '', organization: '' }, model, stream: true, paramOverride: null, clientModel: model,
  clientHeaders: {}, promptTokens: 0, created: 1_700_000_000, settings: parseRelaySettings((k) => over[k] ?? optionRegistry[k].default),
});

describe('OpenAI chat request → Gemini generateContent', () => {
  const out = openaiToGeminiRequest(fixture('openai-chat-request.json'), call('gemini-2.5-flash'));

  it('moves every system turn, the mid-conversation one included, to systemInstruction in order', () => {
    expect(out.systemInstruction).toEqual({ parts: [{ text: 'You are a weather bot.\nAnswer in French.' }] });
  });

  it('converts images (data URL inline, an http URL left as fileData when not fetched) and keeps turns in order', () => {
    const [user, model, results, last] = out.contents as any[];
    expect(user).toEqual({
      role: 'user',
      parts: [
        { text: 'What is in these pictures, and the weather in Paris and Tokyo?' },
        { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' } },
        { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/cat.jpg' } },
      ],
    });
    // parallel calls stay two parts; the first carries Google's placeholder signature (this turn came from elsewhere)
    expect(model).toEqual({
      role: 'model',
      parts: [
        { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'skip_thought_signature_validator' },
        { functionCall: { name: 'get_weather', args: { city: 'Tokyo' } } },
      ],
    });
    // both results in one user turn, named after the call each answers
    expect(results).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { name: 'get_weather', response: { content: '18°C' } } },
        { functionResponse: { name: 'get_weather', response: { content: '25°C' } } },
      ],
    });
    expect(last).toEqual({ role: 'user', parts: [{ text: 'Merci !' }] });
    expect(out.contents).toHaveLength(4);
  });

  it('maps tools, tool_choice, sampling, stop, max tokens; sets safety settings for every category', () => {
    expect(out.tools).toEqual([{ functionDeclarations: [{ name: 'get_weather', description: 'Weather of a city', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] } }] }]);
    expect(out.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(out.generationConfig).toEqual({ temperature: 1.5, topP: 0.9, maxOutputTokens: 2000, stopSequences: ['END'] });
    expect(out.safetySettings).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'BLOCK_NONE' },
    ]);
    for (const k of ['model', 'messages', 'stream', 'stream_options', 'user', 'logit_bias', 'parallel_tool_calls']) expect(out).not.toHaveProperty(k);
  });

  it('keeps a signature the client sent back, and pairs results by the call id across turns', () => {
    const r = openaiToGeminiRequest({
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: null, tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'a', arguments: '{}' }, extra_content: { google: { thought_signature: 'REAL' } } },
          { id: 'c2', type: 'function', function: { name: 'b', arguments: 'not json' } },
        ] },
        { role: 'tool', tool_call_id: 'c2', content: '[1,2]' },
        { role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' },
      ],
    }, call('gemini-2.5-flash'));
    expect((r.contents as any[])[1].parts).toEqual([
      { functionCall: { name: 'a', args: {} }, thoughtSignature: 'REAL' },
      { functionCall: { name: 'b', args: {} } },
    ]);
    expect((r.contents as any[])[2].parts).toEqual([
      { functionResponse: { name: 'b', response: { result: [1, 2] } } },
      { functionResponse: { name: 'a', response: { ok: true } } },
    ]);
  });

  it('turns built-in tool names into Gemini tools, and a named tool_choice into allowedFunctionNames', () => {
    const r = openaiToGeminiRequest({
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ type: 'function', function: { name: 'googleSearch' } }, { type: 'function', function: { name: 'f', parameters: { type: 'object', properties: {} } } }],
      tool_choice: { type: 'function', function: { name: 'f' } },
    }, call('gemini-2.5-flash'));
    expect(r.tools).toEqual([{ googleSearch: {} }, { functionDeclarations: [{ name: 'f' }] }]);
    expect(r.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } });
  });

  it('maps reasoning_effort, JSON schema output, n, audio; the thinking adapter wins over the effort', () => {
    const r = openaiToGeminiRequest({
      messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } }] }], reasoning_effort: 'high', n: 3,
      presence_penalty: 0, frequency_penalty: 0.5, seed: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object', properties: { a: { type: 'integer', format: 'int64' } }, additionalProperties: false } } },
    }, call('gemini-2.5-pro'));
    expect(r.generationConfig).toEqual({
      candidateCount: 3, frequencyPenalty: 0.5, responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { a: { type: 'INTEGER', format: 'int64' } } },
      thinkingConfig: { thinkingBudget: 26214, includeThoughts: true },
    });
    expect((r.contents as any[])[0].parts).toEqual([{ inlineData: { mimeType: 'audio/wav', data: 'UklGR' } }]);
    const adapter = openaiToGeminiRequest({ messages: [], max_tokens: 1000, reasoning_effort: 'low' }, call('gemini-2.5-flash-thinking', { 'gemini.thinking_adapter_enabled': 'true' }));
    expect(adapter.generationConfig).toEqual({ maxOutputTokens: 1000, thinkingConfig: { thinkingBudget: 600, includeThoughts: true } });
    const own = openaiToGeminiRequest({ messages: [], reasoning_effort: 'low', extra_body: { google: { thinking_config: { thinking_budget: 42, include_thoughts: false } } } }, call('gemini-2.5-flash'));
    expect(own.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 42, includeThoughts: false } });
  });

  it('asks imagine models for images too (by the upstream model, suffix stripped)', () => {
    const s = { 'gemini.supported_imagine_models': '["gemini-img"]', 'gemini.thinking_adapter_enabled': 'true' } as const;
    expect(openaiToGeminiRequest({ messages: [] }, call('gemini-img', s)).generationConfig).toEqual({ responseModalities: ['TEXT', 'IMAGE'] });
    expect(openaiToGeminiRequest({ messages: [] }, call('gemini-img-nothinking', s)).generationConfig).toEqual({ responseModalities: ['TEXT', 'IMAGE'], thinkingConfig: { thinkingBudget: 0 } });
  });

  it('refuses more than MAX_IMAGES images', () => {
    const content = Array.from({ length: MAX_IMAGES + 1 }, () => ({ type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } }));
    expect(() => openaiToGeminiRequest({ messages: [{ role: 'user', content }] }, call('m'))).toThrow(RelayError);
  });

  it('guesses the MIME type of an image URL from its extension', () => {
    expect(['https://x/a.PNG?sig=1', 'https://x/b.webp', 'https://x/c', 'https://x/d.pdf#p'].map(mimeFromUrl)).toEqual(['image/png', 'image/webp', 'image/jpeg', 'application/pdf']);
  });
});

describe('inlining image URLs before a Gemini call', () => {
  it('downloads each http(s) image once and puts it back as a data URL, leaving the rest alone', async () => {
    const fetched: string[] = [];
    const media = async (url: string) => {
      fetched.push(url);
      return { mimeType: 'image/webp', data: Buffer.from(url).toString('base64') };
    };
    const body = {
      model: 'm',
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'https://x/1.png', detail: 'low' } }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } }] },
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/1.png' } }] },
      ],
    };
    const out = await inlineImageUrls(body, media);
    expect(fetched).toEqual(['https://x/1.png']);
    expect((out.messages as any)[1].content[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/webp;base64,${Buffer.from('https://x/1.png').toString('base64')}`, detail: 'low' } });
    expect((out.messages as any)[1].content[2]).toEqual(body.messages[1].content![2]);
    expect(body.messages[1].content![1]).toEqual({ type: 'image_url', image_url: { url: 'https://x/1.png', detail: 'low' } }); // not changed in place
    const plain = { messages: [{ role: 'user', content: 'hi' }] };
    expect(await inlineImageUrls(plain, media)).toBe(plain);
  });

  it('refuses too many images before fetching any', async () => {
    const content = Array.from({ length: MAX_IMAGES + 1 }, (_, i) => ({ type: 'image_url', image_url: { url: `https://x/${i}.png` } }));
    let calls = 0;
    await expect(inlineImageUrls({ messages: [{ role: 'user', content }] }, async () => {
      calls++;
      return { mimeType: 'image/png', data: '' };
    })).rejects.toBeInstanceOf(RelayError);
    expect(calls).toBe(0);
  });
});
