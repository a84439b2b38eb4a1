import { describe, expect, it } from 'vitest';
import {
  batchNames, checkAllowIps, checkCount, checkExpiry, checkFields, checkGroup, checkModelLimits, checkMjModel,
  checkMjProxyUrl, checkName, checkQuota, effectiveStatus, enableRefusal, escapeLike, groupNames, isIpOrCidr,
  maskKey, parseApiKey, statusAfterEdit,
} from './token-rules.js';

const NOW = 1_800_000_000;
const state = (o: Partial<{ status: number; expired_time: number; remain_quota: number; unlimited_quota: boolean }> = {}) => ({
  status: 1, expired_time: -1, remain_quota: 100, unlimited_quota: false, ...o,
});

describe('token status transitions', () => {
  it('an enabled token past its expiry is expired, one with no limited quota left is exhausted', () => {
    expect(effectiveStatus(state(), NOW)).toBe(1);
    expect(effectiveStatus(state({ expired_time: NOW - 1 }), NOW)).toBe(3);
    expect(effectiveStatus(state({ expired_time: NOW }), NOW)).toBe(1); // expires after that second
    expect(effectiveStatus(state({ remain_quota: 0 }), NOW)).toBe(4);
    expect(effectiveStatus(state({ remain_quota: -5 }), NOW)).toBe(4);
    expect(effectiveStatus(state({ remain_quota: 0, unlimited_quota: true }), NOW)).toBe(1);
    expect(effectiveStatus(state({ remain_quota: 0, expired_time: NOW - 1 }), NOW)).toBe(3); // expiry first
  });
  it('leaves disabled, expired and exhausted tokens alone', () => {
    expect(effectiveStatus(state({ status: 2, expired_time: NOW - 1 }), NOW)).toBe(2);
    expect(effectiveStatus(state({ status: 4 }), NOW)).toBe(4);
  });
  it('a full edit that removes the cause enables an expired or exhausted token again', () => {
    expect(statusAfterEdit(state({ status: 3, expired_time: -1 }), NOW)).toBe(1);
    expect(statusAfterEdit(state({ status: 4, remain_quota: 10 }), NOW)).toBe(1);
    expect(statusAfterEdit(state({ status: 3, expired_time: -1, remain_quota: 0 }), NOW)).toBe(4);
    expect(statusAfterEdit(state({ status: 4, remain_quota: 0 }), NOW)).toBe(4);
    expect(statusAfterEdit(state({ status: 1, remain_quota: 0 }), NOW)).toBe(4);
    expect(statusAfterEdit(state({ status: 2, remain_quota: 0 }), NOW)).toBe(2);
  });
  it('explains why a token may not be enabled', () => {
    expect(enableRefusal(state(), NOW)).toBeNull();
    expect(enableRefusal(state({ status: 3, expired_time: NOW - 10 }), NOW)).toBe('token.enable_expired');
    expect(enableRefusal(state({ status: 4, remain_quota: 0 }), NOW)).toBe('token.enable_exhausted');
    expect(enableRefusal(state({ status: 4, remain_quota: 0, unlimited_quota: true }), NOW)).toBeNull();
  });
});

