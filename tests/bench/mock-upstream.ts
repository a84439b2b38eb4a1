// Benchmark server: a fast fixed OpenAI chat upstream on 127.0.0.1 (child process). Non-stream answers are one
// prebuilt JSON body with usage; a stream is 5 chunks, a usage chunk and [DONE], each event written in its own
// event-loop turn (BENCH_CHUNK_MS > 0: that many ms apart) so a relay sees them arrive one by one.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveStats } from './child-stats.js';

const MODEL = 'gpt-4o-mini';
const chunkMs = Number(process.env.BENCH_CHUNK_MS ?? 0);

const answer = Buffer.from(JSON.stringify({
  id: 'chatcmpl-bench', object: 'chat.completion', created: 1700000000, model: MODEL,
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello! How can I help you today?' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
}));

const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: MODEL };
const pieces = ['Hello!', ' How', ' can', ' I', ' help?'];
const events: string[] = [
  ...pieces.map((p, i) => ({ ...base, choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: p } : { content: p }, finish_reason: i === pieces.length - 1 ? 'stop' : null }] })),
  { ...base, choices: [], usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } },
].map((e) => `data: ${JSON.stringify(e)}\n\n`);
events.push('data: [DONE]\n\n');

const next = (): Promise<void> => new Promise((r) => (chunkMs > 0 ? setTimeout(r, chunkMs) : setImmediate(r)));

async function stream(res: ServerResponse): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (let i = 0; i < events.length; i++) {
    if (i > 0) await next();
    if (res.destroyed) return;
    res.write(events[i]);
  }
  res.end();
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"error":{"message":"not found","type":"invalid_request_error"}}');
    }
    const body = Buffer.concat(chunks).toString('utf8');
    if (/"stream"\s*:\s*true/.test(body)) return void stream(res);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
    res.end(answer);
  });
});
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveStats({ url: `http://127.0.0.1:${port}` }, () => new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  }));
});
