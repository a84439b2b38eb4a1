// `npx tsx tests/bench/db-costs.ts`: what one database call of the relay's hot path costs on SQLite, in wall time and
// CPU time (all threads) per call, through the ORM as the gateway makes it and straight on the node-sqlite3
// connection beneath it. Explains the gateway's CPU per request in `npm run bench`. Bounded: a fixed number of
// calls each, on a fresh database in a temporary directory that is removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';

interface RawDb {
  run(sql: string, params: unknown[], cb: (e: Error | null) => void): void;
  get(sql: string, params: unknown[], cb: (e: Error | null) => void): void;
}

const dataDir = mkdtempSync(join(tmpdir(), 'gw-dbcost-'));
const config = loadConfig({ env: {}, overrides: { data_dir: dataDir, 'database.url': '', 'log.level': 'silent' } });
const s = await createServices(config);
await s.setup.init({ username: 'root', password: 'bench-password-1', confirmPassword: 'bench-password-1' });

async function time(name: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await fn();
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const c = process.cpuUsage(c0);
  const wall = (1000 * (performance.now() - w0)) / n;
  console.log(`${name.padEnd(52)} wall ${wall.toFixed(0).padStart(5)} µs   cpu ${((c.user + c.system) / n).toFixed(0).padStart(5)} µs`);
}

try {
  const em = s.em;
  const knex = em.getConnection().getKnex();
  const db = (await knex.client.acquireConnection()) as RawDb;
  const run = (sql: string, p: unknown[] = []) => new Promise<void>((ok, no) => db.run(sql, p, (e) => (e ? no(e) : ok())));
  const get = (sql: string, p: unknown[] = []) => new Promise<void>((ok, no) => db.get(sql, p, (e) => (e ? no(e) : ok())));
  const debit = 'update users set quota = quota - 1 where id = 1 and quota >= 1';
  await time('node-sqlite3: select 1', 2000, () => get('select 1'));
  await time('node-sqlite3: conditional update', 2000, () => run(debit));
  await time('node-sqlite3: begin + update + commit', 1000, async () => {
    await run('begin');
    await run(debit);
    await run('commit');
  });
  await knex.client.releaseConnection(db);
  await time('ORM: em.fork().execute(select 1)', 2000, () => em.fork().execute('select 1'));
  await time('ORM: em.fork().execute(conditional update)', 2000, () => em.fork().execute(debit, [], 'run'));
  await time('ORM: transactional(conditional update)', 1000, () => em.fork().transactional((tx) => tx.execute(debit, [], 'run')));
  await time('auth hook: users.findByAccessToken(sk-…) (a miss)', 1000, () => s.users.findByAccessToken('sk-abcdefghijklmnopqrstuvwxyz0123456789'));
  await time('wallet.reserve (unlimited token)', 1000, () => s.wallet.reserve({ userId: 1, tokenId: 1, unlimited: true, amount: 10 }));
  await time('wallet.reserve + settle (unlimited token)', 1000, async () => {
    const r = await s.wallet.reserve({ userId: 1, tokenId: 1, unlimited: true, amount: 10 });
    if (r.ok) await s.wallet.settle(r.hold, { kind: 'success', quota: 3, totalTokens: 21 }, 1);
  });
} finally {
  await s.close();
  rmSync(dataDir, { recursive: true, force: true });
}
