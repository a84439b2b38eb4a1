// `gateway channel test` end to end: real process without a terminal, real database (SQLite and PostgreSQL
// projects), channels pointing at the mock upstream, which answers 401 to any key but KEY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { systemActor } from '../../daemon/app/actor.js';
import { createServices } from '../../daemon/app/services.js';
import type { ChannelInput } from '../../daemon/contract/channel.js';
import { ChannelStatus } from '../../daemon/contract/roles.js';
import { freshDb, type TestDb } from '../helpers/db.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { gatewayEnv, runGateway } from './run-gateway.js';

const KEY = 'sk-mock-SECRET-cli-a1b2c3d4e5f6';
const WRONG = 'sk-wrong-SECRET-cli-zz00yy11xx22';

let db: TestDb;
let up: MockUpstream;
const ids: Record<'good' | 'other' | 'bad' | 'disabled' | 'auto' | 'midjourney', number> = {} as never;

/** Works on the database the way the daemon does, through its own services. */
async function withDb<T>(fn: (s: Awaited<ReturnType<typeof createServices>>) => Promise<T>): Promise<T> {
  const config = loadConfig({ env: {}, overrides: { data_dir: db.dataDir, 'database.url': db.url, 'log.level': 'silent' } });
  const services = await createServices(config, { target: db.target });
  try {
    return await fn(services);
  } finally {
    await services.close();
  }
}

const channel = (name: string, extra: ChannelInput = {}): ChannelInput => ({ name, type: 1, key: KEY, base_url: up.url, models: 'gpt-4o-mini,gpt-4o', ...extra });

const run = (args: string[], extra: Record<string, string> = {}) => runGateway(['channel', 'test', ...args], gatewayEnv(db, extra));

/** Neither the right nor the wrong key may appear anywhere the command wrote. */
const expectNoKeys = (r: { stdout: string; stderr: string }) => {
  for (const key of [KEY, WRONG]) expect(r.stdout + r.stderr).not.toContain(key);
};

beforeAll(async () => {
  db = await freshDb();
  up = await startUpstream({ keys: [KEY] });
  await withDb(async (s) => {
    const create = async (input: ChannelInput) => (await s.channels.create(systemActor, input))[0].id;
    ids.good = await create(channel('good'));
    ids.other = await create(channel('other', { test_model: 'gpt-4o' }));
    ids.bad = await create(channel('bad-key', { key: WRONG }));
    ids.disabled = await create(channel('off', { key: WRONG }));
    await s.channels.update(systemActor, { id: ids.disabled, status: ChannelStatus.disabled });
    ids.auto = await create(channel('auto-off'));
    await s.channels.autoDisable(ids.auto, 'test');
    ids.midjourney = await create(channel('mj', { type: 5 }));
  });
});
afterAll(async () => {
  await up?.close();
  await db?.drop();
});

// The tests share one database and one upstream, and run in order.
describe('gateway channel test', () => {
  it('without IDs or --all exits 2 at once, naming the choice, with nothing on stdout', async () => {
    const r = await run([]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('give the channel IDs to test, or --all for every enabled and auto-disabled channel');
    expect(r.stdout).toBe('');
    expect(up.requests).toHaveLength(0);

    const both = await run(['1', '--all'], { GATEWAY_LANG: 'zh' });
    expect(both.code).toBe(2);
    expect(both.stderr.trim()).toBe('渠道 ID 和 --all 只能二选一');
    const notAnId = await run(['abc']);
    expect(notAnId.code).toBe(2);
    expect(notAnId.stderr).toContain('expected a channel id');
  });

  it('--json: one document on stdout, exit 0 when every test passed; response_time and test_time are stored', async () => {
    const r = await run([String(ids.good), String(ids.other), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toEqual({
      results: [
        { id: ids.good, name: 'good', model: 'gpt-4o-mini', success: true, time: expect.any(Number), message: '' },
        { id: ids.other, name: 'other', model: 'gpt-4o', success: true, time: expect.any(Number), message: '' },
      ],
      passed: 2,
      failed: 0,
      skipped: 0,
    });
    expect(doc.results[0].time).toBeGreaterThan(0);
    expect(up.requests.map((q) => [q.path, q.json?.model])).toEqual([
      ['/v1/chat/completions', 'gpt-4o-mini'],
      ['/v1/chat/completions', 'gpt-4o'],
    ]);
    await withDb(async (s) => {
      for (const [i, id] of [ids.good, ids.other].entries()) {
        const stored = await s.channels.get(systemActor, id);
        expect(stored.response_time).toBe(Math.max(1, Math.round(doc.results[i].time * 1000)));
        expect(stored.test_time).toBeGreaterThan(0);
      }
    });
    expectNoKeys(r);
  });

  it('exits 1 with the failing id and the upstream reason on a 401, never showing the key; an unknown id fails too', async () => {
    const r = await run([String(ids.good), String(ids.bad), '999999', '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ passed: 1, failed: 2 });
    expect(doc.results[1]).toMatchObject({ id: ids.bad, name: 'bad-key', success: false });
    expect(doc.results[1].message).toMatch(/^Test failed: upstream answered HTTP 401: Incorrect API key provided: \*\*\*/);
    expect(doc.results[2]).toEqual({ id: 999999, name: '', model: '', success: false, time: 0, message: 'Channel not found' });
    expect(up.requests.at(-1)!.headers.authorization).toBe(`Bearer ${WRONG}`); // the mock echoed it back…
    expectNoKeys(r); // …and nothing repeated it
    await withDb(async (s) => {
      const bad = await s.channels.get(systemActor, ids.bad);
      expect(bad.response_time).toBeGreaterThan(0);
      expect(bad.status).toBe(ChannelStatus.enabled); // like the console's test button: no auto-disable
    });
  });

  it('without a terminal prints a plain line per channel and a summary, in the CLI language', async () => {
    const r = await run([String(ids.good), String(ids.bad), '999999'], { GATEWAY_LANG: 'zh' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(new RegExp(`^✓ #${ids.good} · good · gpt-4o-mini · \\d+ ms$`));
    expect(lines[1]).toMatch(new RegExp(`^✗ #${ids.bad} · bad-key · gpt-4o-mini · 测试失败：.*HTTP 401`));
    expect(lines[2]).toBe('✗ #999999 · 渠道不存在');
    expect(lines[3]).toBe('通过 1 个，失败 2 个');
    expectNoKeys(r);
  });

  it('--model picks the test model; an embedding model is tested on /v1/embeddings', async () => {
    up.reset();
    const r = await run([String(ids.good), '--model', 'text-embedding-3-small', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results[0].model).toBe('text-embedding-3-small');
    expect(up.requests.map((q) => q.path)).toEqual(['/v1/embeddings']);
  });

  it('--all tests the enabled and auto-disabled channels by id, skips types without a test, leaves disabled ones', async () => {
    await withDb((s) => s.channels.update(systemActor, { id: ids.bad, status: ChannelStatus.disabled }));
    up.reset();
    const r = await run(['--all', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.results.map((x: { id: number }) => x.id)).toEqual([ids.good, ids.other, ids.auto, ids.midjourney]);
    expect(doc.results[3]).toMatchObject({ success: false, skipped: true, message: 'Channel type Midjourney Proxy Plus (#5) cannot be tested' });
    expect(doc).toMatchObject({ passed: 3, failed: 0, skipped: 1 });
    expect(up.requests).toHaveLength(3);
    expectNoKeys(r);
  });
});
