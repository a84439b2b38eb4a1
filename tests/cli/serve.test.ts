// `gateway serve` end to end: a real process on a free port, a real request, a clean stop on a signal.
import { createServer, type Server } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, type TestDb } from '../helpers/db.js';
import { gatewayEnv, runGateway, spawnGateway } from './run-gateway.js';

let db: TestDb;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(async () => {
  await db?.drop();
});

/** Starts `gateway serve`, waits for its URL line, and collects its output until it exits. */
async function serve(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawnGateway(['serve', ...args], env);
  const out = { stdout: '', stderr: '' };
  child.stderr!.on('data', (d) => (out.stderr += d));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL line within 20 s\n${out.stdout}\n${out.stderr}`)), 20_000);
    child.stdout!.on('data', (d) => {
      out.stdout += d;
      const m = /Gateway listening on (http:\/\/\S+)/.exec(out.stdout);
      if (m) (clearTimeout(timer), resolve(m[1]));
    });
    exited.then(() => (clearTimeout(timer), reject(new Error(`exited before listening\n${out.stdout}\n${out.stderr}`))));
  });
  return { child, url, out, exited };
}

describe('gateway serve', () => {
  it('listens on the port from the flag, answers /api/status, warns about the generated secret, stops on SIGTERM', async () => {
    // The flag wins over the environment: port 1 from GATEWAY_SERVER_PORT would fail to bind.
    const g = await serve(['--port', '0', '--host', '127.0.0.1'], gatewayEnv(db, { GATEWAY_SERVER_PORT: '1' }));
    expect(g.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${g.url}/api/status`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { setup: false } });
    expect(g.out.stderr).toContain('several instances need session.secret set to the same value');
    g.child.kill('SIGTERM');
    const [code] = await g.exited;
    expect(code).toBe(0);
    expect(g.out.stdout).toContain('Gateway stopped');
  });

  it('says nothing about the secret when it is configured, and stops on SIGINT too', async () => {
    const g = await serve(['--port', '0', '--host', '127.0.0.1'], gatewayEnv(db, { GATEWAY_SESSION_SECRET: 'x'.repeat(32) }));
    expect((await fetch(`${g.url}/api/setup`)).status).toBe(200);
    expect(g.out.stderr).not.toContain('session.secret');
    g.child.kill('SIGINT');
    const [code] = await g.exited;
    expect(code).toBe(0);
  });

  it('exits 2 on a malformed port and 1, in one line, when the port is taken', async () => {
    const bad = await runGateway(['serve', '--port', 'eighty'], gatewayEnv(db));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option '-p, --port <port>' argument 'eighty' is invalid");

    const blocker: Server = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const port = (blocker.address() as { port: number }).port;
    try {
      const taken = await runGateway(['serve', '--port', String(port), '--host', '127.0.0.1'], gatewayEnv(db, { GATEWAY_LOG_LEVEL: 'silent' }));
      expect(taken.code).toBe(1);
      expect(taken.stderr.trim()).toMatch(/EADDRINUSE/);
      expect(taken.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      blocker.close();
    }
  });
});
