import { describe, expect, it } from 'vitest';
import { LatestLoad } from './latest-load.js';

describe('LatestLoad', () => {
  it('refuses a load that finishes after a later one was applied', () => {
    const l = new LatestLoad();
    const first = l.ticket();
    const second = l.ticket();
    expect(l.mayApply(second)).toBe(true);
    expect(l.mayApply(first)).toBe(false);
    const third = l.ticket();
    expect(l.mayApply(third)).toBe(true);
  });

  it('applies loads that finish in order', () => {
    const l = new LatestLoad();
    const a = l.ticket();
    expect(l.mayApply(a)).toBe(true);
    const b = l.ticket();
    expect(l.mayApply(b)).toBe(true);
  });
});
