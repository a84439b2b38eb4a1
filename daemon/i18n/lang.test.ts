import { describe, expect, it } from 'vitest';
import { langFromEnv, langFromHeader } from './lang.js';

describe('langFromHeader', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR, en;q=0.5', 'en'],
    ['en;q=0.4, zh-TW;q=0.8', 'zh'],
    ['de-DE', 'zh'],
  ])('%s -> %s', (header, lang) => expect(langFromHeader(header)).toBe(lang));
});

describe('langFromEnv', () => {
  it('reads GATEWAY_LANG before LANG', () => {
    expect(langFromEnv({ GATEWAY_LANG: 'zh', LANG: 'en_US.UTF-8' })).toBe('zh');
    expect(langFromEnv({ LANG: 'en_US.UTF-8' })).toBe('en');
    expect(langFromEnv({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
  });
});
