import { describe, expect, it } from 'vitest';
import { guardedLookup, isBlockedAddress, outboundRequest, outboundUrlProblem } from './outbound.js';

describe('outbound URL guard', () => {
  it.each([
    ['https://api.openai.com', null],
    ['http://127.0.0.1:11434', null],
    ['http://localhost:3000/v1', null],
    ['http://10.0.0.5', null],
    ['http://[::1]:8080', null],
    ['ftp://example.com', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://x', 'scheme'],
    ['http://user:pass@example.com', 'userinfo'],
    ['http://169.254.169.254/latest/meta-data', 'blocked'],
    ['http://2852039166/', 'blocked'], // 169.254.169.254 as one number
    ['http://0xa9.0xfe.0xa9.0xfe/', 'blocked'],
    ['http://[::ffff:169.254.169.254]/', 'blocked'],
    ['http://[fe80::1]/', 'blocked'],
    ['http://[fd00:ec2::254]/', 'blocked'],
    ['http://100.100.100.200/', 'blocked'],
    ['http://0.0.0.0:80/', 'blocked'],
    ['http://metadata.google.internal/', 'blocked'],
    ['http://METADATA.google.internal./', 'blocked'],
    ['not a url', 'invalid'],
  ])('%s → %s', (url, problem) => {
    expect(outboundUrlProblem(url)).toBe(problem);
  });

  it('knows blocked addresses in both families', () => {
    for (const ip of ['169.254.0.1', '0.1.2.3', '224.0.0.1', '255.255.255.255', '::', 'fe80::abcd', '::ffff:a9fe:a9fe', 'ff02::1'])
      expect(isBlockedAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '127.0.0.1', '192.168.1.1', '::1', '2001:db8::1', '::ffff:8.8.8.8'])
      expect(isBlockedAddress(ip), ip).toBe(false);
  });

  it('checks again at request time, before any connection', async () => {
    await expect(outboundRequest('http://169.254.169.254/', { timeoutMs: 500 })).rejects.toMatchObject({ kind: 'blocked' });
  });

  it('refuses blocked addresses at DNS time too (what a hostname resolves to)', async () => {
    const look = (host: string, all: boolean) =>
      new Promise<unknown>((resolve, reject) =>
        guardedLookup(host, { all } as never, (err: Error | null, addr: unknown) => (err ? reject(err) : resolve(addr))));
    await expect(look('0.0.0.0', false)).rejects.toMatchObject({ code: 'EADDRBLOCKED' });
    await expect(look('169.254.169.254', true)).rejects.toMatchObject({ code: 'EADDRBLOCKED' });
    expect(await look('127.0.0.1', false)).toBe('127.0.0.1');
    expect(await look('127.0.0.1', true)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
