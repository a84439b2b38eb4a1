// Every expectation is worked out by hand from reference §4.4:
//   per-token quota = round((uncached + cached × cacheRatio + cacheWrite × 1.25 + completion × completionRatio) × modelRatio × groupRatio)
//   per-call quota  = round(priceUsd × QuotaPerUnit × groupRatio × units)
import { describe, expect, it } from 'vitest';
import { MAX_QUOTA } from './bounds.js';
import type { CallPrice, TokenPrice } from './prices.js';
import { callQuota, tokenQuota, usageParts, usageQuota, type Usage } from './quota.js';

const tp = (over: Partial<TokenPrice> = {}): TokenPrice => ({
  mode: 'token', model: 'm', modelRatio: 1, completionRatio: 1, cacheRatio: 1, cacheCreationRatio: 1.25, audioRatio: 20,
  audioCompletionRatio: 2, unset: false, group: 'default', groupRatio: 1, groupKnown: true, ...over,
});
const cp = (over: Partial<CallPrice> = {}): CallPrice => ({
  mode: 'call', model: 'm', priceUsd: 0.04, quotaPerUnit: 500000, group: 'default', groupRatio: 1, groupKnown: true, ...over,
});
const gpt4o = tp({ model: 'gpt-4o', modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5 });
const sonnet = tp({ model: 'claude-3-5-sonnet-20241022', modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1 });

describe('tokenQuota', () => {
  it.each<[string, TokenPrice, Partial<Usage>, number]>([
    // (1000 + 500 × 4) × 1.25 = 3000 × 1.25 = 3750
    ['model ratio with completion ratio', gpt4o, { promptTokens: 1000, completionTokens: 500 }, 3750],
    // (400 uncached + 600 × 0.5 + 100 × 4) × 1.25 = 1100 × 1.25 = 1375
    ['cache-read tokens billed by cache ratio', gpt4o, { promptTokens: 1000, cachedTokens: 600, completionTokens: 100 }, 1375],
    // prompt 3000 = 1000 uncached + 1500 read + 500 written: (1000 + 150 + 625 + 200 × 5) × 1.5 = 2775 × 1.5 = 4162.5 → 4163
    ['cache writes at 1.25, half rounds up', sonnet, { promptTokens: 3000, cachedTokens: 1500, cacheWriteTokens: 500, completionTokens: 200 }, 4163],
    // (1000 + 1000 × 4) × 0.075 × 0.8 = 5000 × 0.06 = 300
    ['group ratio', tp({ modelRatio: 0.075, completionRatio: 4, groupRatio: 0.8 }), { promptTokens: 1000, completionTokens: 1000 }, 300],
    // 100 × 0.145 = 14.5 → 15 exactly (a float product would give 14.499999999999998 → 14)
    ['exact decimals before rounding', tp({ modelRatio: 0.145 }), { promptTokens: 100, completionTokens: 0 }, 15],
    // 1 × 0.075 = 0.075 → rounds to 0 → new-api's minimum of 1 for a non-zero ratio
    ['minimum 1', tp({ modelRatio: 0.075 }), { promptTokens: 1, completionTokens: 0 }, 1],
    // ratio 0 (glm-4-flash): free, no minimum
    ['free model', tp({ modelRatio: 0 }), { promptTokens: 1000, completionTokens: 1000 }, 0],
    // group ratio 0: free
    ['free group', tp({ modelRatio: 15, groupRatio: 0 }), { promptTokens: 1000, completionTokens: 1000 }, 0],
    // everything cached at cache ratio 0: weighted 0, but tokens were used at a non-zero ratio → 1
    ['minimum 1 also when every token was free cache', tp({ cacheRatio: 0 }), { promptTokens: 10, cachedTokens: 10, completionTokens: 0 }, 1],
    // negative / NaN counts are 0: prompt 100 × 1 = 100
    ['negative and NaN inputs', tp(), { promptTokens: 100, completionTokens: -5, cachedTokens: Number.NaN, cacheWriteTokens: -1 }, 100],
    // prompt 1e12 is clamped to 2^30 = 1073741824 tokens × 1
    ['huge counts bounded', tp(), { promptTokens: 1e12, completionTokens: 0 }, 1073741824],
    // 2^30 × 1e6 (completion) × 1e6 × 1e6 is far above 2^53: saturates instead of wrapping
    ['saturates at MAX_SAFE_INTEGER', tp({ modelRatio: 1e6, groupRatio: 1e6, completionRatio: 1e6 }), { promptTokens: 2 ** 30, completionTokens: 2 ** 30 }, MAX_QUOTA],
    // parts above the reported total: prompt raised to 300, all cache-read: 300 × 0.5 = 150
    ['cache tokens above the total are still billed', tp({ cacheRatio: 0.5 }), { promptTokens: 100, cachedTokens: 300, completionTokens: 0 }, 150],
    // gpt-4o-audio-preview: text in 800 + audio in 200 × 40 = 8800; text out 200 × 4 = 800; audio out 300 × 40 × 2 = 24000
    // (8800 + 800 + 24000) × 1.25 = 33600 × 1.25 = 42000
    ['audio tokens', tp({ modelRatio: 1.25, completionRatio: 4, audioRatio: 40 }), { promptTokens: 1000, audioPromptTokens: 200, completionTokens: 500, audioCompletionTokens: 300 }, 42000],
    // reasoning is part of completion: (10 + 100 × 4) × 1 = 410, not 10 + 180 × 4
    ['reasoning billed inside completion', tp({ completionRatio: 4 }), { promptTokens: 10, completionTokens: 100, reasoningTokens: 80 }, 410],
  ])('%s', (_name, price, usage, want) => expect(tokenQuota(usage, price).quota).toBe(want));

  it('zero usage → 0, flagged (the log notes a possible upstream timeout)', () => {
    expect(tokenQuota({ promptTokens: 0, completionTokens: 0 }, gpt4o)).toMatchObject({ quota: 0, zeroUsage: true });
    expect(tokenQuota({ promptTokens: Number.NaN, completionTokens: -1 }, gpt4o)).toMatchObject({ quota: 0, zeroUsage: true });
  });
});

