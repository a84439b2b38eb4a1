import { describe, expect, it } from 'vitest';
import { optionKeys, optionRegistry } from '../../contract/options.js';
import { checkOption } from './option-validate.js';

describe('checkOption', () => {
  it('accepts every default', () => {
    for (const k of optionKeys) expect(checkOption(k, optionRegistry[k].default), k).toMatchObject({ ok: true });
  });
  it('refuses unknown keys', () => expect(checkOption('Nope', 'x')).toMatchObject({ ok: false, error: 'option.unknown_key' }));
  it('booleans are the strings true and false', () => {
    expect(checkOption('RegisterEnabled', 'false')).toMatchObject({ ok: true, value: 'false' });
    expect(checkOption('RegisterEnabled', true)).toMatchObject({ ok: true, value: 'true' });
    expect(checkOption('RegisterEnabled', 'yes')).toMatchObject({ ok: false, error: 'option.not_boolean' });
  });
  it('numbers are parsed and bounded', () => {
    expect(checkOption('Price', ' 7.5 ')).toMatchObject({ ok: true, value: '7.5' });
    expect(checkOption('Price', 'abc')).toMatchObject({ ok: false, error: 'option.not_number' });
    expect(checkOption('MinTopUp', '0')).toMatchObject({ ok: false, error: 'option.too_small', params: { min: 1 } });
    expect(checkOption('MinTopUp', '1.5')).toMatchObject({ ok: false, error: 'option.not_integer' });
    expect(checkOption('RetryTimes', '11')).toMatchObject({ ok: false, error: 'option.too_large' });
  });
  it('JSON must parse', () => {
    expect(checkOption('GroupRatio', '{"default":1}')).toMatchObject({ ok: true });
    expect(checkOption('GroupRatio', '{default:1}')).toMatchObject({ ok: false, error: 'option.not_json' });
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
    expect(checkOption('UserUsableGroups', '{"default":"默认分组"}')).toMatchObject({ ok: true }); // not a ratio table
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
  it('strips trailing slashes from addresses', () =>
    expect(checkOption('ServerAddress', 'https://gw.example.com//')).toMatchObject({ ok: true, value: 'https://gw.example.com' }));
});
