import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../contract/channel-types.js';
import { VENDORS, vendorByKey, vendorOf, vendorOfChannelType, vendorOfModel } from './vendors.js';

describe('vendorOfModel', () => {
  it.each([
    ['gpt-4o-mini', 'openai'], ['o1', 'openai'], ['o3-mini', 'openai'], ['chatgpt-4o-latest', 'openai'], ['dall-e-3', 'openai'],
    ['text-embedding-3-small', 'openai'], ['whisper-1', 'openai'], ['tts-1-hd', 'openai'],
    ['claude-3-5-sonnet-20241022', 'anthropic'], ['gemini-2.5-pro', 'google'], ['imagen-3.0-generate-002', 'google'],
    ['deepseek-chat', 'deepseek'], ['DeepSeek-R1', 'deepseek'], ['grok-3-beta', 'xai'], ['mistral-large-latest', 'mistral'],
    ['llama-3.1-70b', 'meta'], ['qwen-max', 'ali'], ['glm-4-flash', 'zhipu'], ['moonshot-v1-8k', 'moonshot'], ['kimi-k2', 'moonshot'],
    ['doubao-pro-32k', 'volcengine'], ['ERNIE-4.0-8K', 'baidu'], ['hunyuan-lite', 'tencent'], ['abab6.5s-chat', 'minimax'],
    ['yi-large', 'lingyiwanwu'], ['command-r-plus', 'cohere'], ['mj_imagine', 'midjourney'], ['suno_music', 'suno'],
    ['@cf/meta/llama-3-8b-instruct', 'cloudflare'],
    // org/model names: the model part first, then the organisation
    ['deepseek-ai/DeepSeek-V3', 'deepseek'], ['Qwen/Qwen2.5-72B-Instruct', 'ali'], ['meta-llama/Meta-Llama-3-8B', 'meta'],
    ['openai/gpt-4o', 'openai'], ['THUDM/chatglm3-6b', 'zhipu'], ['anthropic/some-new-name', 'anthropic'],
  ])('%s → %s', (model, vendor) => expect(vendorOfModel(model)).toBe(vendor));

  it('knows nothing of names without a convention', () => {
    expect(vendorOfModel('my-model')).toBeUndefined();
    expect(vendorOfModel('someone/my-model')).toBeUndefined();
    expect(vendorOfModel('o1x')).toBeUndefined();
  });
});

describe('vendorOf', () => {
  it('prefers the name, then the first maker channel type, else nothing', () => {
    expect(vendorOf('claude-3-haiku-20240307', [1])).toBe('anthropic');
    expect(vendorOf('my-model', [8, 43])).toBe('deepseek'); // custom channel (aggregator) is skipped
    expect(vendorOf('my-model', [20, 8])).toBe(''); // OpenRouter and custom serve every maker's models
    expect(vendorOf('my-model', [])).toBe('');
  });

  it('maps only to known vendors, and only from existing channel types', () => {
    const typeIds = new Set(CHANNEL_TYPES.map((t) => t.id));
    for (let id = 0; id < 100; id++) {
      const v = vendorOfChannelType(id);
      if (v === undefined) continue;
      expect(typeIds.has(id), `type ${id}`).toBe(true);
      expect(vendorByKey(v), `vendor ${v}`).toBeDefined();
    }
  });

  it('has unique keys with a name and an icon each', () => {
    expect(new Set(VENDORS.map((v) => v.key)).size).toBe(VENDORS.length);
    for (const v of VENDORS) {
      expect(v.name).not.toBe('');
      expect(v.icon.length).toBeGreaterThan(0);
      expect(v.icon.length).toBeLessThanOrEqual(2);
    }
  });
});
