// The in-memory ledger wallet: for one serving process per database (the SQLite default), where a database write
// per call would cost more than the whole rest of the relay. Each account (user quota, limited token remain) is read
// from the database once, then reserve and settle are synchronous checks and moves on it — one process, one event
// loop, no await between check and move, so concurrent calls can never overdraw. What moved is kept as a signed
// `pending` delta per account plus counters (used_quota, request_count, channels' used_quota), and written back by
// the usage writer as SQL increments in the same transaction as the log rows of those calls (`collect`/`restore`):
// the charges and the logs always agree, and a clean shutdown writes both (a crash loses at most the last batch of
// both — charges in the user's favour, never an overdraft).
//
// Writers elsewhere (an admin's top-up, the CLI, another process) change the database, bump the users or tokens
// epoch, and this ledger re-reads those accounts on next use as `database value + pending` (reads and write-backs
// never overlap, so nothing is counted twice or lost). An account is also re-read after `maxAgeMs` as a safety net.
import type { EntityManager } from '@mikro-orm/knex';
import type { CacheEpochs, ChangedIds } from '../../app/cache/epochs.js';
import { TokenStatus } from '../../contract/roles.js';
import { clampQuota } from '../../billing/bounds.js';
import { settle as decide, type Outcome } from '../../billing/settle.js';
import type { Hold, ReserveRequest, ReserveResult, SettleResult, Wallet } from './wallet.js';

interface Account {
  /** Spendable now, as this process knows it: the database's value plus `pending`. */
  balance: number;
  /** Signed change not yet written to the database. */
  pending: number;
  /** used_quota not yet written. */
  used: number;
  readAt: number;
  stale: boolean;
  loading?: Promise<void>;
}

interface UserAccount extends Account {
  requests: number;
}

interface TokenAccount extends Account {
  /** A status change to write with the balance: exhausted when it reached 0, enabled when a refund gave some back. */
  status?: 'exhausted' | 'enabled';
}

/** One batch taken out of the ledger for writing; handed back with `restore` when the write fails. */
export interface LedgerBatch {
  users: Array<[id: number, quota: number, used: number, requests: number]>;
  tokens: Array<[id: number, remain: number, used: number, status: TokenAccount['status']]>;
  /** used_quota of unlimited tokens (their remain does not move) */
  tokenUsed: Array<[id: number, used: number]>;
  channels: Array<[id: number, used: number]>;
}

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);

function markStale(accounts: Map<number, { stale: boolean }>, ids: ChangedIds): void {
  if (!ids) accounts.forEach((a) => (a.stale = true));
  else for (const id of ids) {
    const a = accounts.get(id);
    if (a) a.stale = true;
  }
}

