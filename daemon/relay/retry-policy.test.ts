import { describe, expect, it } from 'vitest';
import { isRetryable, maxAttempts } from './retry-policy.js';

describe('isRetryable', () => {
  it.each([
    [429, 1, true],
    [307, 1, true],
    [500, 1, true],
    [502, 1, true],
    [503, 1, true],
    [504, 1, false],
    [524, 1, false],
    [400, 1, false],
    [400, 14, true],
    [408, 1, false],
    [401, 1, true],
    [403, 1, true],
    [404, 1, true],
    [200, 1, false],
    [0, 1, true],
  ])('status %i on type %i → %s', (status, channelType, expected) => {
    expect(isRetryable({ status, channelType, local: false })).toBe(expected);
  });
  it('never retries a local failure', () => expect(isRetryable({ status: 500, channelType: 1, local: true })).toBe(false));
});

describe('maxAttempts', () => {
  it('is one plus RetryTimes, or one when a channel is pinned', () => {
    expect(maxAttempts(0, false)).toBe(1);
    expect(maxAttempts(3, false)).toBe(4);
    expect(maxAttempts(3, true)).toBe(1);
    expect(maxAttempts(-2, false)).toBe(1);
  });
});
