import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UpstreamBody } from './upstream-body.js';
import { CallCancel, type CallSignal } from './call-cancel.js';
import { UpstreamHttp, UpstreamHttpError } from './upstream-http.js';

const chunk = (n: number, fill = 'a') => Buffer.alloc(n, fill);

describe('UpstreamBody', () => {
  it('hands chunks to a waiting reader in order, then ends', async () => {
    const body = new UpstreamBody(() => {}, () => {});
    const seen: string[] = [];
    const reading = (async () => {
      for await (const c of body) seen.push(c.toString());
    })();
    body.push(Buffer.from('one'));
    body.push(Buffer.from('two'));
    await Promise.resolve();
    body.push(Buffer.from('three'));
    body.end();
    await reading;
    expect(seen).toEqual(['one', 'two', 'three']);
  });

  it('pauses the socket past 64 KB unread and resumes it once the reader took them', async () => {
    const resume = vi.fn();
    const body = new UpstreamBody(() => {}, resume);
    const answers = Array.from({ length: 5 }, () => body.push(chunk(16 * 1024)));
    expect(answers).toEqual([true, true, true, true, false]);
    expect(resume).not.toHaveBeenCalled();
    const { value } = await body.next();
    expect(value.length).toBe(80 * 1024); // what waited comes as one chunk, as Readable.read() gives it
    expect(resume).toHaveBeenCalledTimes(1);
    expect(body.push(chunk(16 * 1024))).toBe(true);
  });

  it('rejects the reader with the transport error and drops what was queued', async () => {
    const body = new UpstreamBody(() => {}, () => {});
    body.push(Buffer.from('x'));
    body.fail(new Error('socket hang up'));
    await expect(body.next()).rejects.toThrow('socket hang up');
  });

  it('aborts the upstream request when a reader leaves a for-await early or destroys it', async () => {
    const abort = vi.fn();
    const body = new UpstreamBody(abort, () => {});
    body.push(Buffer.from('a'));
    body.push(Buffer.from('b'));
    for await (const _ of body) break;
    expect(abort).toHaveBeenCalledTimes(1);
    body.destroy();
    expect(abort).toHaveBeenCalledTimes(1); // once only
    expect(body.push(Buffer.from('late'))).toBe(true); // ignored, never pauses a socket being torn down
  });

  it('collects a whole body, including what arrived before collecting started', async () => {
    const body = new UpstreamBody(() => {}, () => {});
    body.push(Buffer.from('{"a":'));
    const all = body.collect(100, () => new Error('too large'));
    body.push(Buffer.from('1}'));
    body.end();
    expect((await all).toString()).toBe('{"a":1}');
  });

  it('refuses a body over the limit and aborts the request', async () => {
    const abort = vi.fn();
    const body = new UpstreamBody(abort, () => {});
    const all = body.collect(10, () => new Error('too large'));
    body.push(chunk(6));
    body.push(chunk(6));
    await expect(all).rejects.toThrow('too large');
    expect(abort).toHaveBeenCalledTimes(1);
  });
});

describe('UpstreamHttp over a real socket', () => {
  let server: Server;
  let base = '';
  const handlers = new Map<string, (res: ServerResponse) => void>();
  const http = new UpstreamHttp({ connectTimeoutMs: 2000, responseTimeoutMs: 2000, idleTimeoutMs: 300, maxResponseBytes: 1024 });

  beforeAll(async () => {
    server = createServer((req, res) => handlers.get(req.url ?? '')?.(res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await http.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const get = (path: string, signal: CallSignal = new CallCancel()) => http.send({ url: base + path, method: 'GET', headers: {} }, signal);

  it('returns status, headers by lower-case name (the first of repeated ones), and the whole body', async () => {
    handlers.set('/ok', (res) => {
      res.writeHead(201, [['Content-Type', 'application/json'], ['X-Multi', '1'], ['X-Multi', '2']]);
      res.write('{"ok":');
      setTimeout(() => res.end('true}'), 5);
    });
    const res = await get('/ok');
    expect(res.status).toBe(201);
    expect(res.header('content-type')).toBe('application/json'); // sent as Content-Type
    expect(res.header('x-multi')).toBe('1');
    expect(res.header('x-absent')).toBe('');
    expect(JSON.parse((await http.readAll(res.body, new CallCancel())).toString())).toEqual({ ok: true });
  });

  it('refuses an answer over the size limit as too_large', async () => {
    handlers.set('/big', (res) => {
      res.writeHead(200);
      res.end(chunk(4096));
    });
    const res = await get('/big');
    await expect(http.readAll(res.body, new CallCancel())).rejects.toMatchObject({ kind: 'too_large' });
  });

  it('reports a stream that stalls beyond the idle limit as a timeout', async () => {
    handlers.set('/stall', (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: 1\n\n');
    });
    const res = await get('/stall');
    const it = res.body[Symbol.asyncIterator]();
    expect((await it.next()).value.toString()).toBe('data: 1\n\n');
    const err = await it.next().then(() => null, (e) => e);
    expect(err).toBeTruthy();
    const { classify } = await import('./upstream-http.js');
    expect(classify(err).kind).toBe('timeout');
  });

  it('aborts the request when the signal fires mid-body, and the server sees the socket close', async () => {
    const closed = new Promise<void>((resolve) =>
      handlers.set('/abort', (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: 1\n\n');
        res.on('close', () => resolve());
      }),
    );
    const ac = new CallCancel();
    const res = await get('/abort', ac);
    const it = res.body[Symbol.asyncIterator]();
    await it.next();
    const pending = it.next();
    ac.abort();
    await expect(pending).rejects.toBeTruthy();
    await closed;
  });

  it('rejects before the head arrives with a classified error', async () => {
    handlers.set('/reset', (res) => res.socket?.destroy());
    const err = await get('/reset').then(() => null, (e) => e);
    expect(err).toBeInstanceOf(UpstreamHttpError);
    expect(err.kind).toBe('network');
    const ac = new CallCancel();
    ac.abort();
    await expect(get('/ok', ac)).rejects.toMatchObject({ kind: 'aborted' });
  });
});
