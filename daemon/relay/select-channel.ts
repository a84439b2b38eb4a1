// Channel choice (reference §3.4, with the rule that one request never tries a channel twice): among the
// candidates not tried yet, take the highest priority tier, then a weighted random pick inside it. Every weight
// gets +10 so a weight-0 channel is still chosen sometimes (new-api's smoothing).
export interface Candidate {
  channelId: number;
  priority: number;
  weight: number;
}

/** A random number in [0, 1); passed in so tests are repeatable. */
export type Random = () => number;

export const WEIGHT_SMOOTHING = 10;

export function selectChannel(candidates: readonly Candidate[], tried: ReadonlySet<number>, random: Random): Candidate | null {
  let top = -Infinity;
  for (const c of candidates) if (!tried.has(c.channelId) && c.priority > top) top = c.priority;
  if (top === -Infinity) return null;
  const tier = candidates.filter((c) => !tried.has(c.channelId) && c.priority === top);
  const total = tier.reduce((s, c) => s + Math.max(0, c.weight) + WEIGHT_SMOOTHING, 0);
  let r = random() * total;
  for (const c of tier) {
    r -= Math.max(0, c.weight) + WEIGHT_SMOOTHING;
    if (r < 0) return c;
  }
  return tier[tier.length - 1];
}

/** A small seeded generator (mulberry32) for tests and benchmarks. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
