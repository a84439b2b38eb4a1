// Counts are worked out by hand from the rules in reference §4.7 and the vocabulary: "hello" = 1 token,
// " world" = 1, "hello world" = 2, "user" = 1, "bob" = 1, " a" = 1, "aaaaaaaa" = 1 (both cl100k_base and o200k_base).
import { describe, expect, it } from 'vitest';
import {
  FLAT_IMAGE_TOKENS, audioDurationTokens, countChatPromptTokens, countClaudePromptTokens, countCompletionTokens, countInputTokens,
  countTextTokens, encodingFor, imageTokens, pieces, ttsPromptTokens,
} from './token-count.js';

describe('encodingFor', () => {
  it.each([
    ['gpt-4o', 'o200k_base'], ['gpt-4o-mini', 'o200k_base'], ['chatgpt-4o-latest', 'o200k_base'], ['o1-mini', 'o200k_base'],
    ['gpt-4.1', 'o200k_base'], ['gpt-4', 'cl100k_base'], ['gpt-3.5-turbo', 'cl100k_base'], ['claude-3-5-sonnet-20241022', 'cl100k_base'],
  ])('%s → %s', (model, enc) => expect(encodingFor(model)).toBe(enc));
});

describe('countTextTokens', () => {
  it.each([['gpt-4'], ['gpt-4o']])('%s: "" = 0, "hello world" = 2', (model) => {
    expect(countTextTokens('', model)).toBe(0);
    expect(countTextTokens('hello world', model)).toBe(2);
  });
  it('special-token text is ordinary text, not an error', () => expect(countTextTokens('<|endoftext|>', 'gpt-4')).toBeGreaterThan(1));
  it('one long unbroken word is cut into 1000-char pieces: "a" × 200000 = 200 × 125', () => {
    // "a" × 1000 = 125 × "aaaaaaaa"; counting it whole would take minutes
    expect(countTextTokens('a'.repeat(200_000), 'gpt-4')).toBe(25_000);
  });
  it('beyond 1M chars the rest is extrapolated: " a" × 600000 = 500000 counted + ceil(500000 × 200000 / 1000000)', () =>
    expect(countTextTokens(' a'.repeat(600_000), 'gpt-4')).toBe(600_000));
  it('is deterministic', () => {
    const s = 'The quick brown fox 你好世界 🦊 '.repeat(50);
    expect(countTextTokens(s, 'gpt-4o')).toBe(countTextTokens(s, 'gpt-4o'));
  });
});

describe('pieces', () => {
  it.each<[string, number, string[]]>([
    ['aaa bbb', 4, ['aaa', ' bbb']], // cut before the space
    ['abcdefgh', 3, ['abc', 'def', 'gh']], // no whitespace: hard cuts
    ['😀😀', 3, ['😀', '😀']], // never inside a surrogate pair
    ['short', 10, ['short']],
  ])('pieces(%j, %s)', (text, max, want) => expect([...pieces(text, max)]).toEqual(want));
});

describe('countChatPromptTokens', () => {
  const msg = (over: Record<string, unknown> = {}) => ({ role: 'user', content: 'hello world', ...over });
  it.each<[string, Record<string, unknown>, number]>([
    // 3 per message + "user" 1 + "hello world" 2 + 3 reply primer = 9
    ['one message', { model: 'gpt-4', messages: [msg()] }, 9],
    // + 1 per name + "bob" 1 = 11
    ['with a name', { model: 'gpt-4', messages: [msg({ name: 'bob' })] }, 11],
    // gpt-3.5-turbo-0301: 4 per message, −1 per name: 4 + 1 + 2 + (−1 + 1) + 3 = 10
    ['gpt-3.5-turbo-0301', { model: 'gpt-3.5-turbo-0301', messages: [msg({ name: 'bob' })] }, 10],
    // two messages: 2 × (3 + 1 + 2) + 3 = 15
    ['two messages', { model: 'gpt-4o', messages: [msg(), msg()] }, 15],
    // parts: text 2 + low-detail image 85: 3 + 1 + 2 + 85 + 3 = 94
    ['text + low-detail image', { model: 'gpt-4o', messages: [msg({ content: [{ type: 'text', text: 'hello world' }, { type: 'image_url', image_url: { url: 'u', detail: 'low' } }] })] }, 94],
    // image without known size: 255 → 3 + 1 + 255 + 3 = 262
    ['image of unknown size', { model: 'gpt-4o', messages: [msg({ content: [{ type: 'image_url', image_url: 'https://x/y.png' }] })] }, 262],
    // tool definition "hello" + " world" + no parameters = 2: 9 + 2 = 11
    ['tools', { model: 'gpt-4', messages: [msg()], tools: [{ type: 'function', function: { name: 'hello', description: ' world' } }] }, 11],
    // earlier tool call "hello" + " world" = 2: 3 + "assistant" 1 + 0 + 2 + 3 = 9
    ['earlier tool calls', { model: 'gpt-4', messages: [{ role: 'assistant', content: null, tool_calls: [{ function: { name: 'hello', arguments: ' world' } }] }] }, 9],
    // garbage is skipped: only the primer
    ['garbage', { model: 'gpt-4', messages: [null, 5, 'x'] }, 3],
    ['no messages', { model: 'gpt-4' }, 3],
  ])('%s', (_name, req, want) => expect(countChatPromptTokens(req as { model: string })).toBe(want));

  it('image sizes the caller knows use the tile rule', () => {
    const req = { model: 'gpt-4o', messages: [msg({ content: [{ type: 'image_url', image_url: { url: 'u' } }] })] };
    // 1024² → 768² → 4 tiles × 170 + 85 = 765; 3 + 1 + 765 + 3 = 772
    expect(countChatPromptTokens(req, { imageSize: () => ({ width: 1024, height: 1024 }) })).toBe(772);
    // flat media mode (Gemini/Claude channels): 255 → 262
    expect(countChatPromptTokens(req, { media: 'flat', imageSize: () => ({ width: 1024, height: 1024 }) })).toBe(262);
  });
});

