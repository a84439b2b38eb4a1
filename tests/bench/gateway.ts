// Benchmark server: the real gateway (child process) through startGateway() on a fresh SQLite data directory, set
// up as an operator would through the services: root by the setup wizard, one OpenAI channel to the mock upstream
// (BENCH_UPSTREAM), one unlimited token of root's, consumption logging on, the API rate limit off, log level silent.
// Extra command for the parent: `logs` flushes the usage writer and counts what billing and logging wrote.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config/load.js';
import { startGateway } from '../../daemon/app/start.js';
import { systemActor, type Actor } from '../../daemon/app/actor.js';
import { serveStats } from './child-stats.js';

const upstream = process.env.BENCH_UPSTREAM;
if (!upstream) throw new Error('BENCH_UPSTREAM is not set');

const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-'));
const config = loadConfig({
  env: {},
  overrides: {
    data_dir: dataDir,
    'database.url': '',
    'server.host': '127.0.0.1',
    'server.port': 0,
    'console.enabled': false,
    'log.level': 'silent',
    'rate_limit.api_count': 0,
  },
});
const gw = await startGateway(config);
const s = gw.services;

await s.setup.init({ username: 'root', password: 'bench-password-1', confirmPassword: 'bench-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false });
const [root] = await s.em.fork().execute<{ id: number; username: string; group: string }[]>("select id, username, \"group\" from users where username = 'root'");
const actor: Actor = { id: Number(root.id), role: 100, username: root.username, group: root.group || 'default', agentId: 0 };
// Root starts with 100M quota; give it room for any number of benchmark calls.
await s.em.fork().execute('update users set quota = ? where id = ?', [1_000_000_000_000, actor.id], 'run');
await s.epochs.bump('users');
await s.channels.create(systemActor, { name: 'bench-mock', type: 1, key: 'sk-upstream-bench-key', base_url: upstream, models: 'gpt-4o-mini' });
const [token] = await s.tokens.create(actor, { name: 'bench', unlimited_quota: true });
await s.options.set({ LogConsumeEnabled: 'true' });
await s.epochs.checkNow();
// Attribution runs only (BENCH_ATTRIBUTE, see run.ts): replace a hot-path service call by a no-op to see what it
// costs. The result is then not the product, and run.ts says so and gives no verdicts.
const attribute = new Set((process.env.BENCH_ATTRIBUTE ?? '').split(',').map((x) => x.trim()).filter(Boolean));
if (attribute.has('access-token')) s.users.findByAccessToken = async () => null;
if (attribute.has('wallet')) {
  s.wallet.reserve = async (r) => ({ ok: true, hold: { userId: r.userId, tokenId: r.tokenId, limited: false, reserved: r.amount, state: 'held' } });
  s.wallet.settle = async () => ({ charged: 0, unpaid: 0, applied: true });
}
if (attribute.has('usage-log')) s.usage.add = () => undefined;

serveStats(
  { url: gw.url, apiKey: `sk-${token.key}`, dataDir },
  async () => {
    await gw.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
  {
    /** Log rows waiting for the usage writer (it must keep up: a backlog grows memory and what a crash loses). */
    pending: async () => s.usage.pending,
    logs: async () => {
      await s.usage.flush();
      const em = s.em.fork();
      const [c] = await em.execute<{ consume: number; errors: number }[]>(
        'select sum(case when type = 2 then 1 else 0 end) as consume, sum(case when type = 6 then 1 else 0 end) as errors from logs',
      );
      const [u] = await em.execute<{ request_count: number; used_quota: number }[]>('select request_count, used_quota from users where id = ?', [actor.id]);
      return { consume: Number(c.consume ?? 0), errors: Number(c.errors ?? 0), requestCount: Number(u.request_count), usedQuota: Number(u.used_quota) };
    },
  },
);
