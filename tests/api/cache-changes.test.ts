// Cache invalidation by row: a write that names the rows it changed makes every process re-read just those rows
// (cache_changes); a write that does not, or a gap in the change rows, reloads the whole section as before.
// "Another process" is a second set of services on the same database, as a CLI or a second instance would be.
import type { EntityManager } from '@mikro-orm/knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServices, type Services } from '../../daemon/app/services.js';
import type { Actor } from '../../daemon/app/actor.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToken, addUser } from '../helpers/relay.js';

describe('cache changes by row', () => {
  let t: TestApp;
  let other: Services;
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp();
    other = await createServices(t.config, { target: t.db.target });
    const id = await addUser(t, 'owner');
    owner = { id, role: 1, username: 'owner', group: 'default', agentId: 0 };
    await t.services.caches.tokens.load();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** A token row written with no bump at all: only a full reload can bring it into the cache. */
  const silentToken = async () => {
    const tok = await addToken(t, owner.id);
    await t.services.epochs.checkNow();
    await t.services.em.fork().execute('delete from tokens where id = ?', [tok.id], 'run');
    await t.services.em.fork().execute(
      `insert into tokens (id, user_id, "key", name, status, created_time, accessed_time, expired_time, remain_quota, used_quota, unlimited_quota, model_limits_enabled, model_limits, allow_ips, "group")
       values (?, ?, ?, 'silent', 1, 1, 1, -1, 0, 0, ?, ?, '', '', '')`,
      [tok.id, owner.id, tok.key, true, false],
      'run',
    );
    return tok;
  };

  it('a token created, edited and deleted elsewhere reaches this process by its id alone', async () => {
    // addToken bumped without ids (a full reload); this row is then replaced behind the cache's back
    const silent = await silentToken();
    const [created] = await other.tokens.create(owner, { name: 'elsewhere', unlimited_quota: true });
    await t.services.epochs.checkNow();
    expect(t.services.caches.tokens.peek(created.key)).toMatchObject({ id: created.id, name: 'elsewhere', status: 1 });
    // a full reload would have read the silently rewritten row; a patch of the new id did not
    expect(t.services.caches.tokens.peek(silent.key)).toMatchObject({ name: 'test-token' });

    await other.tokens.update(owner, { id: created.id, status: 2 }, true);
    await t.services.epochs.checkNow();
    expect(t.services.caches.tokens.peek(created.key)?.status).toBe(2);

    await other.tokens.remove(owner, created.id);
    await t.services.epochs.checkNow();
    expect(t.services.caches.tokens.peek(created.key)).toBeUndefined();
    expect(t.services.caches.tokens.peek(silent.key)).toMatchObject({ name: 'test-token' });

    // a bump that names no rows reloads everything
    await other.epochs.bump('tokens');
    await t.services.epochs.checkNow();
    expect(t.services.caches.tokens.peek(silent.key)).toMatchObject({ name: 'silent' });
  });

  it('reloads everything when a change row is missing (pruned, or not committed yet)', async () => {
    const silent = await silentToken();
    const [created] = await other.tokens.create(owner, { name: 'gap', unlimited_quota: true });
    const version = (await other.epochs.read()).get('tokens')!;
    await other.em.fork().execute('delete from cache_changes where section = ? and version = ?', ['tokens', version], 'run');
    await t.services.epochs.checkNow();
    expect(t.services.caches.tokens.peek(created.key)).toMatchObject({ name: 'gap' });
    expect(t.services.caches.tokens.peek(silent.key)).toMatchObject({ name: 'silent' });
  });

  it('users are kept once read; a change elsewhere drops just the named ones, a change that does not say drops all', async () => {
    const { users } = t.services.caches;
    const a = await addUser(t);
    const b = await addUser(t);
    await t.services.epochs.checkNow();
    expect(users.peek(a)).toBeUndefined(); // nothing is read before a user's first call
    expect((await users.get(a))?.group).toBe('default');
    expect((await users.get(b))?.group).toBe('default');
    await t.services.em.fork().execute(`update users set "group" = 'silent' where id = ?`, [b], 'run');
    await t.services.em.fork().execute(`update users set "group" = 'vip' where id = ?`, [a], 'run');
    await other.epochs.bump('users', undefined, [a]);
    await t.services.epochs.checkNow();
    expect(users.peek(a)).toBeUndefined();
    expect((await users.get(a))?.group).toBe('vip');
    expect((await users.get(b))?.group).toBe('default'); // kept: no write named it
    await other.epochs.bump('users');
    await t.services.epochs.checkNow();
    expect(users.peek(b)).toBeUndefined();
    expect((await users.get(b))?.group).toBe('silent');
  });

  it('a user read that a change overtakes is answered but not kept', async () => {
    const { users } = t.services.caches;
    const a = await addUser(t);
    await t.services.epochs.checkNow();
    // hold the cache's read of `a` after its query has run, until the change below is through
    const em = (users as unknown as { em: EntityManager }).em;
    const realFork = em.fork.bind(em);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let queried!: () => void;
    const ran = new Promise<void>((r) => (queried = r));
    vi.spyOn(em, 'fork').mockImplementationOnce(() => {
      const f = realFork();
      const execute = f.execute.bind(f);
      f.execute = (async (...args: Parameters<typeof execute>) => {
        const rows = await execute(...args);
        queried();
        await gate;
        return rows;
      }) as typeof f.execute;
      return f;
    });
    const reading = users.get(a);
    await ran; // the read has its row before the change below (on PostgreSQL the two race otherwise)
    await t.services.em.fork().execute(`update users set "group" = 'later' where id = ?`, [a], 'run');
    await other.epochs.bump('users', undefined, [a]);
    await t.services.epochs.checkNow();
    release();
    expect((await reading)?.group).toBe('default');
    expect((await users.get(a))?.group).toBe('later');
    vi.restoreAllMocks();
  });

  it('keeps a bounded number of change rows', async () => {
    for (let i = 0; i < 1100; i++) await other.epochs.bump('options', undefined, [i]);
    const [{ n }] = await other.em.fork().execute<{ n: number | string }[]>(`select count(*) as n from cache_changes where section = 'options'`);
    expect(Number(n)).toBeLessThanOrEqual(1024 + 64);
    expect(Number(n)).toBeGreaterThanOrEqual(1024);
  }, 60_000);
});
