// `gateway user …` end to end: the real CLI in a child process without a terminal, on a real database (SQLite and
// PostgreSQL projects). It calls the same service as the console: the same rules, the same messages, exit 1 when
// refused, 2 for a wrong command line; it acts as the system, so it can reset the super admin's password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { verifyPassword } from '../../daemon/app/password.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { SessionEntity } from '../../daemon/modules/session/session.entity.js';
import { freshDb, type TestDb } from '../helpers/db.js';
import { gatewayEnv, runGateway } from './run-gateway.js';

let db: TestDb;

async function withDb<T>(fn: (s: Awaited<ReturnType<typeof createServices>>) => Promise<T>): Promise<T> {
  const config = loadConfig({ env: {}, overrides: { data_dir: db.dataDir, 'database.url': db.url, 'log.level': 'silent' } });
  const services = await createServices(config, { target: db.target });
  try {
    return await fn(services);
  } finally {
    await services.close();
  }
}
const row = (username: string) => withDb((s) => s.em.fork().findOneOrFail(UserEntity, { username }));
const run = (args: string[], extra: Record<string, string> = {}) => runGateway(['user', ...args], gatewayEnv(db, extra));

beforeAll(async () => {
  db = await freshDb();
  const setup = await runGateway(['setup', '--username', 'admin', '--password', 'admin-pass-123'], gatewayEnv(db));
  expect(setup.code, setup.stderr).toBe(0);
});
afterAll(async () => {
  await db?.drop();
});

// The tests share one database and run in order.
// Each run starts a Node process with tsx (a few seconds on a busy machine), hence the long timeout.
describe('gateway user', { timeout: 180_000 }, () => {
  it('creates a user, and refuses a duplicate or a short password with the console\'s message', async () => {
    const r = await run(['create', 'alice', '--password', 'alice-pass-1', '--display-name', 'Alice A', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const created = JSON.parse(r.stdout);
    expect(created).toMatchObject({ username: 'alice', display_name: 'Alice A', role: 1, status: 1, DeletedAt: null });
    expect(created).not.toHaveProperty('password');
    expect(await verifyPassword((await row('alice')).password, 'alice-pass-1')).toBe(true);

    const dup = await run(['create', 'alice', '--password', 'alice-pass-1']);
    expect(dup.code).toBe(1);
    expect(dup.stderr.trim()).toBe('The username exists already, or was deactivated');
    const short = await run(['create', 'bob', '--password', 'short'], { GATEWAY_LANG: 'zh' });
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe('密码长度不得小于 8 位！');
  });

  it('without a terminal, a missing password is a usage error naming the flag', async () => {
    const r = await run(['create', 'bob']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--password');
    expect(await withDb((s) => s.em.fork().count(UserEntity, { username: 'bob' }))).toBe(0);
  });

  it('manages: promote, disable (ending sessions), and refuses what the console refuses', async () => {
    await withDb(async (s) => {
      const u = await s.em.fork().findOneOrFail(UserEntity, { username: 'alice' });
      await s.sessions.create(u.id, u.auth_version, '127.0.0.1');
    });
    const p = await run(['manage', 'alice', 'promote']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stdout).toContain('alice: promote done (role: super agent, status: enabled)');
    const d = await run(['manage', 'alice', 'disable', '--json']);
    expect(d.code, d.stderr).toBe(0);
    expect(JSON.parse(d.stdout)).toMatchObject({ username: 'alice', role: 10, status: 2 });
    expect(await withDb((s) => s.em.fork().count(SessionEntity, {}))).toBe(0);

    const root = await run(['manage', 'admin', 'disable']);
    expect(root.code).toBe(1);
    expect(root.stderr.trim()).toBe('A super administrator cannot be disabled');
    const nobody = await run(['manage', 'nobody', 'enable']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr.trim()).toBe('User not found');
    const bad = await run(['manage', 'alice', 'explode']);
    expect(bad.code).toBe(2);
    expect((await row('alice')).status).toBe(2);
  });

  it('sets and adds quota, never below zero', async () => {
    const set = await run(['set-quota', 'alice', '500000']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('The quota of alice is now 500000');
    const add = await run(['set-quota', 'alice', '--add', '-100000', '--json']);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout).quota).toBe(400000);
    const over = await run(['set-quota', 'alice', '--add', '-400001']);
    expect(over.code).toBe(1);
    expect(over.stderr.trim()).toBe('The user\'s quota would fall below 0');
    expect(Number((await row('alice')).quota)).toBe(400000);
    expect((await run(['set-quota', 'alice'])).code).toBe(2);
    expect((await run(['set-quota', 'alice', '12.5'])).code).toBe(2);
  });

  it('resets a password, also the super admin\'s, printing a generated one', async () => {
    const r = await run(['reset-password', 'admin', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.password).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(await verifyPassword((await row('admin')).password, out.password)).toBe(true);
    const given = await run(['reset-password', 'alice', '--password', 'alice-new-pass']);
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout).not.toContain('alice-new-pass');
    expect(await verifyPassword((await row('alice')).password, 'alice-new-pass')).toBe(true);
    const short = await run(['reset-password', 'alice', '--password', '']);
    expect(short.code).toBe(1);
  });

  it('lists with paging, search and group, as a table or JSON; deleted users show as deactivated', async () => {
    expect((await run(['manage', 'alice', 'delete'])).code).toBe(0);
    const table = await run(['list']);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID +Username +Display name +Role/);
    expect(lines.find((l) => l.includes('alice'))).toContain('deactivated');
    expect(lines.at(-1)).toBe('Page 1 (20 per page) of 2 user(s)');
    const page = JSON.parse((await run(['list', '--json', '--page-size', '1', '--page', '2'])).stdout);
    expect(page).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page.items.map((u: { username: string }) => u.username)).toEqual(['admin']);
    const found = JSON.parse((await run(['list', '--json', '--keyword', 'ALI'])).stdout);
    expect(found.items.map((u: { username: string }) => u.username)).toEqual(['alice']);
    expect(found.items[0].DeletedAt).toBeGreaterThan(0);
    const none = await run(['list', '--group', 'vip']);
    expect(none.stdout).toContain('No users found');
  });
});
