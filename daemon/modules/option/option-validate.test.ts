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
  it('strips trailing slashes from addresses', () =>
    expect(checkOption('ServerAddress', 'https://gw.example.com//')).toMatchObject({ ok: true, value: 'https://gw.example.com' }));
});
