// Benchmark server: the floor, a minimal undici pass-through (child process). It reads the request, forwards it
// to the mock upstream (BENCH_UPSTREAM) over a keep-alive undici Agent, and pipes the answer back as it arrives.
// No auth, no billing, no logging: what any relay written on Node + undici costs at the least.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import { serveStats } from './child-stats.js';

const upstream = process.env.BENCH_UPSTREAM;
if (!upstream) throw new Error('BENCH_UPSTREAM is not set');
const agent = new Agent({ keepAliveTimeout: 30_000 });

const server = createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const up = await request(upstream + (req.url ?? '/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-upstream' },
      body: Buffer.concat(chunks),
      dispatcher: agent,
    });
    res.writeHead(up.statusCode, { 'content-type': String(up.headers['content-type'] ?? 'application/json') });
    await pipeline(up.body, res);
  } catch {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  }
});
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveStats({ url: `http://127.0.0.1:${port}` }, async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await agent.close();
  });
});
