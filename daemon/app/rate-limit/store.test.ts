import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './store.js';

const run = async (store: RateLimitStore, clock: { t: number }, key: string) => {
  const results: boolean[] = [];
  for (let i = 0; i < 4; i++) results.push(await store.hit(key, 3, 10));
  expect(results).toEqual([true, true, true, false]);
  clock.t += 5_000;
  expect(await store.hit(key, 3, 10)).toBe(false); // the first three are still inside the window
  clock.t += 5_001;
  expect(await store.hit(key, 3, 10)).toBe(true); // they left it
  expect(await store.hit(`${key}:other`, 3, 10)).toBe(true);
  expect(await store.hit(key, 0, 10)).toBe(true); // limit 0 = unlimited
};

describe('MemoryRateLimitStore', () => {
  it('allows `limit` hits per sliding window, per key', async () => {
    const clock = { t: 1_000_000 };
    const store = new MemoryRateLimitStore(() => clock.t);
    await run(store, clock, 'k');
    await store.close();
  });
});

describe('RedisRateLimitStore', () => {
  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  afterAll(() => redis.quit());
  it('behaves the same through Redis, atomically', async () => {
    const clock = { t: 2_000_000 };
    const key = `test-${process.pid}-${Date.now()}`;
    const store = new RedisRateLimitStore(redis, 'gw:test:', () => clock.t);
    await run(store, clock, key);
    // concurrency: 20 simultaneous hits on a fresh key with limit 5 → exactly 5 allowed
    const results = await Promise.all(Array.from({ length: 20 }, () => store.hit(`${key}:burst`, 5, 60)));
    expect(results.filter(Boolean).length).toBe(5);
  });
});
