// `gateway agent …` and `gateway user set-agent` end to end: the real CLI in a child process without a terminal, on
// a real database (SQLite and PostgreSQL projects), through the console's services: the same rules and messages,
// exit 1 when refused, 2 for a wrong command line. The tests share one database and run in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { freshDb, type TestDb } from '../helpers/db.js';
import { gatewayEnv, runGateway } from './run-gateway.js';

let db: TestDb;
const ids: Record<string, number> = {};

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
const run = (args: string[], extra: Record<string, string> = {}) => runGateway(args, gatewayEnv(db, extra));

beforeAll(async () => {
  db = await freshDb();
  const setup = await runGateway(['setup', '--username', 'admin', '--password', 'admin-pass-123'], gatewayEnv(db));
  expect(setup.code, setup.stderr).toBe(0);
  await withDb(async (s) => {
    for (const username of ['alice', 'bob', 'carol', 'dave'])
      ids[username] = Number(await s.em.fork().insert(UserEntity, { username, password: 'x', display_name: username, created_at: 1 }));
  });
});
afterAll(async () => {
  await db?.drop();
});

describe('gateway agent', { timeout: 180_000 }, () => {
  it('adds agents, by username or id, under a parent or none; JSON or a line', async () => {
    const a = await run(['agent', 'add', 'alice', '--domain', 'Agent.Example.com', '--json']);
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toMatchObject({ agent_id: ids.alice, username: 'alice', domain: 'agent.example.com', agent_agent_id: 0, level: 10, DeletedAt: null });
    const b = await run(['agent', 'add', String(ids.bob), '--domain', 'b.example.com', '--parent', 'alice']);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout.trim()).toBe(`bob (ID ${ids.bob}) is now an agent on b.example.com, parent: alice (ID ${ids.alice})`);
    expect(await row('bob')).toMatchObject({ role: 10, agent_id: ids.alice });
  });

  it('refuses with the console\'s messages (exit 1), and a wrong command line (exit 2)', async () => {
    const dup = await run(['agent', 'add', 'carol', '--domain', 'agent.example.com']);
    expect(dup.code).toBe(1);
    expect(dup.stderr.trim()).toBe('Another agent already uses this domain');
    const zh = await run(['agent', 'add', 'carol', '--domain', 'c.example.com', '--parent', 'dave'], { GATEWAY_LANG: 'zh' });
    expect(zh.code).toBe(1);
    expect(zh.stderr.trim()).toBe('上级代理不存在或已删除');
    const nobody = await run(['agent', 'add', 'nobody', '--domain', 'n.example.com']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr.trim()).toBe('User not found');
    expect((await run(['agent', 'add', 'carol'])).code).toBe(2); // --domain is required
    expect((await row('carol')).role).toBe(1);
  });

  it('lists live agents as a table or JSON', async () => {
    const table = await run(['agent', 'list']);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Agent ID +Username +Domain +Parent/);
    expect(lines.find((l) => l.includes('bob'))).toMatch(new RegExp(`bob +b\\.example\\.com +${ids.alice} +0 +0 +0\\.00 +0\\.00 +live$`));
    expect(lines.find((l) => l.includes('alice'))).toMatch(/alice +agent\.example\.com +- +1 /); // bob is alice's user
    expect(lines.at(-1)).toBe('Page 1 (20 per page) of 2 agent(s)');
    const page = JSON.parse((await run(['agent', 'list', '--json', '--page-size', '1'])).stdout);
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 1 });
  });

  it('user set-agent moves a user to an agent or to none; never to a non-agent', async () => {
    const to = await run(['user', 'set-agent', 'carol', 'alice', '--json']);
    expect(to.code, to.stderr).toBe(0);
    expect(JSON.parse(to.stdout)).toMatchObject({ username: 'carol', agent_id: ids.alice });
    const none = await run(['user', 'set-agent', 'carol', 'none']);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout.trim()).toBe('carol now belongs to no agent');
    const bad = await run(['user', 'set-agent', 'carol', 'dave']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('No such agent, or it has been deleted');
    const again = await run(['user', 'set-agent', 'carol', String(ids.bob)]);
    expect(again.stdout.trim()).toBe(`carol now belongs to agent bob (ID ${ids.bob})`);
  });

  it('remove ends the agency: the row is kept as deleted and the users go to the parent', async () => {
    const r = await run(['agent', 'remove', 'bob', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ agent_id: ids.bob, DeletedAt: expect.any(Number) });
    expect(await row('bob')).toMatchObject({ role: 1, deleted_at: null });
    expect((await row('carol')).agent_id).toBe(ids.alice);
    const twice = await run(['agent', 'remove', 'bob']);
    expect(twice.code).toBe(1);
    expect(twice.stderr.trim()).toBe('This user is not an agent');
    expect(JSON.parse((await run(['agent', 'list', '--json'])).stdout).total).toBe(1);
    const all = JSON.parse((await run(['agent', 'list', '--all', '--json'])).stdout);
    expect(all.items.map((a: { username: string; DeletedAt: number | null }) => [a.username, a.DeletedAt !== null]).sort())
      .toEqual([['alice', false], ['bob', true]]);
    const line = await run(['agent', 'remove', 'alice']);
    expect(line.stdout.trim()).toBe('alice is no longer an agent; its users now belong to: none');
    expect((await row('carol')).agent_id).toBe(0);
  });
});
