import { describe, expect, it } from 'vitest';
import { seededRandom, selectChannel, type Candidate } from './select-channel.js';

const c = (channelId: number, priority: number, weight: number): Candidate => ({ channelId, priority, weight });

describe('selectChannel', () => {
  it('uses only the highest priority tier', () => {
    const rnd = seededRandom(1);
    const cands = [c(1, 0, 100), c(2, 10, 0), c(3, 10, 0), c(4, -5, 1000)];
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(selectChannel(cands, new Set(), rnd)!.channelId);
    expect([...seen].sort()).toEqual([2, 3]);
  });

  it('weighs picks by weight + 10', () => {
    // weights 0 and 30 → shares 10/50 and 40/50
    const rnd = seededRandom(42);
    const counts = new Map<number, number>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const id = selectChannel([c(1, 0, 0), c(2, 0, 30)], new Set(), rnd)!.channelId;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.get(1)! / n).toBeCloseTo(0.2, 1);
    expect(counts.get(2)! / n).toBeCloseTo(0.8, 1);
  });

  it('never returns a channel already tried, falling to the next tier', () => {
    const rnd = seededRandom(7);
    const cands = [c(1, 10, 5), c(2, 10, 5), c(3, 0, 5)];
    expect(selectChannel(cands, new Set([1]), rnd)!.channelId).toBe(2);
    expect(selectChannel(cands, new Set([1, 2]), rnd)!.channelId).toBe(3);
    expect(selectChannel(cands, new Set([1, 2, 3]), rnd)).toBeNull();
    expect(selectChannel([], new Set(), rnd)).toBeNull();
  });

  it('treats a negative weight as 0 and handles random() at its edges', () => {
    expect(selectChannel([c(1, 0, -50), c(2, 0, 0)], new Set(), () => 0)!.channelId).toBe(1);
    expect(selectChannel([c(1, 0, -50), c(2, 0, 0)], new Set(), () => 0.999999)!.channelId).toBe(2);
  });
});
