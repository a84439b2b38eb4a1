import { describe, expect, it } from 'vitest';
import { countChatPromptTokens } from './token-count.js';
import { estimatePromptTokens, estimateTextTokens, MEDIA_TOKENS } from './prompt-estimate.js';

describe('prompt estimate for the hold', () => {
  it('counts letters and digits at three a token, spaces free, punctuation, line breaks and other characters one each', () => {
    expect(estimateTextTokens('abcdef')).toBe(2);
    expect(estimateTextTokens('abc 123 x')).toBe(3);
    expect(estimateTextTokens('f(a, b);\n')).toBe(1 + 5);
    expect(estimateTextTokens('你好世界')).toBe(4);
    expect(estimateTextTokens('')).toBe(0);
  });

  it('walks every string of the body except the model, and counts media flat', () => {
    const image = 'data:image/png;base64,' + 'A'.repeat(100_000);
    const body = {
      model: 'x'.repeat(300),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'abc' }, { type: 'image_url', image_url: { url: image } }] }],
    };
    // 'user' 2 + 'text' 2 + 'abc' 1 + 'image_url' 4 + image 255
    expect(estimatePromptTokens(body)).toBe(2 + 2 + 1 + 4 + MEDIA_TOKENS);
    expect(estimatePromptTokens({ input: 'QUJD'.repeat(100) })).toBe(MEDIA_TOKENS);
  });

  it('leans above the exact count for prose, code and Chinese', () => {
    const samples = [
      'The quick brown fox jumps over the lazy dog. '.repeat(40),
      'function add(a, b) {\n  return a + b; // sum\n}\n'.repeat(30),
      '人工智能网关把用户的请求转发给上游服务商，并按用量计费。'.repeat(20),
      JSON.stringify({ a: [1, 2, 3], b: { c: 'dd' } }).repeat(50),
    ];
    for (const text of samples) {
      const body = { model: 'gpt-4o', messages: [{ role: 'user', content: text }] };
      const exact = countChatPromptTokens(body);
      const estimate = estimatePromptTokens(body);
      expect(estimate).toBeGreaterThanOrEqual(exact);
      expect(estimate).toBeLessThan(exact * 3);
    }
  });

  it('stays bounded on deep nesting', () => {
    let deep: unknown = 'abc';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(estimatePromptTokens(deep)).toBe(0);
  });
});
