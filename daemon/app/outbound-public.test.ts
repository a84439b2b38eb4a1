// URLs that ordinary users give (webhooks): private networks and loopback are refused, at check and connect time.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, outboundRequest, publicLookup } from './outbound.js';

describe('public-only outbound requests', () => {
  it('knows private and loopback addresses in both families', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '198.18.0.1', '::1', '[::1]', 'fd12::1', 'fc00::1', '::ffff:10.0.0.1'])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '2001:db8::1', '::ffff:8.8.8.8', 'example.com', 'fd.example.com'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses a private target that an administrator URL would reach', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect((await outboundRequest(url, { timeoutMs: 2000 })).text).toBe('ok');
      await expect(outboundRequest(url, { timeoutMs: 2000, publicOnly: true })).rejects.toMatchObject({ kind: 'blocked' });
      await expect(outboundRequest(url.replace('127.0.0.1', 'localhost.'), { timeoutMs: 2000, publicOnly: true })).rejects.toMatchObject({ kind: 'blocked' });
    } finally {
      server.close();
    }
  });

  it('refuses names that resolve to private addresses when connecting', async () => {
    const look = (host: string) =>
      new Promise<unknown>((resolve, reject) => publicLookup(host, {} as never, (err: Error | null, addr: unknown) => (err ? reject(err) : resolve(addr))));
    await expect(look('localhost')).rejects.toMatchObject({ code: 'EADDRBLOCKED' });
    await expect(look('10.1.2.3')).rejects.toMatchObject({ code: 'EADDRBLOCKED' });
    expect(await look('8.8.8.8')).toBe('8.8.8.8');
  });
});
