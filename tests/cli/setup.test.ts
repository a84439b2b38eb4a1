// `gateway setup` end to end: real process, real database (SQLite and PostgreSQL projects), no terminal.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { Role } from '../../daemon/contract/roles.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { freshDb, type TestDb } from '../helpers/db.js';
import { gatewayEnv, runGateway } from './run-gateway.js';

let db: TestDb;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(async () => {
  await db?.drop();
});

/** Looks at the database the way the daemon does, through its own services. */
async function inspect<T>(fn: (s: Awaited<ReturnType<typeof createServices>>) => Promise<T>): Promise<T> {
  const services = await createServices(loadConfig({ env: {}, overrides: { data_dir: db.dataDir } }), { target: db.target });
  try {
    return await fn(services);
  } finally {
    await services.close();
  }
}

// The tests share one database and run in order: refusals first, then the setup, then a second attempt.
describe('gateway setup', () => {
  it('without a terminal and without flags exits 2 at once, naming the flags, and opens no database', async () => {
    const r = await runGateway(['setup'], gatewayEnv(db));
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('missing --username, --password (no terminal to ask)');
    expect(r.stdout).toBe('');
    expect(r.ms).toBeLessThan(10_000);
    if (db.kind === 'sqlite') expect(existsSync(join(db.dataDir, 'gateway.db'))).toBe(false);

    const zh = await runGateway(['setup', '--password', 'password1'], gatewayEnv(db, { GATEWAY_LANG: 'zh' }));
    expect(zh.code).toBe(2);
    expect(zh.stderr.trim()).toBe('缺少 --username（没有可交互的终端）');
  });

  it('refuses bad input with the server message and exit 1, changing nothing', async () => {
    const short = await runGateway(['setup', '--username', 'admin', '--password', 'short'], gatewayEnv(db));
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe('Password length at least 8 characters');
    const mismatch = await runGateway(
      ['setup', '--username', 'admin', '--password', 'password1', '--confirm-password', 'password2'],
      gatewayEnv(db),
    );
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr.trim()).toBe('The two passwords do not match');
    const long = await runGateway(['setup', '--username', 'a-very-long-name', '--password', 'password1'], gatewayEnv(db, { GATEWAY_LANG: 'zh' }));
    expect(long.code).toBe(1);
    expect(long.stderr.trim()).toBe('用户名长度不能超过 12 个字符');
    expect(await inspect((s) => s.setup.status())).toMatchObject({ status: false, root_init: false });
  });

  it('initialises from flags: root user with role 100 and the chosen usage mode', async () => {
    const r = await runGateway(['setup', '--username', 'admin', '--password', 'password1', '--mode', 'self'], gatewayEnv(db));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('System initialised — Administrator account: admin');
    await inspect(async (s) => {
      expect(await s.setup.status()).toMatchObject({ status: true, root_init: true });
      const root = await s.em.fork().findOneOrFail(UserEntity, { username: 'admin' });
      expect(root.role).toBe(Role.admin);
      expect(root.role).toBe(100);
      expect(root.password).not.toContain('password1');
      expect(s.options.get('SelfUseModeEnabled')).toBe('true');
      expect(s.options.get('DemoSiteEnabled')).toBe('false');
      // The password works for signing in, as it would on the console.
      expect((await s.users.login('admin', 'password1')).id).toBe(root.id);
    });
  });

  it('a second setup fails with exit 1 and changes nothing', async () => {
    const r = await runGateway(['setup', '--username', 'other', '--password', 'password2', '--mode', 'demo'], gatewayEnv(db));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('The system has already been initialised');
    await inspect(async (s) => {
      expect(await s.em.fork().count(UserEntity, {})).toBe(1);
      expect(s.options.get('DemoSiteEnabled')).toBe('false');
    });
  });
});
