// One-time e-mail codes and reset tokens, kept in the database so every instance sees them (reference §7.6, §15.4).
// Only an HMAC of a code is stored. A code is single-use, expires, and takes at most MAX_ATTEMPTS guesses: each
// guess first claims an attempt with a conditional UPDATE, so parallel guesses cannot go past the cap.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/knex';
import { VERIFICATION_CODE_LENGTH, VERIFICATION_VALID_MINUTES } from '../../contract/account.js';
import type { Clock } from '../../app/clock.js';
import { VerificationEntity } from './verification.entity.js';
import { inTransaction } from '../../db/transaction.js';

/** 'email_verify': codes for registration and e-mail binding; 'password_reset': reset links. */
export type VerificationPurpose = 'email_verify' | 'password_reset';

export const VERIFICATION_TTL_SECONDS = VERIFICATION_VALID_MINUTES * 60;
/** Wrong guesses a code survives; then only a new code helps. */
export const MAX_ATTEMPTS = 5;

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);

/** Addresses are compared without case or surrounding spaces. */
export const normaliseTarget = (target: string): string => target.trim().toLowerCase();

export class VerificationService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    /** HMAC key (the session secret, shared by all instances). */
    private readonly key: string,
  ) {}

  /** A new 6-digit code for (purpose, target); earlier unused ones stop working. Returns the plain code. */
  issueCode(purpose: VerificationPurpose, target: string): Promise<string> {
    return this.issue(purpose, target, String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0'));
  }

  /** A new 128-bit token (32 hex characters), for links. */
  issueToken(purpose: VerificationPurpose, target: string): Promise<string> {
    return this.issue(purpose, target, randomBytes(16).toString('hex'));
  }

  /**
   * True exactly once for a live code of (purpose, target); false when it is wrong, expired, used, or out of
   * guesses. Compared in constant time.
   */
  async consume(purpose: VerificationPurpose, target: string, code: string): Promise<boolean> {
    const t = normaliseTarget(target);
    const given = (code ?? '').trim();
    if (!t || !given) return false;
    const em = this.em.fork();
    const now = this.clock();
    const row = await em.findOne(
      VerificationEntity,
      { purpose, target: t, used_at: null, expires_at: { $gt: now } },
      { orderBy: { id: 'desc' } },
    );
    if (!row) return false;
    const claimed = await em.execute(
      'update verifications set attempts = attempts + 1 where id = ? and used_at is null and attempts < ?',
      [row.id, MAX_ATTEMPTS],
      'run',
    );
    if (!affected(claimed)) return false;
    const expected = Buffer.from(row.code_hash, 'hex');
    const actual = Buffer.from(this.hash(purpose, t, given), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
    const used = await em.execute('update verifications set used_at = ? where id = ? and used_at is null', [now, row.id], 'run');
    return affected(used) === 1;
  }

  private async issue(purpose: VerificationPurpose, target: string, code: string): Promise<string> {
    const t = normaliseTarget(target);
    const now = this.clock();
    await inTransaction(this.em, async (tx) => {
      // One live code per address and purpose; expired rows of anyone are swept on the way.
      await tx.nativeDelete(VerificationEntity, { $or: [{ purpose, target: t }, { expires_at: { $lte: now } }] });
      await tx.insert(VerificationEntity, {
        purpose, target: t, code_hash: this.hash(purpose, t, code), attempts: 0, expires_at: now + VERIFICATION_TTL_SECONDS,
        used_at: null, created_at: now,
      });
    });
    return code;
  }

  private hash(purpose: string, target: string, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${target}\n${code}`).digest('hex');
  }
}
