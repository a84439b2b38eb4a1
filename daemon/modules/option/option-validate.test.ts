import { describe, expect, it } from 'vitest';
import { optionKeys, optionRegistry } from '../../contract/options.js';
import { translate } from '../../i18n/translate.js';
import { checkOption, type Checked } from './option-validate.js';

/** The message a refusal shows, in both languages. */
const said = (c: Checked) => {
  if (c.ok) throw new Error(`accepted: ${c.value}`);
  return { zh: translate('zh', c.error, c.params), en: translate('en', c.error, c.params) };
};

describe('checkOption', () => {
  it('accepts every default unchanged', () => {
    for (const k of optionKeys) expect(checkOption(k, optionRegistry[k].default), k).toEqual({ ok: true, key: k, value: optionRegistry[k].default });
  });
  it('refuses unknown keys', () => expect(checkOption('Nope', 'x')).toMatchObject({ ok: false, error: 'option.unknown_key' }));

  it('booleans are the strings true and false', () => {
    expect(checkOption('RegisterEnabled', 'false')).toMatchObject({ ok: true, value: 'false' });
    expect(checkOption('RegisterEnabled', true)).toMatchObject({ ok: true, value: 'true' });
    expect(checkOption('RegisterEnabled', 'yes')).toMatchObject({ ok: false, error: 'option.not_boolean' });
    expect(checkOption('RegisterEnabled', 'TRUE')).toMatchObject({ ok: false, error: 'option.not_boolean' });
  });

  it('numbers are parsed, canonical, and bounded ("please enter a number")', () => {
    expect(checkOption('Price', ' 7.5 ')).toMatchObject({ ok: true, value: '7.5' });
    expect(checkOption('Price', 8)).toMatchObject({ ok: true, value: '8' });
    expect(checkOption('QuotaPerUnit', '5e5')).toMatchObject({ ok: true, value: '500000' });
    expect(said(checkOption('Price', 'abc'))).toEqual({ zh: 'Price 请输入数字', en: 'Price: please enter a number' });
    expect(checkOption('Price', '')).toMatchObject({ ok: false, error: 'option.not_number' });
    expect(checkOption('Price', 'Infinity')).toMatchObject({ ok: false, error: 'option.not_number' });
    expect(said(checkOption('MinTopUp', '0'))).toEqual({ zh: 'MinTopUp 不能小于 1', en: 'MinTopUp must be at least 1' });
    expect(checkOption('MinTopUp', '1.5')).toMatchObject({ ok: false, error: 'option.not_integer' });
    expect(checkOption('RetryTimes', '11')).toMatchObject({ ok: false, error: 'option.too_large', params: { max: 10 } });
  });

  it('the ranges of spec 2 §5', () => {
    const bounds: Array<[string, string, string]> = [
      // [key, lowest accepted, first refused below]
      ['gemini.thinking_adapter_budget_tokens_percentage', '0.1', '0.09'],
      ['claude.thinking_adapter_budget_tokens_percentage', '0.1', '0.05'],
      ['general_setting.ping_interval_seconds', '1', '0'],
      ['ModelRequestRateLimitDurationMinutes', '0', '-1'],
      ['ModelRequestRateLimitCount', '0', '-1'],
      ['ModelRequestRateLimitSuccessCount', '1', '0'],
      ['DataExportInterval', '1', '0'],
      ['ChannelDisableThreshold', '0', '-0.5'],
      ['QuotaRemindThreshold', '0', '-1'],
      ['MinTopUp', '1', '0'],
      ['PreConsumedQuota', '0', '-1'],
    ];
    for (const [key, low, below] of bounds) {
      expect(checkOption(key, low), key).toMatchObject({ ok: true });
      expect(checkOption(key, below), key).toMatchObject({ ok: false, error: 'option.too_small' });
    }
    expect(checkOption('gemini.thinking_adapter_budget_tokens_percentage', '1')).toMatchObject({ ok: true });
    expect(checkOption('claude.thinking_adapter_budget_tokens_percentage', '1.01')).toMatchObject({ ok: false, error: 'option.too_large' });
  });

  it('JSON must parse ("not a valid JSON string")', () => {
    for (const key of ['Amounts', 'TopupGroupRatio', 'ModelRatio', 'ApiAddress', 'ApiLoad', 'ApiSk', 'CommonQuestion', 'gemini.safety_settings', 'claude.default_max_tokens']) {
      expect(checkOption(key, '{oops'), key).toMatchObject({ ok: false, error: 'option.not_json' });
    }
    expect(said(checkOption('ApiLoad', '[1,'))).toEqual({ zh: 'ApiLoad 不是合法的 JSON 字符串', en: 'ApiLoad is not a valid JSON string' });
    expect(checkOption('CommonQuestion', '[{"q":"?","a":"!"}]')).toMatchObject({ ok: true });
  });

  it('ratio and price tables: an object of finite numbers in [0, bound] (reference §9.3)', () => {
    expect(checkOption('ModelRatio', '{"gpt-4o":1.25,"free":0}')).toMatchObject({ ok: true });
    expect(checkOption('GroupRatio', '{"default":-1}')).toMatchObject({ ok: false, error: 'option.ratio_invalid', params: { key: 'GroupRatio', name: 'default' } });
    expect(checkOption('CacheRatio', '{"m":"0.5"}')).toMatchObject({ ok: false, error: 'option.ratio_invalid', params: { name: 'm' } });
    expect(checkOption('CompletionRatio', '{"m":null}')).toMatchObject({ ok: false, error: 'option.ratio_invalid' });
    expect(checkOption('ModelRatio', '{"m":1e400}')).toMatchObject({ ok: false, error: 'option.ratio_invalid' }); // Infinity
    expect(checkOption('ModelRatio', '{"m":1000001}')).toMatchObject({ ok: false, error: 'option.ratio_too_large', params: { max: 1000000 } });
    expect(checkOption('ModelPrice', '{"m":2000000}')).toMatchObject({ ok: false, error: 'option.ratio_too_large' });
    expect(checkOption('ModelPrice', '[1]')).toMatchObject({ ok: false, error: 'option.ratio_not_object' });
    expect(checkOption('ModelRatio', 'null')).toMatchObject({ ok: false, error: 'option.ratio_not_object' });
    expect(checkOption('TopupGroupRatio', '{"vip":0.9}')).toMatchObject({ ok: true });
    expect(checkOption('TopupGroupRatio', '{"vip":-0.9}')).toMatchObject({ ok: false, error: 'option.ratio_invalid' });
  });

  it('JSON shapes of the group names and the Gemini and Claude settings', () => {
    expect(checkOption('UserUsableGroups', '{"default":"默认分组"}')).toMatchObject({ ok: true });
    expect(checkOption('UserUsableGroups', '{"default":1}')).toMatchObject({ ok: false, error: 'option.string_map_invalid' });
    expect(checkOption('GroupRatioZh', '["a"]')).toMatchObject({ ok: false, error: 'option.string_map_invalid' });
    expect(checkOption('gemini.safety_settings', '{"default":"BLOCK_NONE"}')).toMatchObject({ ok: true });
    expect(checkOption('gemini.safety_settings', '{"default":"MAYBE"}')).toMatchObject({ ok: false, error: 'option.value_choice_invalid', params: { name: 'default' } });
    expect(checkOption('gemini.version_settings', '{"default":"v1"}')).toMatchObject({ ok: true });
    expect(checkOption('gemini.supported_imagine_models', '["a","b"]')).toMatchObject({ ok: true });
    expect(checkOption('gemini.supported_imagine_models', '["a",1]')).toMatchObject({ ok: false, error: 'option.string_list_invalid' });
    expect(checkOption('claude.default_max_tokens', '{"default":8192,"claude-3":0}')).toMatchObject({ ok: true });
    expect(checkOption('claude.default_max_tokens', '{"default":-1}')).toMatchObject({ ok: false, error: 'option.int_map_invalid' });
    expect(checkOption('claude.default_max_tokens', '{"default":1.5}')).toMatchObject({ ok: false, error: 'option.int_map_invalid' });
    expect(checkOption('claude.model_headers_settings', '{"claude-3":{"anthropic-beta":["a","b"],"x":"c"}}')).toMatchObject({ ok: true });
    expect(checkOption('claude.model_headers_settings', '{"claude-3":{"x":[1]}}')).toMatchObject({ ok: false, error: 'option.header_map_invalid' });
    expect(checkOption('claude.model_headers_settings', '{"claude-3":"x"}')).toMatchObject({ ok: false, error: 'option.header_map_invalid' });
  });

  it('addresses: trailing slashes removed, http(s) only; https-only where the registry says so', () => {
    expect(checkOption('ServerAddress', ' https://gw.example.com// ')).toMatchObject({ ok: true, value: 'https://gw.example.com' });
    expect(checkOption('PayAddress', 'https://pay.example.com/')).toMatchObject({ ok: true, value: 'https://pay.example.com' });
    expect(checkOption('CustomCallbackAddress', 'http://cb.example.com/x/')).toMatchObject({ ok: true, value: 'http://cb.example.com/x' });
    expect(checkOption('WorkerUrl', '')).toMatchObject({ ok: true, value: '' });
    expect(said(checkOption('ServerAddress', 'javascript:alert(1)'))).toEqual({ zh: 'ServerAddress 必须是 http(s) 地址', en: 'ServerAddress must be an http(s) URL' });
    expect(checkOption('MjServerAddress', 'not a url')).toMatchObject({ ok: false, error: 'option.url_invalid' });
    expect(checkOption('TopUpLink', 'ftp://x')).toMatchObject({ ok: false, error: 'option.url_invalid' });
  });

  it('choices', () => {
    expect(checkOption('DataExportDefaultTime', 'week')).toMatchObject({ ok: true });
    expect(said(checkOption('DataExportDefaultTime', 'month'))).toEqual({
      zh: 'DataExportDefaultTime 只能是 hour, day, week 之一', en: 'DataExportDefaultTime must be one of hour, day, week',
    });
  });

  it('lists: trimmed, blanks and repeats dropped, joined with the separator', () => {
    expect(checkOption('SensitiveWords', ' foo \r\n\nbar\nFOO\n')).toMatchObject({ ok: true, value: 'foo\nbar' });
    expect(checkOption('EmailDomainWhitelist', 'a.com, b.com,,\nc.com, A.com')).toMatchObject({ ok: true, value: 'a.com,b.com,c.com' });
    expect(checkOption('AutomaticDisableKeywords', '')).toMatchObject({ ok: true, value: '' });
    expect(checkOption('SensitiveWords', 'x'.repeat(501))).toMatchObject({ ok: false, error: 'option.list_item_too_long' });
  });

  it('lengths are bounded', () => {
    expect(checkOption('SystemName', 'x'.repeat(4097))).toMatchObject({ ok: false, error: 'option.too_long', params: { max: 4096 } });
    expect(checkOption('Notice', 'x'.repeat(100_000))).toMatchObject({ ok: true });
    expect(checkOption('Logo', `data:image/png;base64,${'A'.repeat(200_000)}`)).toMatchObject({ ok: true });
  });

  it('ratio defaults are the JSON text of the built-in tables', () => {
    expect(JSON.parse(optionRegistry.ModelRatio.default)['gpt-4o']).toBe(1.25);
    expect(JSON.parse(optionRegistry.ModelPrice.default)['dall-e-3']).toBe(0.04);
    expect(JSON.parse(optionRegistry.CacheRatio.default)['deepseek-chat']).toBe(0.25);
    expect(JSON.parse(optionRegistry.CompletionRatio.default)).toEqual({ 'gpt-4-gizmo-*': 2, 'gpt-4o-gizmo-*': 3, 'gpt-4-all': 2 });
    expect(optionRegistry.GroupRatio.default).toBe('{"default":1,"vip":1,"svip":1}');
    expect(optionRegistry.PreConsumedQuota.default).toBe('500');
  });
  it('PreConsumedQuota is a whole number of tokens in [0, 2^30]', () => {
    expect(checkOption('PreConsumedQuota', '-1')).toMatchObject({ ok: false, error: 'option.too_small' });
    expect(checkOption('PreConsumedQuota', '1.5')).toMatchObject({ ok: false, error: 'option.not_integer' });
    expect(checkOption('PreConsumedQuota', String(2 ** 30 + 1))).toMatchObject({ ok: false, error: 'option.too_large' });
  });
});
