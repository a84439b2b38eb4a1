// The rules of an agent's payout account and settlement request, pure (spec 3 §5, design agents.md §3): required
// account fields and the one supported platform, the requested money as exact micros (at most 2 decimals, at least
// SETTLEMENT_MIN_MONEY), and which review moves are allowed. What is withdrawable is the service's job (in its
// conditional update).
import {
  BALANCE_ACCOUNT_MAX, BALANCE_PLATFORMS, BALANCE_USERNAME_MAX, SETTLEMENT_MIN_MONEY, SETTLEMENT_REVIEW_STATUSES,
  SUPPORTED_BALANCE_PLATFORMS, type AgentAccountRequest,
} from '../../contract/agents.js';
import type { MessageKey, MessageParams } from '../../i18n/messages.js';
import { MICROS_PER_UNIT, parseMoney } from '../invoice/money.js';

export const SETTLEMENT_MIN_MICROS = SETTLEMENT_MIN_MONEY * MICROS_PER_UNIT;
/** The platform when the request names none: the only one supported. */
export const DEFAULT_BALANCE_PLATFORM = SUPPORTED_BALANCE_PLATFORMS[0];

export type Checked<T> = { ok: true; value: T } | { ok: false; error: MessageKey; params?: MessageParams };

export interface Account {
  balance_account: string;
  balance_username: string;
  balance_platform: string;
}

export function checkAccount(req: Partial<AgentAccountRequest>): Checked<Account> {
  const balance_account = String(req.balance_account ?? '').trim();
  if (!balance_account) return { ok: false, error: 'settlement.account_required' };
  if (balance_account.length > BALANCE_ACCOUNT_MAX) return { ok: false, error: 'settlement.account_too_long', params: { max: BALANCE_ACCOUNT_MAX } };
  const balance_username = String(req.balance_username ?? '').trim();
  if (!balance_username) return { ok: false, error: 'settlement.real_name_required' };
  if (balance_username.length > BALANCE_USERNAME_MAX) return { ok: false, error: 'settlement.real_name_too_long', params: { max: BALANCE_USERNAME_MAX } };
  const balance_platform = String(req.balance_platform ?? '').trim().toLowerCase() || DEFAULT_BALANCE_PLATFORM;
  if (!(BALANCE_PLATFORMS as readonly string[]).includes(balance_platform)) return { ok: false, error: 'settlement.platform_invalid' };
  if (!isSupportedPlatform(balance_platform)) return { ok: false, error: 'settlement.platform_unsupported' };
  return { ok: true, value: { balance_account, balance_username, balance_platform } };
}

export const isSupportedPlatform = (p: string): boolean => (SUPPORTED_BALANCE_PLATFORMS as readonly string[]).includes(p);

/** The requested money ('10', '10.5', 12.34) as micros: a decimal with at most 2 places, at least the minimum. */
export function checkProfit(profit: unknown): Checked<number> {
  const money = typeof profit === 'number' || typeof profit === 'string' ? parseMoney(profit) : ({ ok: false } as const);
  if (!money.ok) return { ok: false, error: 'settlement.amount_invalid' };
  if (money.micros < SETTLEMENT_MIN_MICROS) return { ok: false, error: 'settlement.below_min', params: { min: SETTLEMENT_MIN_MONEY } };
  return { ok: true, value: money.micros };
}

/** A pending settlement may become completed, cancelled or failed; nothing else moves. */
export const isReviewStatus = (s: string): s is (typeof SETTLEMENT_REVIEW_STATUSES)[number] =>
  (SETTLEMENT_REVIEW_STATUSES as readonly string[]).includes(s);