describe('imageTokens', () => {
  it.each<[string, string, { detail?: string; width?: number; height?: number }, 'tile' | 'flat', number]>([
    ['1024² high', 'gpt-4o', { width: 1024, height: 1024 }, 'tile', 765], // 768² → 2×2 tiles: 4 × 170 + 85
    ['2048×4096', 'gpt-4o', { width: 2048, height: 4096 }, 'tile', 1105], // fit 1024×2048, then 768×1536: 2×3 tiles: 6 × 170 + 85
    ['512² fits one tile', 'gpt-4o', { width: 512, height: 512 }, 'tile', 255], // 1 × 170 + 85
    ['gpt-4o-mini 512²', 'gpt-4o-mini', { width: 512, height: 512 }, 'tile', 8500], // 5667 + 2833
    ['gpt-4o-mini low', 'gpt-4o-mini', { detail: 'low' }, 'tile', 2833],
    ['low detail', 'gpt-4o', { detail: 'low', width: 4000, height: 4000 }, 'tile', 85],
    ['glm-4v', 'glm-4v', { width: 512, height: 512 }, 'tile', 1047],
    ['flat mode', 'gpt-4o', { width: 512, height: 512 }, 'flat', FLAT_IMAGE_TOKENS],
    ['unknown size', 'gpt-4o', {}, 'tile', 255],
    ['bad size', 'gpt-4o', { width: -1, height: Number.NaN }, 'tile', 255],
  ])('%s', (_name, model, img, media, want) => expect(imageTokens(model, img, media)).toBe(want));
});

describe('countClaudePromptTokens', () => {
  it('system + messages + 3 per tool + primer', () =>
    // system 2 + message (3 + 1 + 2) + tool (3 + "hello world" 2) + primer 3 = 16
    expect(countClaudePromptTokens({
      model: 'claude-3-5-sonnet-20241022', system: 'hello world', messages: [{ role: 'user', content: 'hello world' }],
      tools: [{ name: 'hello', description: ' world' }],
    })).toBe(16));
  it('content blocks: text, tool_use, tool_result, image (flat 255)', () =>
    // 3 + "user" 1 + text 2 + tool_use "hello"+" world"… input undefined → 2 + tool_result "hello" 1 + image 255 + primer 3 = 267
    expect(countClaudePromptTokens({
      model: 'claude-3-haiku-20240307',
      messages: [{ role: 'user', content: [
        { type: 'text', text: 'hello world' }, { type: 'tool_use', name: 'hello world' }, { type: 'tool_result', content: 'hello' }, { type: 'image' },
      ] }],
    })).toBe(267));
});

describe('countCompletionTokens and other inputs', () => {
  it('content + reasoning + 7 per tool call with its name and arguments', () =>
    // "hello world" 2 + "hello" 1 + (7 + "hello world" 2) = 12
    expect(countCompletionTokens('gpt-4o', { text: 'hello world', reasoning: 'hello', toolCalls: [{ name: 'hello', arguments: ' world' }] })).toBe(12));
  it('nothing delivered → 0', () => expect(countCompletionTokens('gpt-4o', {})).toBe(0));
  it('completions / embeddings input: a string or a list', () => {
    expect(countInputTokens('text-embedding-3-small', ['hello', 'hello world'])).toBe(3);
    expect(countInputTokens('text-embedding-3-small', 'hello')).toBe(1);
    expect(countInputTokens('text-embedding-3-small', { x: 1 })).toBe(0);
  });
  it.each([
    ['tts-1', '你好', 2], ['tts-1-hd', '😀a', 2], ['gpt-4o-mini-tts', 'hello world', 2],
  ])('tts prompt %s %j = %s (characters for tts* models)', (model, input, want) => expect(ttsPromptTokens(model, input)).toBe(want));
  it.each([
    [60, 1000], // 60 s = 1 minute = 1000
    [1, 17], // ceil(1000 / 60) = ceil(16.67)
    [0.2, 17], // whole seconds: 1
    [90.5, 1517], // 91 × 1000 / 60 = 1516.67 → 1517
    [-1, 0], [Number.NaN, 0],
  ])('audio of %s s = %s tokens', (seconds, want) => expect(audioDurationTokens(seconds)).toBe(want));
});
