// What the relay needs from a wallet: hold an estimate before the call, settle it exactly once after. Two
// implementations: DbWallet (conditional SQL per call; several instances on one PostgreSQL) and LedgerWallet
// (balances in this process's memory, written back in batches; one serving process per database — the default on
// SQLite). See wallet-mode.ts for the choice.
import type { Outcome, ReservationState } from '../../billing/settle.js';

export interface Hold {
  userId: number;
  /** null: no token (playground). */
  tokenId: number | null;
  /** The token has a limit: its remaining quota moves with the user's. */
  limited: boolean;
  reserved: number;
  state: ReservationState;
}

export type RefusalReason = 'insufficient_user_quota' | 'pre_consume_token_quota_failed';
export type ReserveResult = { ok: true; hold: Hold } | { ok: false; error: RefusalReason };

export interface ReserveRequest {
  userId: number;
  tokenId: number | null;
  unlimited: boolean;
  amount: number;
}

export interface SettleResult {
  /** Quota finally charged (0 on refund). */
  charged: number;
  /** Part of the computed charge the balances could not cover (charged is that much lower). */
  unpaid: number;
  applied: boolean;
  /** The user's quota right after this settlement, when the wallet knows it without a database read. */
  userQuota?: number;
}

export interface Wallet {
  readonly mode: 'ledger' | 'database';
  /** Takes `amount` from the user (and a limited token) or refuses; nothing changes when refused. */
  reserve(r: ReserveRequest): Promise<ReserveResult>;
  /**
   * Ends a reservation: success/partial charge the quota computed from usage, failure refunds it all.
   * `channelId` (0 = none) gets the charge added to its used_quota. A second call for the same hold does nothing.
   */
  settle(h: Hold, outcome: Outcome, channelId: number): Promise<SettleResult>;
  /** A limited token's remaining quota when this wallet is ahead of the database (ledger), else undefined. */
  tokenRemain(tokenId: number): number | undefined;
}
