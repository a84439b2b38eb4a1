// A stand-in for Cloudflare's siteverify endpoint: `success` only for tokens listed as good, sent with the right
// secret. Records every call so tests can check what the gateway sent.
import { createServer, type Server } from 'node:http';

export interface FakeTurnstile {
  url: string;
  calls: Array<{ secret: string; response: string; remoteip: string }>;
  /** Tokens that verify; each works once, as with the real service. */
  good: Set<string>;
  close(): Promise<void>;
}

/** `acceptPrefix`: also accept, once each, any token starting with it (tokens made by a fake widget in a browser). */
export async function startFakeTurnstile(secret: string, opts: { acceptPrefix?: string } = {}): Promise<FakeTurnstile> {
  const calls: FakeTurnstile['calls'] = [];
  const good = new Set<string>();
  const spent = new Set<string>();
  const accepts = (token: string) => {
    if (good.delete(token)) return true;
    if (!opts.acceptPrefix || !token.startsWith(opts.acceptPrefix) || spent.has(token)) return false;
    spent.add(token);
    return true;
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const call = { secret: form.get('secret') ?? '', response: form.get('response') ?? '', remoteip: form.get('remoteip') ?? '' };
      calls.push(call);
      const success = req.method === 'POST' && call.secret === secret && accepts(call.response);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    calls,
    good,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
