// A channel's own proxy (its JSON setting `proxy`): relay calls and channel tests go through it; a proxy URL the
// gateway cannot use is refused when the channel is saved, never silently ignored.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../daemon/app/actor.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, addUser, listen, setPrices } from '../helpers/relay.js';

const KEY = 'sk-upstream-proxy-0123456789';

/** A minimal HTTP CONNECT proxy that records which host:port each tunnel went to. */
async function startConnectProxy(): Promise<{ url: string; tunnels: string[]; close(): Promise<void> }> {
  const tunnels: string[] = [];
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, socket, head) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

describe('channel proxy', () => {
  let t: TestApp;
  let up: MockUpstream;
  let proxy: Awaited<ReturnType<typeof startConnectProxy>>;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    up = await startUpstream({ keys: [KEY] });
    proxy = await startConnectProxy();
    base = await listen(t);
    await setPrices(t, { ratio: { 'test-model': 1 } });
  });
  afterAll(async () => {
    await proxy?.close();
    await up?.close();
    await t?.close();
  });

  it('sends relay calls through the channel\'s proxy', async () => {
    const ch = await addChannel(t, { name: 'via-proxy', base_url: up.url, key: KEY, models: 'test-model', setting: JSON.stringify({ proxy: proxy.url }) });
    const uid = await addUser(t);
    const tok = await addToken(t, uid);
    const client = new OpenAI({ apiKey: tok.sk, baseURL: base, maxRetries: 0 });
    const r = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0].message.content).toBe('Hello!');
    const upstreamHost = new URL(up.url).host;
    expect(proxy.tunnels).toContain(upstreamHost);
    expect(ch).toBeGreaterThan(0);
  });

  it('sends a channel test through the channel\'s proxy', async () => {
    const other = await startConnectProxy();
    try {
      const ch = await addChannel(t, { name: 'tested-via-proxy', base_url: up.url, key: KEY, models: 'test-model', setting: JSON.stringify({ proxy: other.url }) });
      const tested = await t.services.channels.test(systemActor, ch, 'test-model', 'en');
      expect(tested.error).toBeUndefined();
      expect(other.tunnels).toEqual([new URL(up.url).host]);
    } finally {
      await other.close();
    }
  });

  it.each([
    ['ftp://127.0.0.1:21', 'only http, https and socks5 proxies are supported'],
    ['not a url', 'not a URL'],
  ])('refuses the proxy %s when the channel is saved', async (p, reason) => {
    await expect(t.services.channels.create(systemActor, { name: 'bad-proxy', key: 'k', models: 'test-model', base_url: up.url, setting: JSON.stringify({ proxy: p }) }))
      .rejects.toMatchObject({ key: 'channel.proxy_invalid', params: { reason } });
  });
});