export class LedgerWallet implements Wallet {
  readonly mode = 'ledger' as const;
  private readonly users = new Map<number, UserAccount>();
  private readonly tokens = new Map<number, TokenAccount>();
  private readonly unlimitedUsed = new Map<number, number>();
  private readonly channelUsed = new Map<number, number>();
  private readonly dirtyUsers = new Set<number>();
  private readonly dirtyTokens = new Set<number>();
  /** Reads of accounts and write-backs never overlap (a read in the middle of a write-back would count it twice). */
  private gate: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly em: EntityManager,
    epochs: CacheEpochs,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 60_000,
  ) {
    // Only the accounts a write named are re-read (all of them when it did not say).
    epochs.on('users', (ids) => markStale(this.users, ids));
    epochs.on('tokens', (ids) => markStale(this.tokens, ids));
  }

  get dirty(): boolean {
    return this.dirtyUsers.size > 0 || this.dirtyTokens.size > 0 || this.unlimitedUsed.size > 0 || this.channelUsed.size > 0;
  }

  tokenRemain(tokenId: number): number | undefined {
    const a = this.tokens.get(tokenId);
    return a && !a.stale ? a.balance : undefined;
  }

  async reserve(r: ReserveRequest): Promise<ReserveResult> {
    const amount = clampQuota(r.amount);
    const limited = r.tokenId !== null && !r.unlimited;
    const user = await this.account(this.users, r.userId, 'users');
    const token = limited ? await this.account(this.tokens, r.tokenId!, 'tokens') : undefined;
    // From here on synchronous: check and move as one step.
    // quota > 0 too: a user with nothing left is refused even for a free model (reference §4.3).
    if (!(user.balance >= amount && user.balance > 0)) return { ok: false, error: 'insufficient_user_quota' };
    if (token && !(token.balance >= amount)) return { ok: false, error: 'pre_consume_token_quota_failed' };
    this.move(user, -amount);
    this.dirtyUsers.add(r.userId);
    if (token) {
      this.moveToken(token, -amount);
      this.dirtyTokens.add(r.tokenId!);
    }
    return { ok: true, hold: { userId: r.userId, tokenId: r.tokenId, limited, reserved: amount, state: 'held' } };
  }

  async settle(h: Hold, outcome: Outcome, channelId: number): Promise<SettleResult> {
    const s = decide({ reserved: h.reserved, state: h.state, hasToken: h.limited }, outcome);
    if (s.kind === 'noop') return { charged: 0, unpaid: 0, applied: false };
    h.state = s.next;
    // Both accounts were read at reserve and are never dropped, only marked stale.
    const user = this.users.get(h.userId)!;
    const token = h.limited ? this.tokens.get(h.tokenId!)! : undefined;
    let extra = 0;
    if (s.delta < 0) {
      this.move(user, -s.delta);
      if (token) this.moveToken(token, -s.delta);
    } else if (s.delta > 0) {
      // a charge above the reservation is taken only as far as the balances go
      extra = Math.min(s.delta, Math.max(0, user.balance), token ? Math.max(0, token.balance) : Infinity);
      this.move(user, -extra);
      if (token) this.moveToken(token, -extra);
    }
    const charged = s.delta > 0 ? h.reserved + extra : s.charged;
    if (charged > 0 || s.countRequest) {
      user.used += charged;
      if (s.countRequest) user.requests += 1;
      if (channelId > 0 && charged > 0) this.channelUsed.set(channelId, (this.channelUsed.get(channelId) ?? 0) + charged);
      if (!token && h.tokenId !== null && charged > 0) this.unlimitedUsed.set(h.tokenId, (this.unlimitedUsed.get(h.tokenId) ?? 0) + charged);
    }
    this.dirtyUsers.add(h.userId);
    if (token) {
      if (token.balance <= 0) token.status = 'exhausted';
      else if (s.delta < 0) token.status = 'enabled';
      this.dirtyTokens.add(h.tokenId!);
    }
    return { charged, unpaid: s.delta > 0 ? s.delta - extra : 0, applied: true, userQuota: user.balance };
  }

  /**
   * Runs `write` with the batch of everything that moved since the last write-back, while no account is being read.
   * A failed write hands the batch back, so the next write-back carries it.
   */
  writeBack(write: (batch: LedgerBatch) => Promise<void>): Promise<void> {
    return this.exclusive(async () => {
      const batch = this.collect();
      try {
        await write(batch);
      } catch (e) {
        this.restore(batch);
        throw e;
      }
    });
  }

  /** Applies a batch inside the caller's transaction; returns whether a token's status changed (tokens epoch). */
  static async apply(tx: EntityManager, b: LedgerBatch): Promise<boolean> {
    let statusChanged = false;
    for (const [id, quota, used, requests] of b.users)
      await tx.execute('update users set quota = quota + ?, used_quota = used_quota + ?, request_count = request_count + ? where id = ?', [quota, used, requests, id], 'run');
    for (const [id, remain, used, status] of b.tokens) {
      await tx.execute('update tokens set remain_quota = remain_quota + ?, used_quota = used_quota + ? where id = ?', [remain, used, id], 'run');
      const r =
        status === 'exhausted'
          ? await tx.execute('update tokens set status = ? where id = ? and status = ? and unlimited_quota = ? and remain_quota <= 0', [TokenStatus.exhausted, id, TokenStatus.enabled, false], 'run')
          : status === 'enabled'
            ? await tx.execute('update tokens set status = ? where id = ? and status = ? and remain_quota > 0', [TokenStatus.enabled, id, TokenStatus.exhausted], 'run')
            : undefined;
      if (affected(r)) statusChanged = true;
    }
    for (const [id, used] of b.tokenUsed) await tx.execute('update tokens set used_quota = used_quota + ? where id = ?', [used, id], 'run');
    for (const [id, used] of b.channels) await tx.execute('update channels set used_quota = used_quota + ? where id = ?', [used, id], 'run');
    return statusChanged;
  }

  private collect(): LedgerBatch {
    const b: LedgerBatch = { users: [], tokens: [], tokenUsed: [...this.unlimitedUsed], channels: [...this.channelUsed] };
    for (const id of this.dirtyUsers) {
      const a = this.users.get(id)!;
      if (a.pending || a.used || a.requests) b.users.push([id, a.pending, a.used, a.requests]);
      a.pending = a.used = a.requests = 0;
    }
    for (const id of this.dirtyTokens) {
      const a = this.tokens.get(id)!;
      if (a.pending || a.used || a.status) b.tokens.push([id, a.pending, a.used, a.status]);
      a.pending = a.used = 0;
      a.status = undefined;
    }
    this.dirtyUsers.clear();
    this.dirtyTokens.clear();
    this.unlimitedUsed.clear();
    this.channelUsed.clear();
    return b;
  }

  private restore(b: LedgerBatch): void {
    for (const [id, quota, used, requests] of b.users) {
      const a = this.users.get(id)!;
      a.pending += quota;
      a.used += used;
      a.requests += requests;
      this.dirtyUsers.add(id);
    }
    for (const [id, remain, used, status] of b.tokens) {
      const a = this.tokens.get(id)!;
      a.pending += remain;
      a.used += used;
      a.status ??= status;
      this.dirtyTokens.add(id);
    }
    for (const [id, used] of b.tokenUsed) this.unlimitedUsed.set(id, (this.unlimitedUsed.get(id) ?? 0) + used);
    for (const [id, used] of b.channels) this.channelUsed.set(id, (this.channelUsed.get(id) ?? 0) + used);
  }

  private move(a: Account, by: number): void {
    a.balance += by;
    a.pending += by;
  }

  /** A limited token's used_quota moves with its remain, as in the database wallet. */
  private moveToken(a: TokenAccount, by: number): void {
    this.move(a, by);
    a.used -= by;
  }

  /** The account, read (or re-read when stale or old) first; concurrent callers share one read. */
  private async account<A extends Account>(map: Map<number, A>, id: number, table: 'users' | 'tokens'): Promise<A> {
    let a = map.get(id);
    if (!a) {
      a = { balance: 0, pending: 0, used: 0, readAt: 0, stale: true, ...(table === 'users' ? { requests: 0 } : {}) } as A;
      map.set(id, a);
    } else if (!a.stale && this.now() - a.readAt > this.maxAgeMs) a.stale = true;
    while (a.stale) {
      a.loading ??= this.read(a, id, table).finally(() => (a.loading = undefined));
      await a.loading;
    }
    return a;
  }

  private read(a: Account, id: number, table: 'users' | 'tokens'): Promise<void> {
    return this.exclusive(async () => {
      a.stale = false; // an epoch moving during the read marks it stale again, and the caller reads once more
      const sql = table === 'users' ? 'select quota as v from users where id = ?' : 'select remain_quota as v from tokens where id = ?';
      const [row] = await this.em.fork().execute<{ v: unknown }[]>(sql, [id]);
      // A missing row reads as 0: every call is refused, nothing is written for it.
      a.balance = Number(row?.v ?? 0) + a.pending;
      a.readAt = this.now();
    });
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.gate.then(fn, fn);
    this.gate = run.catch(() => undefined);
    return run;
  }
}
