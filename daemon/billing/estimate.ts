// The amount reserved before a call goes upstream (reference §4.3), and whether the user and token may afford it.
// Estimate = (prompt + n × completion allowance × completionRatio) × modelRatio × groupRatio, where the allowance is
// max(max_tokens, max_completion_tokens) or, when the request sets neither, PreConsumedQuota tokens. new-api bills
// the flat PreConsumedQuota alone in that case and forgets the prompt (reference §15 quirk 10); we keep the prompt.
import { clampN, clampQuota, clampTokens } from './bounds.js';
import { dec, int, mulAll, round, sum, toQuota, isZero } from './decimal.js';
import type { Price } from './prices.js';
import { callQuota } from './quota.js';

export interface EstimateRequest {
  /** Prompt tokens counted locally (token-count.ts). */
  promptTokens: number;
  max_tokens?: unknown;
  max_completion_tokens?: unknown;
  n?: unknown;
  /** Per-call models: units billed (1 for chat, prices.ts imageUnits for images). */
  units?: number;
}

/** Output tokens to reserve for one choice: the request's limit (bounded to MAX_TOKENS), else the default. */
export function completionAllowance(req: EstimateRequest, preConsumedTokens: number): number {
  const limit = Math.max(clampTokens(req.max_tokens), clampTokens(req.max_completion_tokens));
  return limit > 0 ? limit : clampTokens(preConsumedTokens);
}

/** The quota to reserve; `preConsumedTokens` is the PreConsumedQuota option (default 500). */
export function estimateQuota(req: EstimateRequest, price: Price, preConsumedTokens: number): number {
  if (price.mode === 'call') return callQuota(price, req.units ?? 1);
  const output = BigInt(clampN(req.n)) * BigInt(completionAllowance(req, preConsumedTokens));
  const weighted = sum(int(clampTokens(req.promptTokens)), mulAll({ m: output, e: 0 }, dec(price.completionRatio)));
  const rate = mulAll(dec(price.modelRatio), dec(price.groupRatio));
  const q = toQuota(round(mulAll(weighted, rate)));
  return q === 0 && !isZero(rate) && !isZero(weighted) ? 1 : q;
}

/** new-api's trust shortcut: skip the reservation when the balance covers 100 estimates (reference §4.3). */
export const NEW_API_TRUST_MULTIPLIER = 100;

export interface PreConsumeInput {
  estimate: number;
  userQuota: number;
  /** null for calls without a token (playground): only the user is checked and debited. */
  token: { unlimited: boolean; remain: number } | null;
  /**
   * Skip the reservation when user (and token) hold more than this many estimates. Off when absent: a reservation
   * is what stops concurrent calls from overdrawing a balance (lessons §1a #1), so callers opt in deliberately.
   */
  trustMultiplier?: number | null;
}

export type PreConsumeDecision =
  | { ok: true; reserve: number; trusted: boolean }
  | { ok: false; error: 'insufficient_user_quota' | 'pre_consume_token_quota_failed' };

/** What to reserve, or why the call is refused (both 403 in the relay). Nothing is debited here. */
export function decidePreConsume(i: PreConsumeInput): PreConsumeDecision {
  const estimate = clampQuota(i.estimate);
  const user = Number.isFinite(i.userQuota) ? i.userQuota : 0;
  if (user <= 0 || user - estimate < 0) return { ok: false, error: 'insufficient_user_quota' };
  const limited = i.token !== null && !i.token.unlimited;
  const remain = limited && Number.isFinite(i.token!.remain) ? i.token!.remain : 0;
  const m = i.trustMultiplier;
  if (m != null && Number.isFinite(m) && m > 0) {
    const bar = estimate * m;
    if (user > bar && (!limited || remain > bar)) return { ok: true, reserve: 0, trusted: true };
  }
  if (limited && remain < estimate) return { ok: false, error: 'pre_consume_token_quota_failed' };
  return { ok: true, reserve: estimate, trusted: false };
}
