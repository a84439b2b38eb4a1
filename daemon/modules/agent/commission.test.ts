import { describe, expect, it } from 'vitest';
import { dec } from '../../billing/decimal.js';
import { moneyMicros, topUpPrice } from '../topup/topup-money.js';
import { microsToQuota, quotaToMicros, splitCommission } from './commission.js';

/** A small seeded generator (mulberry32), so a failing case can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('splitCommission', () => {
  it('gives A₁ the spread over its price and A₂ the spread between them; the site keeps the rest', () => {
    // buyer pays 8.00 per dollar, A₁ buys at 7.30, A₂ at 6.00: 10 dollars → 80.00 = 7.00 + 13.00 + 60.00
    const s = splitCommission(80_000_000n, 10, [dec(7.3), dec(6)]);
    expect(s).toEqual({ shares: [7_000_000n, 13_000_000n], siteMicros: 60_000_000n });
  });

  it('clamps at 0 an agent whose price is above its buyer’s, and does not give that spread to the next one', () => {
    // A₁ at 9 > buyer's 8 → 0; A₂ earns only from the buyer's 8 down to its 6
    expect(splitCommission(80_000_000n, 10, [dec(9), dec(6)])).toEqual({ shares: [0n, 20_000_000n], siteMicros: 60_000_000n });
    // A₂ above A₁ → 0
    expect(splitCommission(80_000_000n, 10, [dec(7), dec(7.5)])).toEqual({ shares: [10_000_000n, 0n], siteMicros: 70_000_000n });
  });

  it('rounds each share down to micros (a price with more decimals than money has)', () => {
    // 3 dollars at 7.3333333 = 21.9999999: the 0.1 micro of spread over the 22.00 paid rounds down to 0
    expect(splitCommission(22_000_000n, 3, [dec(7.3333333)])).toEqual({ shares: [0n], siteMicros: 22_000_000n });
    // 7 dollars at 1.1111115 = 7.7777805 → 7.78 paid: A₁ gets 7 780 000 − 7 777 780.5 = 2 219.5 micros → 2 219;
    // A₂ at 1.0000001 (7 000 000.7 micros) gets 777 779.8 → 777 779
    const s = splitCommission(7_780_000n, 7, [dec(1.1111115), dec(1.0000001)]);
    expect(s.shares).toEqual([2_219n, 777_779n]);
    expect(s.siteMicros).toBe(7_780_000n - 2_219n - 777_779n);
  });

  it('answers nothing for an empty chain, zero money or an agent price of 0 (the agent buys for free)', () => {
    expect(splitCommission(5_000_000n, 1, [])).toEqual({ shares: [], siteMicros: 5_000_000n });
    expect(splitCommission(0n, 1, [dec(1)])).toEqual({ shares: [0n], siteMicros: 0n });
    expect(splitCommission(5_000_000n, 1, [dec(0)])).toEqual({ shares: [5_000_000n], siteMicros: 0n });
  });

  it('property: random chains of up to 3 agents — shares + site part = M exactly, every share ≥ 0', () => {
    const r = rng(20240517);
    const price = () => {
      // site price × group ratio, or an exclusive price, with up to 4 decimals (the spread can be negative)
      const p = Math.round(r() * 20_000) / 1000 + (r() < 0.1 ? 0 : 0.01);
      return r() < 0.5 ? dec(p) : topUpPrice({ exclusivePrice: 0, price: p, groupRatios: { g: Math.round(r() * 300) / 100 }, group: 'g' });
    };
    for (let i = 0; i < 5000; i++) {
      const dollars = 1 + Math.floor(r() * (r() < 0.2 ? 1_000_000 : 500));
      const m = moneyMicros(dollars, price()) + (r() < 0.1 ? BigInt(Math.floor(r() * 1_000_000)) : 0n);
      const chain = Array.from({ length: Math.floor(r() * 4) }, price);
      const s = splitCommission(m, dollars, chain);
      expect(s.shares).toHaveLength(chain.length);
      for (const share of s.shares) expect(share >= 0n, `case ${i}`).toBe(true);
      expect(s.siteMicros >= 0n, `case ${i}`).toBe(true);
      expect(s.shares.reduce((a, b) => a + b, 0n) + s.siteMicros, `case ${i}`).toBe(m);
    }
  });
});

describe('microsToQuota / quotaToMicros', () => {
  it('converts money to quota units exactly, rounding down, and back', () => {
    expect(microsToQuota(10_000_000n, 500_000)).toBe(5_000_000n);
    expect(microsToQuota(1n, 500_000)).toBe(0n); // half a unit is not withdrawable
    expect(microsToQuota(3n, 500_000)).toBe(1n);
    expect(microsToQuota(7_000_000n, 0.5)).toBe(3n);
    expect(microsToQuota(-1n, 500_000)).toBe(0n);
    expect(microsToQuota(1_000_000n, 0)).toBe(0n);
    expect(quotaToMicros(5_000_000n, 500_000)).toBe(10_000_000n);
    expect(quotaToMicros(1n, 500_000)).toBe(2n);
    expect(quotaToMicros(1n, 3)).toBe(333_333n);
  });
});
