import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { choicesOutput, readUsage, responsesOutput } from './usage.js';

const json = (name: string) => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('OpenAI usage', () => {
  it('reads a chat answer with cached prompt tokens', () => {
    const body = json('chat-response.json');
    expect(readUsage(body.usage)).toEqual({ promptTokens: 1117, completionTokens: 46, cachedTokens: 1024 });
    expect(choicesOutput(body).text).toBe('The image shows a wooden boardwalk.');
  });

  it('reads the Responses API shape', () => {
    const body = json('responses-response.json');
    expect(readUsage(body.usage)).toEqual({ promptTokens: 37, completionTokens: 11, cachedTokens: 5 });
    expect(responsesOutput(body).text).toBe('Hi there!');
  });

  it.each<[string, unknown, unknown]>([
    ['embeddings', { prompt_tokens: 8, total_tokens: 8 }, { promptTokens: 8, completionTokens: 0 }],
    ['rerank total only', { total_tokens: 12 }, { promptTokens: 12, completionTokens: 0 }],
    ['audio and reasoning parts', { prompt_tokens: 100, completion_tokens: 50, prompt_tokens_details: { audio_tokens: 30 }, completion_tokens_details: { audio_tokens: 20, reasoning_tokens: 5 } },
      { promptTokens: 100, completionTokens: 50, audioPromptTokens: 30, audioCompletionTokens: 20, reasoningTokens: 5 }],
    ['transcription seconds (1 minute = 1000 tokens)', { type: 'duration', seconds: 90 }, { promptTokens: 1500, completionTokens: 0 }],
    ['gpt-image tokens', { input_tokens: 50, output_tokens: 4160, input_tokens_details: { text_tokens: 50, image_tokens: 0 } }, { promptTokens: 50, completionTokens: 4160 }],
    ['null', null, null],
    ['no counts', { foo: 1 }, null],
    ['negative counts ignored', { prompt_tokens: -5, completion_tokens: 3 }, { promptTokens: 0, completionTokens: 3 }],
  ])('reads %s', (_name, usage, expected) => {
    expect(readUsage(usage)).toEqual(expected);
  });

  it('collects choice texts, reasoning and tool calls of a whole answer', () => {
    const out = choicesOutput({
      choices: [
        { message: { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], reasoning_content: 'r', tool_calls: [{ function: { name: 'f', arguments: '{}' } }] } },
        { text: 'legacy' },
      ],
    });
    expect(out).toEqual({ text: 'ablegacy', reasoning: 'r', toolCalls: [{ name: 'f', arguments: '{}' }] });
  });
});
