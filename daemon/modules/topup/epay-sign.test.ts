import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { epaySign, epaySignBase, signEpay, verifyEpaySign } from './epay-sign.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('epay MD5 signature', () => {
  const fields = {
    pid: '1001', type: 'alipay', out_trade_no: 'USR1NOabc1231700000000', notify_url: 'https://gw.example.com/api/user/epay/notify',
    return_url: 'https://gw.example.com/topup?result=return&trade_no=USR1NOabc1231700000000', name: 'TUC10', money: '73.00', device: 'pc',
  };

  it('sorts keys, joins k=v with &, and leaves values unencoded', () => {
    expect(epaySignBase({ b: '2', a: '1', c: 'x y&z' })).toBe('a=1&b=2&c=x y&z');
  });

  it('drops sign, sign_type and empty values', () => {
    expect(epaySignBase({ a: '1', sign: 'zzz', sign_type: 'MD5', empty: '', z: '0' })).toBe('a=1&z=0');
  });

  it('appends the key with no separator and answers lowercase hex md5', () => {
    expect(epaySign({ money: '1.00', pid: '7' }, 'KEY')).toBe(md5('money=1.00&pid=7KEY'));
    expect(epaySign(fields, 'k')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('matches a known vector', () => {
    // `echo -n 'a=1&b=2key' | md5sum`
    expect(epaySign({ b: '2', a: '1' }, 'key')).toBe('1c123a5dc12e90deeaa1cd94681f0d88');
  });

  it('verifies what it signs, in any key order and letter case of the sign', () => {
    const signed = signEpay(fields, 'secret');
    expect(signed.sign_type).toBe('MD5');
    expect(verifyEpaySign(signed, 'secret')).toBe(true);
    const reordered = Object.fromEntries(Object.entries(signed).reverse());
    expect(verifyEpaySign(reordered, 'secret')).toBe(true);
    expect(verifyEpaySign({ ...signed, sign: signed.sign.toUpperCase() }, 'secret')).toBe(true);
  });

  it('refuses a wrong key, a changed field, an added field, a missing or malformed sign, an empty key', () => {
    const signed = signEpay(fields, 'secret');
    expect(verifyEpaySign(signed, 'other')).toBe(false);
    expect(verifyEpaySign({ ...signed, money: '0.01' }, 'secret')).toBe(false);
    expect(verifyEpaySign({ ...signed, extra: '1' }, 'secret')).toBe(false);
    expect(verifyEpaySign({ ...signed, sign: '' }, 'secret')).toBe(false);
    expect(verifyEpaySign({ ...signed, sign: 'not-hex' }, 'secret')).toBe(false);
    const { sign: _s, ...unsigned } = signed;
    expect(verifyEpaySign(unsigned, 'secret')).toBe(false);
    expect(verifyEpaySign(signEpay(fields, ''), '')).toBe(false);
  });

  it('ignores an empty extra field, as the provider does', () => {
    const signed = signEpay(fields, 'secret');
    expect(verifyEpaySign({ ...signed, param: '' }, 'secret')).toBe(true);
  });
});
