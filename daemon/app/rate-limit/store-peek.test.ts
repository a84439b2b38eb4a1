// peek/record: counts that only some outcomes add to (the model limit's successful requests, reference §10).
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './store.js';

const run = async (store: RateLimitStore, clock: { t: number }, key: string) => {
  expect(await store.peek(key, 2, 10)).toBe(true);
  expect(await store.peek(key, 2, 10)).toBe(true); // peeking records nothing
  await store.record(key, 10);
  expect(await store.peek(key, 2, 10)).toBe(true);
  await store.record(key, 10);
  expect(await store.peek(key, 2, 10)).toBe(false);
  expect(await store.peek(key, 3, 10)).toBe(true);
  expect(await store.peek(key, 0, 10)).toBe(true); // 0 = unlimited
  clock.t += 10_001;
  expect(await store.peek(key, 2, 10)).toBe(true); // both left the window
  // hit and record share the log
  await store.record(`${key}:shared`, 10);
  expect(await store.hit(`${key}:shared`, 2, 10)).toBe(true);
  expect(await store.hit(`${key}:shared`, 2, 10)).toBe(false);
};

describe('rate-limit peek and record', () => {
  it('memory', async () => {
    const clock = { t: 1_000_000 };
    const store = new MemoryRateLimitStore(() => clock.t);
    await run(store, clock, 'k');
    await store.close();
  });

  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  afterAll(() => redis.quit());
  it('redis', async () => {
    const clock = { t: 3_000_000 };
    const store = new RedisRateLimitStore(redis, 'gw:test:', () => clock.t);
    await run(store, clock, `peek-${process.pid}-${Date.now()}`);
  });
});
