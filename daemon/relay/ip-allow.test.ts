import { describe, expect, it } from 'vitest';
import { normaliseIp, parseAllowIps } from './ip-allow.js';

describe('token IP allow-list', () => {
  it('is absent when nothing usable is listed', () => {
    expect(parseAllowIps('')).toBeNull();
    expect(parseAllowIps('\n  \nnot-an-ip\n10.0.0.0/99')).toBeNull();
  });
  it('matches single addresses and CIDR ranges of both families', () => {
    const l = parseAllowIps('1.2.3.4\n10.0.0.0/8\r\n2001:db8::/32\n::1\nbogus')!;
    expect(l.allows('1.2.3.4')).toBe(true);
    expect(l.allows('1.2.3.5')).toBe(false);
    expect(l.allows('10.200.3.4')).toBe(true);
    expect(l.allows('11.0.0.1')).toBe(false);
    expect(l.allows('2001:db8:1::5')).toBe(true);
    expect(l.allows('2001:db9::1')).toBe(false);
    expect(l.allows('::1')).toBe(true);
    expect(l.allows('')).toBe(false);
  });
  it('treats IPv4-mapped IPv6 as IPv4, in the list and in the request', () => {
    const l = parseAllowIps('::ffff:127.0.0.1')!;
    expect(l.allows('127.0.0.1')).toBe(true);
    expect(parseAllowIps('127.0.0.0/8')!.allows('::ffff:127.0.0.9')).toBe(true);
    expect(normaliseIp('::FFFF:8.8.8.8')).toBe('8.8.8.8');
  });
  it('accepts commas and spaces between entries (new-api strips them)', () => {
    const l = parseAllowIps('1.1.1.1, 2.2.2.2 3.3.3.3')!;
    expect(['1.1.1.1', '2.2.2.2', '3.3.3.3'].every((ip) => l.allows(ip))).toBe(true);
  });
});
