import { describe, expect, it } from 'vitest';
import {
  AZURE_DEFAULT_API_VERSION, CHANNEL_OTHER_DEFAULTS, CHANNEL_TYPES, channelType, channelTypeLabel, effectiveBaseUrl, isChannelType,
  isRelayedType,
} from './channel-types.js';

/** Every id of reference §6.4 (new-api NA 1–48, UP 49–57); 0 is the "unknown" sentinel, 28–30 and 32 are unused. */
const REFERENCE_IDS = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 31, 33, 34, 35,
  36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57,
];

describe('channel type table', () => {
  it('holds every id of reference §6.4 exactly once, and nothing else', () => {
    const ids = CHANNEL_TYPES.map((t) => t.id);
    expect(ids).toEqual(REFERENCE_IDS); // in order, each once
    for (const notAType of [0, 28, 29, 30, 32, 58, 100]) expect(isChannelType(notAType), String(notAType)).toBe(false);
  });

  it('every type has an English and a Chinese name', () => {
    for (const t of CHANNEL_TYPES) {
      expect(t.name.trim(), String(t.id)).not.toBe('');
      expect(t.name_zh.trim(), String(t.id)).not.toBe('');
    }
  });

  it('uses new-api numbering and its UI labels (reference §6.4), not one-api', () => {
    const zh = Object.fromEntries([1, 2, 3, 4, 5, 8, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 26, 31, 33, 40, 41, 42, 44, 46, 48].map((id) => [id, channelType(id)!.name_zh]));
    expect(zh).toEqual({
      1: 'OpenAI', 2: 'Midjourney Proxy', 3: 'Azure OpenAI', 4: 'Ollama', 5: 'Midjourney Proxy Plus', 8: '自定义渠道',
      14: 'Anthropic Claude', 15: '百度文心千帆', 16: '智谱 ChatGLM（已弃用）', 17: '阿里通义千问', 18: '讯飞星火认知', 19: '360 智脑',
      21: '知识库：AI Proxy', 22: '知识库：FastGPT', 23: '腾讯混元', 24: 'Google Gemini', 26: '智谱 GLM-4V', 31: '零一万物',
      33: 'AWS Claude', 40: 'SiliconCloud', 41: 'Vertex AI', 42: 'Mistral AI', 44: '嵌入模型：MokaAI M3E', 46: '百度文心千帆 V2', 48: 'xAI',
    });
    expect([1, 2, 3, 4, 8, 14, 18, 24, 43, 48].map((id) => channelType(id)?.name)).toEqual([
      'OpenAI', 'Midjourney Proxy', 'Azure OpenAI', 'Ollama', 'Custom channel', 'Anthropic Claude', 'iFlytek Spark',
      'Google Gemini', 'DeepSeek', 'xAI',
    ]);
    expect(channelTypeLabel(43, 'en')).toBe('DeepSeek (43)');
    expect(channelTypeLabel(8, 'zh')).toBe('自定义渠道 (8)');
    expect(channelTypeLabel(99, 'en')).toBe('#99');
  });

  it('names the family that relays each type; OpenAI-compatible vendors are rows of the openai family', () => {
    const byFamily = (f: string | null) => CHANNEL_TYPES.filter((t) => t.family === f).map((t) => t.id);
    expect(byFamily('azure')).toEqual([3]);
    expect(byFamily('anthropic')).toEqual([14]);
    expect(byFamily('gemini')).toEqual([24]);
    for (const id of [1, 4, 8, 20, 25, 40, 42, 43, 48]) expect(channelType(id)!.family, String(id)).toBe('openai');
    // task, drawing and native-protocol types this gateway does not relay
    expect(byFamily(null)).toEqual([2, 5, 11, 15, 16, 18, 21, 23, 33, 34, 35, 36, 37, 41, 44, 49, 50, 51, 52, 54, 55, 56, 57]);
    expect(isRelayedType(43)).toBe(true);
    expect(isRelayedType(2)).toBe(false);
    expect(isRelayedType(0)).toBe(false);
  });

  it('default base URLs are http(s) without a trailing slash; types without one that need one give an example', () => {
    for (const t of CHANNEL_TYPES) if (t.base_url) expect(t.base_url, String(t.id)).toMatch(/^https?:\/\/[^/].*[^/]$/);
    for (const t of CHANNEL_TYPES) if (t.base_url_example) {
      expect(t.base_url, String(t.id)).toBe('');
      expect(t.base_url_example, String(t.id)).toMatch(/^https?:\/\//);
    }
    expect(effectiveBaseUrl(43, '')).toBe('https://api.deepseek.com');
    expect(effectiveBaseUrl(48, '')).toBe('https://api.x.ai');
    expect(effectiveBaseUrl(4, '')).toBe('http://localhost:11434');
    expect(effectiveBaseUrl(43, 'http://proxy')).toBe('http://proxy');
    expect(effectiveBaseUrl(3, '')).toBe('');
    expect(channelType(3)!.base_url_example).toBe('https://your-resource.openai.azure.com');
    expect(CHANNEL_TYPES.filter((t) => t.base_url_as_given).map((t) => t.id)).toEqual([8]);
  });

  it('key formats and the meaning of `other` per type', () => {
    expect([3, 15, 18, 23, 33, 41].map((id) => channelType(id)!.key_format)).toEqual([
      'key', 'APIKey|SecretKey', 'APPID|APISecret|APIKey', 'AppId|SecretId|SecretKey', 'AK|SK|Region', '{"type": "service_account", …}',
    ]);
    expect(channelType(3)!.other).toEqual({ kind: 'api_version', example: '2025-04-01-preview', default: AZURE_DEFAULT_API_VERSION });
    expect(AZURE_DEFAULT_API_VERSION).toBe('2024-12-01-preview'); // reference §12 AZURE_DEFAULT_API_VERSION
    expect(channelType(24)!.other?.kind).toBe('api_version');
    expect(channelType(41)!.other?.kind).toBe('region');
    expect(channelType(39)!.other?.kind).toBe('account_id');
    expect(CHANNEL_OTHER_DEFAULTS[18]).toBe('v2.1');
    expect(channelType(18)!.other?.default).toBe('v2.1');
  });

  it('offers model lists and balances only on relayed types', () => {
    for (const t of CHANNEL_TYPES) {
      if (t.fetch_models) expect(t.family, `${t.id} fetch_models`).not.toBeNull();
      if (t.balance) expect(t.family, `${t.id} balance`).not.toBeNull();
    }
    expect(CHANNEL_TYPES.filter((t) => t.fetch_models).map((t) => t.id)).toEqual([1, 3, 4, 14, 17, 20, 24, 25, 26, 27, 31, 40, 42, 43, 47, 48]);
  });
});
