// delta = charged − reserved (positive: debit more, negative: refund), worked out by hand per case.
import { describe, expect, it } from 'vitest';
import { settle, shouldWarnQuota, type Outcome, type Reservation, type Settlement } from './settle.js';

const held = (reserved: number, hasToken = true): Reservation => ({ reserved, state: 'held', hasToken });

describe('settle', () => {
  it.each<[string, Reservation, Outcome, Settlement]>([
    // 150 − 100 = +50
    ['cost more than reserved', held(100), { kind: 'success', quota: 150, totalTokens: 10 },
      { kind: 'apply', next: 'settled', charged: 150, delta: 50, tokenDelta: true, countRequest: true }],
    // 60 − 100 = −40
    ['cost less than reserved', held(100), { kind: 'success', quota: 60, totalTokens: 10 },
      { kind: 'apply', next: 'settled', charged: 60, delta: -40, tokenDelta: true, countRequest: true }],
    // failure: all 100 back
    ['failure refunds the whole reservation', held(100), { kind: 'failed' },
      { kind: 'apply', next: 'refunded', charged: 0, delta: -100, tokenDelta: true, countRequest: false }],
    // partial stream: delivered usage 30 − 100 = −70
    ['partial stream bills what was delivered', held(100), { kind: 'partial', quota: 30, totalTokens: 12 },
      { kind: 'apply', next: 'settled', charged: 30, delta: -70, tokenDelta: true, countRequest: true }],
    // trusted (nothing reserved): 80 − 0 = +80
    ['trusted call', held(0), { kind: 'success', quota: 80, totalTokens: 10 },
      { kind: 'apply', next: 'settled', charged: 80, delta: 80, tokenDelta: true, countRequest: true }],
    // zero usage: quota 0, reservation back, no request counted
    ['zero usage', held(100), { kind: 'success', quota: 0, totalTokens: 0 },
      { kind: 'apply', next: 'settled', charged: 0, delta: -100, tokenDelta: true, countRequest: false }],
    ['playground leaves the token alone', held(100, false), { kind: 'success', quota: 100, totalTokens: 5 },
      { kind: 'apply', next: 'settled', charged: 100, delta: 0, tokenDelta: false, countRequest: true }],
    // NaN quota → 0; negative reservation → 0
    ['bad numbers', held(-5), { kind: 'success', quota: Number.NaN, totalTokens: Number.NaN },
      { kind: 'apply', next: 'settled', charged: 0, delta: 0, tokenDelta: true, countRequest: false }],
  ])('%s', (_name, r, o, want) => expect(settle(r, o)).toEqual(want));

  it.each(['settled', 'refunded'] as const)('a %s reservation is never applied twice', (state) =>
    expect(settle({ reserved: 100, state, hasToken: true }, { kind: 'failed' })).toEqual({ kind: 'noop', reason: 'already_settled' }));
});

describe('shouldWarnQuota (reference §4.8)', () => {
  it.each([
    [1500, 600, 1000, true], // 900 < 1000
    [1600, 600, 1000, false], // 1000 is not < 1000
    [5000, 100, 1000, false],
    [Number.NaN, 0, 1000, false],
  ])('before %s, charged %s, threshold %s → %s', (before, charged, threshold, want) => expect(shouldWarnQuota(before, charged, threshold)).toBe(want));
});
