// Estimate = round((prompt + n × allowance × completionRatio) × modelRatio × groupRatio), allowance =
// max(max_tokens, max_completion_tokens) or PreConsumedQuota (500) tokens; expectations worked out by hand.
import { describe, expect, it } from 'vitest';
import type { CallPrice, TokenPrice } from './prices.js';
import { completionAllowance, decidePreConsume, estimateQuota, type EstimateRequest, type PreConsumeInput } from './estimate.js';

const tp = (over: Partial<TokenPrice> = {}): TokenPrice => ({
  mode: 'token', model: 'm', modelRatio: 1, completionRatio: 1, cacheRatio: 1, cacheCreationRatio: 1.25, audioRatio: 20,
  audioCompletionRatio: 2, unset: false, group: 'default', groupRatio: 1, groupKnown: true, ...over,
});
const gpt4o = tp({ modelRatio: 1.25, completionRatio: 4 });
const call: CallPrice = { mode: 'call', model: 'dall-e-3', priceUsd: 0.04, quotaPerUnit: 500000, group: 'default', groupRatio: 1, groupKnown: true };

describe('estimateQuota', () => {
  // [name, request, price, expected, PreConsumedQuota (default 500)]
  it.each<[string, EstimateRequest, TokenPrice | CallPrice, number, number?]>([
    // (100 + 1000 × 4) × 1.25 = 4100 × 1.25 = 5125
    ['max_tokens × completion ratio', { promptTokens: 100, max_tokens: 1000 }, gpt4o, 5125],
    // the larger of the two limits: (100 + 2000 × 4) × 1.25 = 8100 × 1.25 = 10125
    ['max_completion_tokens', { promptTokens: 100, max_tokens: 500, max_completion_tokens: 2000 }, gpt4o, 10125],
    // no limit: prompt + 500 default: (100 + 500 × 4) × 1.25 = 2100 × 1.25 = 2625 (new-api's quirk would give 500 × 1.25 = 625)
    ['no max_tokens: prompt + PreConsumedQuota', { promptTokens: 100 }, gpt4o, 2625],
    // max_tokens 0 counts as absent: same 2625
    ['max_tokens 0', { promptTokens: 100, max_tokens: 0 }, gpt4o, 2625],
    // n = 3: (100 + 3 × 1000 × 4) × 1.25 = 12100 × 1.25 = 15125
    ['n > 1', { promptTokens: 100, max_tokens: 1000, n: 3 }, gpt4o, 15125],
    // group ratio 2: 5125 × 2 = 10250
    ['group ratio', { promptTokens: 100, max_tokens: 1000 }, tp({ modelRatio: 1.25, completionRatio: 4, groupRatio: 2 }), 10250],
    // max_tokens 1e15 bounded to 2^30: 2^30 × 1 × 1 = 1073741824
    ['huge max_tokens bounded', { promptTokens: 0, max_tokens: 1e15 }, tp(), 1073741824],
    // n 1e6 bounded to 128: 128 × 10 = 1280
    ['huge n bounded', { promptTokens: 0, max_tokens: 10, n: 1e6 }, tp(), 1280],
    // NaN max_tokens → default 500; negative n → 1; negative prompt → 0: 500 × 1 = 500
    ['negative / NaN inputs', { promptTokens: -7, max_tokens: Number.NaN, n: -2 }, tp(), 500],
    // PreConsumedQuota 0: 1 × 0.075 = 0.075 → minimum 1
    ['minimum 1', { promptTokens: 1, max_tokens: 0 }, tp({ modelRatio: 0.075 }), 1, 0],
    // per call: 0.04 × 500000 = 20000
    ['fixed price per call', { promptTokens: 999, max_tokens: 1000 }, call, 20000],
    // per call, 2 units: 40000
    ['fixed price, units', { promptTokens: 0, units: 2 }, call, 40000],
    // free model: 0
    ['free model', { promptTokens: 1000, max_tokens: 1000 }, tp({ modelRatio: 0 }), 0],
  ])('%s', (_name, req, price, want, preConsumed = 500) => expect(estimateQuota(req, price, preConsumed)).toBe(want));

  it('nothing to reserve: prompt 0 and PreConsumedQuota 0 → 0', () => expect(estimateQuota({ promptTokens: 0 }, tp(), 0)).toBe(0));
  it.each([
    [{ promptTokens: 0, max_tokens: 300 }, 300],
    [{ promptTokens: 0, max_tokens: '300' }, 500], // not a number: the default
    [{ promptTokens: 0, max_completion_tokens: 2 ** 40 }, 2 ** 30],
  ])('completionAllowance(%o) = %s', (req, want) => expect(completionAllowance(req as EstimateRequest, 500)).toBe(want));
});

describe('decidePreConsume (reference §4.3)', () => {
  const base: PreConsumeInput = { estimate: 100, userQuota: 1000, token: { unlimited: false, remain: 1000 } };
  it.each<[string, PreConsumeInput, ReturnType<typeof decidePreConsume>]>([
    ['reserves the estimate', base, { ok: true, reserve: 100, trusted: false }],
    ['user quota 0', { ...base, userQuota: 0 }, { ok: false, error: 'insufficient_user_quota' }],
    ['user quota below the estimate', { ...base, userQuota: 99 }, { ok: false, error: 'insufficient_user_quota' }],
    ['user quota NaN', { ...base, userQuota: Number.NaN }, { ok: false, error: 'insufficient_user_quota' }],
    ['user quota 0 and a free model: still refused, as new-api', { ...base, estimate: 0, userQuota: 0 }, { ok: false, error: 'insufficient_user_quota' }],
    ['token remain below the estimate', { ...base, token: { unlimited: false, remain: 50 } }, { ok: false, error: 'pre_consume_token_quota_failed' }],
    ['unlimited token', { ...base, token: { unlimited: true, remain: 0 } }, { ok: true, reserve: 100, trusted: false }],
    ['playground (no token)', { ...base, token: null }, { ok: true, reserve: 100, trusted: false }],
    ['no trust without a multiplier', { ...base, userQuota: 1e12, token: null }, { ok: true, reserve: 100, trusted: false }],
    // 10001 > 100 × 100 = 10000, token remain 20000 > 10000: trusted, nothing reserved
    ['trust: plenty on user and token', { ...base, userQuota: 10001, token: { unlimited: false, remain: 20000 }, trustMultiplier: 100 }, { ok: true, reserve: 0, trusted: true }],
    // 10000 is not > 10000
    ['trust: exactly 100 estimates is not enough', { ...base, userQuota: 10000, token: null, trustMultiplier: 100 }, { ok: true, reserve: 100, trusted: false }],
    ['trust: token short', { ...base, userQuota: 1e9, token: { unlimited: false, remain: 10000 }, trustMultiplier: 100 }, { ok: true, reserve: 100, trusted: false }],
    ['trust: unlimited token', { ...base, userQuota: 1e9, token: { unlimited: true, remain: 0 }, trustMultiplier: 100 }, { ok: true, reserve: 0, trusted: true }],
    ['negative estimate reserves 0', { ...base, estimate: -5 }, { ok: true, reserve: 0, trusted: false }],
  ])('%s', (_name, input, want) => expect(decidePreConsume(input)).toEqual(want));
});
