// Settlement: what the reserved amount becomes once the call is over, returned as data for the wallet service to
// apply exactly once (compare-and-set on the reservation's state; a second settle of the same reservation is a
// no-op). success → the real quota; partial stream → the quota of what was delivered; failure → the whole
// reservation back. delta = charged − reserved: positive debits user and token further, negative refunds them
// (reference §4.4 last points; lessons §1a #2–#5 for why every path must end in exactly one settlement).
import { clampQuota } from './bounds.js';

export type ReservationState = 'held' | 'settled' | 'refunded';

export interface Reservation {
  /** Quota debited from the user (and token) before the call; 0 when the trust shortcut skipped it. */
  reserved: number;
  state: ReservationState;
  /** false for playground calls: the token side is left alone. */
  hasToken: boolean;
}

export type Outcome =
  /** The call finished; quota from quota.ts (0 with zero usage). */
  | { kind: 'success'; quota: number; totalTokens: number }
  /** The stream broke after output was delivered; quota of the delivered usage. */
  | { kind: 'partial'; quota: number; totalTokens: number }
  /** Nothing billable happened (upstream error, refused, nothing delivered). */
  | { kind: 'failed' };

export type Settlement =
  | {
      kind: 'apply';
      next: Exclude<ReservationState, 'held'>;
      /** Final quota of the call (logged, added to used_quota of user, token and channel). */
      charged: number;
      /** charged − reserved: > 0 debit more, < 0 refund; apply to the user and, if `tokenDelta`, the token. */
      delta: number;
      tokenDelta: boolean;
      /** users.request_count += 1 and counters move only for a call that used tokens (reference §4.5). */
      countRequest: boolean;
    }
  | { kind: 'noop'; reason: 'already_settled' };

export function settle(r: Reservation, o: Outcome): Settlement {
  if (r.state !== 'held') return { kind: 'noop', reason: 'already_settled' };
  const reserved = clampQuota(r.reserved);
  if (o.kind === 'failed') {
    return { kind: 'apply', next: 'refunded', charged: 0, delta: -reserved, tokenDelta: r.hasToken, countRequest: false };
  }
  const charged = clampQuota(o.quota);
  const used = Number.isFinite(o.totalTokens) && o.totalTokens > 0;
  return { kind: 'apply', next: 'settled', charged, delta: charged - reserved, tokenDelta: r.hasToken, countRequest: used };
}

/**
 * Whether to send the low-balance notice after settlement (reference §4.8): the balance before the call minus what
 * it cost fell below the threshold (the user's quota_warning_threshold, else the QuotaRemindThreshold option).
 */
export function shouldWarnQuota(quotaBefore: number, charged: number, threshold: number): boolean {
  if (!Number.isFinite(quotaBefore) || !Number.isFinite(threshold)) return false;
  return quotaBefore - clampQuota(charged) < threshold;
}
