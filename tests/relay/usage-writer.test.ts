// The usage writer keeps up with a backlog: a write that leaves a full batch behind starts the next at once, and one
// write takes up to maxRows, so rows queued while the relay is busy do not pile up waiting for the timer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/knex';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { UsageWriter, type LogInsert } from '../../daemon/relay/usage-writer.js';

describe('usage writer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A writer on the test database that counts its writes (each database-mode write forks the entity manager once). */
  function writer(opts: { maxBatch: number; maxRows: number }) {
    const em = t.services.em as EntityManager;
    const counted = { writes: 0 };
    const proxy = new Proxy(em, {
      get(target, prop, receiver) {
        if (prop === 'fork') return (...a: Parameters<EntityManager['fork']>) => (counted.writes++, target.fork(...a));
        return Reflect.get(target, prop, receiver);
      },
    });
    // An hour between timer ticks: anything written in the test was written without the timer.
    const w = new UsageWriter(proxy, t.services.dbKind, { intervalMs: 3_600_000, ...opts });
    w.start();
    return { w, counted };
  }
  const row = (tag: string, i: number): LogInsert => ({ type: 2, created_at: 1_700_000_000 + i, user_id: 1, content: tag });
  const stored = async (tag: string) => {
    const [r] = await t.services.em.fork().execute<{ n: number | string }[]>('select count(*) as n from logs where content = ?', [tag]);
    return Number(r.n);
  };

  it('writes a backlog queued during a write right after it, in writes of up to maxRows, without waiting for the timer', async () => {
    const { w, counted } = writer({ maxBatch: 10, maxRows: 20 });
    for (let i = 0; i < 10; i++) w.add(row('backlog', i)); // a full batch: the first write starts with these 10
    for (let i = 10; i < 50; i++) w.add(row('backlog', i)); // 40 more arrive while it runs
    await expect.poll(() => w.pending, { timeout: 10_000 }).toBe(0);
    expect(await stored('backlog')).toBe(50);
    expect(counted.writes).toBe(3); // 10, then 20 and 20
    await w.close();
  });

  it('leaves less than a batch for the timer (or close), and close writes it', async () => {
    const { w, counted } = writer({ maxBatch: 10, maxRows: 20 });
    for (let i = 0; i < 10; i++) w.add(row('rest', i));
    for (let i = 10; i < 15; i++) w.add(row('rest', i)); // 5 more: below a batch
    await expect.poll(() => counted.writes, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(w.pending).toBe(5);
    expect(counted.writes).toBe(1);
    await w.close();
    expect(w.pending).toBe(0);
    expect(await stored('rest')).toBe(15);
  });
});