describe('usageParts', () => {
  it('splits usage into disjoint counts', () =>
    expect(usageParts({ promptTokens: 3000, cachedTokens: 1500, cacheWriteTokens: 500, completionTokens: 200, reasoningTokens: 500 })).toEqual({
      textIn: 1000, cached: 1500, cacheWrite: 500, audioIn: 0, textOut: 200, audioOut: 0, reasoning: 200, prompt: 3000, completion: 200, total: 3200,
    }));
});

describe('callQuota', () => {
  it.each<[string, CallPrice, number, number]>([
    // 0.04 × 500000 × 1 = 20000
    ['fixed price per call', cp(), 1, 20000],
    // dall-e-3 hd 1792x1024: units 3 → 0.04 × 500000 × 3 = 60000
    ['image units', cp(), 3, 60000],
    // 0.04 × 500000 × 1.5 = 30000
    ['group ratio', cp({ groupRatio: 1.5 }), 1, 30000],
    // QuotaPerUnit 1000: 2 × 1000 = 2000
    ['custom QuotaPerUnit', cp({ priceUsd: 2, quotaPerUnit: 1000 }), 1, 2000],
    // 0.0000001 × 500000 = 0.05 → 0 → minimum 1 for a non-zero price
    ['minimum 1', cp({ priceUsd: 0.0000001 }), 1, 1],
    // price 0 (mj_inpaint): free
    ['free', cp({ priceUsd: 0 }), 1, 0],
    // units NaN / negative → 0 → nothing billed
    ['bad units', cp(), Number.NaN, 0],
    ['negative units', cp(), -2, 0],
  ])('%s', (_name, price, units, want) => expect(callQuota(price, units)).toBe(want));
});

describe('usageQuota (text relay)', () => {
  it('per-call price with tokens: one call', () =>
    // 0.1 × 500000 = 50000
    expect(usageQuota({ promptTokens: 10, completionTokens: 5 }, cp({ priceUsd: 0.1 })).quota).toBe(50000));
  it('per-call price with zero tokens: 0 (new-api forces 0)', () =>
    expect(usageQuota({ promptTokens: 0, completionTokens: 0 }, cp({ priceUsd: 0.1 }))).toMatchObject({ quota: 0, zeroUsage: true }));
  it('per-token price: the token formula', () => expect(usageQuota({ promptTokens: 1000, completionTokens: 500 }, gpt4o).quota).toBe(3750));
});
