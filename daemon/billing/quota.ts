// Usage + price → the integer quota of one call (reference §4.4). One formula for every provider: adapters
// normalise usage to the OpenAI convention first (input total with cache-read, cache-write and audio tokens as
// parts of it; output total with reasoning and audio as parts of it), so Anthropic's separate cache counts are
// neither subtracted twice nor dropped (new-api's under-charge, reference §4.4 Caution). Exact decimals, one rounding
// (half up) at the end, minimum 1 for a non-free model that consumed tokens, saturation at MAX_QUOTA.
import { clampTokens, clampUnits } from './bounds.js';
import { add, dec, int, isZero, mul, mulAll, round, toQuota, type Dec } from './decimal.js';
import type { CallPrice, Price, TokenPrice } from './prices.js';

export interface Usage {
  /** Every input token: uncached text + cache-read + cache-write + audio input. */
  promptTokens: number;
  /** Every output token, reasoning and audio output included. */
  completionTokens: number;
  /** Cache-read tokens (OpenAI cached_tokens, Anthropic cache_read_input_tokens); part of promptTokens. */
  cachedTokens?: number;
  /** Cache-write tokens (Anthropic cache_creation_input_tokens); part of promptTokens. */
  cacheWriteTokens?: number;
  /** Reasoning tokens; part of completionTokens and billed with it (kept for the log). */
  reasoningTokens?: number;
  /** Audio input tokens (gpt-4o audio / realtime); part of promptTokens. */
  audioPromptTokens?: number;
  /** Audio output tokens; part of completionTokens. */
  audioCompletionTokens?: number;
}

/** Usage split into disjoint, clamped counts. */
export interface UsageParts {
  textIn: number;
  cached: number;
  cacheWrite: number;
  audioIn: number;
  textOut: number;
  audioOut: number;
  reasoning: number;
  prompt: number;
  completion: number;
  total: number;
}

/**
 * Clamps every count (negative / NaN → 0, above MAX_TOKENS → MAX_TOKENS) and splits usage into disjoint parts.
 * If the parts add up to more than the total an adapter reported, the total is raised to their sum: cache tokens
 * are then billed at their own ratios instead of disappearing.
 */
export function usageParts(u: Partial<Usage>): UsageParts {
  const cached = clampTokens(u.cachedTokens);
  const cacheWrite = clampTokens(u.cacheWriteTokens);
  const audioIn = clampTokens(u.audioPromptTokens);
  const audioOut = clampTokens(u.audioCompletionTokens);
  const prompt = Math.max(clampTokens(u.promptTokens), cached + cacheWrite + audioIn);
  const completion = Math.max(clampTokens(u.completionTokens), audioOut);
  return {
    textIn: prompt - cached - cacheWrite - audioIn,
    cached,
    cacheWrite,
    audioIn,
    textOut: completion - audioOut,
    audioOut,
    reasoning: Math.min(clampTokens(u.reasoningTokens), completion),
    prompt,
    completion,
    total: prompt + completion,
  };
}

export interface QuotaResult {
  quota: number;
  /** No tokens at all: quota is 0 and the log says "possibly an upstream timeout" (reference §4.4). */
  zeroUsage: boolean;
  parts: UsageParts;
}

/** Rounds an exact amount; a non-zero rate that rounds to 0 charges 1 (new-api's minimum). */
function finish(amount: Dec, rate: Dec): number {
  const q = toQuota(round(amount));
  return q === 0 && !isZero(rate) ? 1 : q;
}

/**
 * Per-token quota: round(((textIn + cached × cacheRatio + cacheWrite × cacheCreationRatio + audioIn × audioRatio)
 * + (textOut × completionRatio + audioOut × audioRatio × audioCompletionRatio)) × modelRatio × groupRatio);
 * at least 1 when modelRatio × groupRatio ≠ 0 and tokens were used.
 */
export function tokenQuota(usage: Partial<Usage>, p: TokenPrice): QuotaResult {
  const parts = usageParts(usage);
  // Terms without tokens are left out: most calls have no cache or audio parts, and each BigInt step allocates.
  let weighted = int(parts.textIn);
  if (parts.cached) weighted = add(weighted, mul(int(parts.cached), dec(p.cacheRatio)));
  if (parts.cacheWrite) weighted = add(weighted, mul(int(parts.cacheWrite), dec(p.cacheCreationRatio)));
  if (parts.audioIn) weighted = add(weighted, mul(int(parts.audioIn), dec(p.audioRatio)));
  if (parts.textOut) weighted = add(weighted, mul(int(parts.textOut), dec(p.completionRatio)));
  if (parts.audioOut) weighted = add(weighted, mulAll(int(parts.audioOut), dec(p.audioRatio), dec(p.audioCompletionRatio)));
  const rate = mul(dec(p.modelRatio), dec(p.groupRatio));
  return { quota: parts.total === 0 ? 0 : finish(mulAll(weighted, rate), rate), zeroUsage: parts.total === 0, parts };
}

/**
 * Per-call quota: round(priceUsd × QuotaPerUnit × groupRatio × units); units is 1 for a chat call and
 * n × size × quality for images (prices.ts imageUnits). At least 1 when the price, group ratio and units are non-zero.
 */
export function callQuota(p: CallPrice, units = 1): number {
  const rate = mulAll(dec(p.priceUsd), dec(p.groupRatio), dec(clampUnits(units)));
  return finish(mulAll(rate, dec(p.quotaPerUnit)), rate);
}

/** The quota of a relayed call with reported (or counted) usage; no tokens at all → 0 in both modes. */
export function usageQuota(usage: Partial<Usage>, p: Price): QuotaResult {
  if (p.mode === 'token') return tokenQuota(usage, p);
  const parts = usageParts(usage);
  return { quota: parts.total === 0 ? 0 : callQuota(p), zeroUsage: parts.total === 0, parts };
}
