import { describe, expect, it } from 'vitest';
import type { TokenView } from '@contract/token';
import {
  createRequest, emptyTokenForm, expiryFromPreset, formFromToken, updateRequest, usdToQuota, validateTokenForm,
} from './token-form';

const NOW = 1_900_000_000;
const form = (o: Partial<ReturnType<typeof emptyTokenForm>> = {}) => ({ ...emptyTokenForm(), name: 'n', ...o });

describe('token drawer validation', () => {
  const create = { now: NOW, creating: true };
  it('passes a filled-in form', () => {
    expect(validateTokenForm(form(), create)).toBeNull();
    expect(validateTokenForm(form({ expired_time: NOW + 1, count: 100, mj_proxy_url: 'https://mj.example.com' }), create)).toBeNull();
  });
  it('needs a name of at most 30 characters', () => {
    expect(validateTokenForm(form({ name: '  ' }), create)).toBe('token.form.nameRequired');
    expect(validateTokenForm(form({ name: 'x'.repeat(31) }), create)).toBe('token.form.nameTooLong');
    expect(validateTokenForm(form({ name: '令'.repeat(30) }), create)).toBeNull();
  });
  it('needs a whole, non-negative quota', () => {
    expect(validateTokenForm(form({ remain_quota: -1 }), create)).toBe('token.form.quotaInvalid');
    expect(validateTokenForm(form({ remain_quota: 1.5 }), create)).toBe('token.form.quotaInvalid');
    expect(validateTokenForm(form({ remain_quota: 0 }), create)).toBeNull();
  });
  it('says "expiry time format error" for a past or broken expiry, but keeps a stored one on edit', () => {
    expect(validateTokenForm(form({ expired_time: NOW }), create)).toBe('token.form.expiryInvalid');
    expect(validateTokenForm(form({ expired_time: Number.NaN }), create)).toBe('token.form.expiryInvalid');
    expect(validateTokenForm(form({ expired_time: NOW - 50 }), { now: NOW, creating: false, storedExpiry: NOW - 50 })).toBeNull();
    expect(validateTokenForm(form({ expired_time: NOW - 49 }), { now: NOW, creating: false, storedExpiry: NOW - 50 })).toBe('token.form.expiryInvalid');
  });
  it('checks the count only when creating: a whole number from 1 to 100', () => {
    for (const count of [0, 101, 2.5]) expect(validateTokenForm(form({ count }), create)).toBe('token.form.countInvalid');
    expect(validateTokenForm(form({ count: 0 }), { now: NOW, creating: false })).toBeNull();
  });
  it('wants an https drawing proxy URL', () => {
    expect(validateTokenForm(form({ mj_proxy_url: 'http://x.example' }), create)).toBe('token.form.mjProxyUrlHttps');
  });
});

describe('token form values', () => {
  it('turns dollars into quota with the site unit', () => {
    expect(usdToQuota(10, 500000)).toBe(5_000_000);
    expect(usdToQuota(1, 100)).toBe(100);
    expect(usdToQuota(1, 0)).toBe(500000);
    expect(usdToQuota(1, undefined)).toBe(500000);
  });
  it('computes expiry presets', () => {
    expect(expiryFromPreset('never', NOW)).toBe(-1);
    expect(expiryFromPreset('hour', NOW)).toBe(NOW + 3600);
    expect(expiryFromPreset('day', NOW)).toBe(NOW + 86400);
    expect(expiryFromPreset('month', NOW)).toBe(NOW + 30 * 86400);
  });
  it('builds the create and update bodies', () => {
    const f = form({ name: ' team ', model_limits: ['a', 'b'], count: 3, mj_proxy_url: ' https://x.example ' });
    expect(createRequest(f)).toMatchObject({ name: 'team', model_limits: 'a,b', count: 3, mj_proxy_url: 'https://x.example', remain_quota: 500000, expired_time: -1 });
    const u = updateRequest(9, f);
    expect(u).toMatchObject({ id: 9, name: 'team' });
    expect(u).not.toHaveProperty('count');
    expect(u).not.toHaveProperty('status');
  });
  it('reads a token into the form', () => {
    const view = { id: 1, name: 'x', remain_quota: 7, unlimited_quota: true, expired_time: 5, model_limits_enabled: true, model_limits: 'a, b,', allow_ips: '1.1.1.1', group: 'vip', mj_proxy: '', mj_model: 'fast', mj_proxy_url: '' } as TokenView;
    expect(formFromToken(view)).toMatchObject({ name: 'x', model_limits: ['a', 'b'], unlimited_quota: true, expired_time: 5, mj_model: 'fast', count: 1 });
  });
});
