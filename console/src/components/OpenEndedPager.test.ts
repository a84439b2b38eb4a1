import { describe, expect, it } from 'vitest';
import { openEndedTotal } from './OpenEndedPager';

describe('openEndedTotal', () => {
  it('offers one more page while pages come back full', () => {
    expect(openEndedTotal(1, 10, 3)).toBe(3);
    expect(openEndedTotal(1, 10, 10)).toBe(11);
    expect(openEndedTotal(3, 10, 10)).toBe(31);
    expect(openEndedTotal(2, 10, 3)).toBe(13);
    expect(openEndedTotal(2, 10, 0)).toBe(10);
  });
});