describe('token field checks', () => {
  it('name: required, at most 30 characters (counted as characters, not bytes), trimmed', () => {
    expect(checkName('  ')).toEqual({ ok: false, error: 'token.name_required', params: undefined });
    expect(checkName(' a ')).toEqual({ ok: true, value: 'a' });
    expect(checkName('x'.repeat(30)).ok).toBe(true);
    expect(checkName('x'.repeat(31))).toMatchObject({ ok: false, error: 'token.name_too_long', params: { max: 30 } });
    expect(checkName('令'.repeat(30)).ok).toBe(true);
  });
  it('expiry: -1 or a future time; the stored value may be kept', () => {
    expect(checkExpiry(-1, NOW).ok).toBe(true);
    expect(checkExpiry(NOW + 1, NOW).ok).toBe(true);
    expect(checkExpiry(NOW, NOW)).toMatchObject({ ok: false, error: 'token.expiry_invalid' });
    expect(checkExpiry(0, NOW).ok).toBe(false);
    expect(checkExpiry(-2, NOW).ok).toBe(false);
    expect(checkExpiry(NOW - 100, NOW, NOW - 100).ok).toBe(true);
  });
  it('count: a whole number from 1 to 100, default 1', () => {
    expect(checkCount(undefined)).toEqual({ ok: true, value: 1 });
    expect(checkCount(100).ok).toBe(true);
    for (const bad of [0, -1, 101, 1.5]) expect(checkCount(bad)).toMatchObject({ ok: false, error: 'token.count_invalid' });
  });
  it('quota: a whole number of at least 0', () => {
    expect(checkQuota(0).ok).toBe(true);
    expect(checkQuota(-1).ok).toBe(false);
  });
  it('model limits: trimmed comma list without repeats, at most 1024 characters', () => {
    expect(checkModelLimits(' gpt-4o , ,claude-3,gpt-4o ')).toEqual({ ok: true, value: 'gpt-4o,claude-3' });
    expect(checkModelLimits('m'.repeat(1025))).toMatchObject({ ok: false, error: 'token.model_limits_too_long' });
  });
  it('allowed IPs: one address or range per line, the bad line named', () => {
    for (const ok of ['1.2.3.4', '10.0.0.0/8', '0.0.0.0/0', '::1', '2001:db8::/32', 'fe80::1/128']) expect(isIpOrCidr(ok), ok).toBe(true);
    for (const bad of ['1.2.3', '1.2.3.4/33', '::1/129', '1.2.3.4/', '/8', 'example.com', '1.2.3.4/8/1', '1.2.3.4 5.6.7.8', '1.2.3.4/-1'])
      expect(isIpOrCidr(bad), bad).toBe(false);
    expect(checkAllowIps('1.2.3.4\r\n\n  10.0.0.0/8 \n1.2.3.4\n')).toEqual({ ok: true, value: '1.2.3.4\n10.0.0.0/8' });
    expect(checkAllowIps('1.2.3.4\n\nnot-an-ip')).toEqual({ ok: false, error: 'token.allow_ip_invalid', params: { line: 3, value: 'not-an-ip' } });
    expect(checkAllowIps('')).toEqual({ ok: true, value: '' });
  });
  it('group: empty or a known group', () => {
    const groups = groupNames('{"default":1,"vip":1.5}');
    expect(checkGroup('', groups).ok).toBe(true);
    expect(checkGroup(' vip ', groups)).toEqual({ ok: true, value: 'vip' });
    expect(checkGroup('svip', groups)).toMatchObject({ ok: false, error: 'token.group_invalid', params: { group: 'svip' } });
    // an edited token keeps the group it has, even one no longer offered to its user
    expect(checkGroup('svip', groups, 'svip')).toEqual({ ok: true, value: 'svip' });
    expect(checkGroup('svip', groups, 'vip')).toMatchObject({ ok: false, error: 'token.group_invalid' });
    expect(groupNames('not json').size).toBe(0);
    expect(groupNames('[1]').size).toBe(0);
  });
  it('drawing mode and proxy URL', () => {
    for (const m of ['', 'mr', 'relax', 'fast', 'turbo']) expect(checkMjModel(m).ok).toBe(true);
    expect(checkMjModel('slow')).toMatchObject({ ok: false, error: 'token.mj_model_invalid' });
    expect(checkMjProxyUrl('')).toEqual({ ok: true, value: '' });
    expect(checkMjProxyUrl(' https://mj.example.com/api ')).toEqual({ ok: true, value: 'https://mj.example.com/api' });
    for (const bad of ['http://mj.example.com', 'mj.example.com', 'https://', 'https://u:p@mj.example.com', `https://x.com/${'a'.repeat(300)}`])
      expect(checkMjProxyUrl(bad), bad).toMatchObject({ ok: false, error: 'token.mj_proxy_url_invalid' });
  });
  it('checkFields checks only what is present and stops at the first problem', () => {
    const ctx = { now: NOW, groups: new Set(['default']) };
    expect(checkFields({}, ctx)).toEqual({ ok: true, value: {} });
    expect(checkFields({ name: ' n ', unlimited_quota: true, model_limits: 'a,a' }, ctx)).toEqual({
      ok: true, value: { name: 'n', unlimited_quota: true, model_limits: 'a' },
    });
    expect(checkFields({ name: 'n', expired_time: 5, group: 'nope' }, ctx)).toMatchObject({ ok: false, error: 'token.expiry_invalid' });
  });
});

describe('batch names, keys and LIKE patterns', () => {
  it('names the 2nd and later tokens with a 6-character suffix', () => {
    let i = 0;
    const names = batchNames('team', 3, (n) => String(++i).repeat(n));
    expect(names).toEqual(['team', 'team-111111', 'team-222222']);
    expect(batchNames('solo', 1, () => 'x')).toEqual(['solo']);
  });
  it('parses sk-key and sk-key-channelId', () => {
    const k = 'a'.repeat(48);
    expect(parseApiKey(`sk-${k}`)).toEqual({ ok: true, key: k, channelId: null });
    expect(parseApiKey(k)).toEqual({ ok: true, key: k, channelId: null });
    expect(parseApiKey(`sk-${k}-12`)).toEqual({ ok: true, key: k, channelId: 12 });
    for (const bad of ['', 'sk-', `sk-${k}-x`, `sk-${k}-0`, `sk-${k}-1-2`, 'sk-ab$cd', `sk--3`]) expect(parseApiKey(bad), bad).toEqual({ ok: false });
  });
  it('masks keys', () => {
    expect(maskKey('sk-abcdefghijklmnop')).toBe('sk-abc***nop');
    expect(maskKey('abc')).toBe('sk-***');
  });
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
