// A one-time e-mail code or password-reset token, kept in the DB so every instance sees it (reference §7.6, §15.4).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const VerificationEntity = defineEntity({
  name: 'Verification',
  tableName: 'verifications',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    /** 'email_verify', 'password_reset', … */
    purpose: p.string().length(32),
    /** The e-mail address the code was sent to. */
    target: p.string().length(255),
    /** Hash of the code or token; the plain value is only mailed. */
    code_hash: p.string().length(128),
    /** Failed guesses so far, for capping brute force. */
    attempts: p.integer().default(0),
    expires_at: p.bigint('number').index(),
    /** Set when consumed; null = still usable. */
    used_at: p.bigint('number').nullable(),
    created_at: p.bigint('number').default(0),
  }),
  indexes: [{ properties: ['purpose', 'target'] }],
});
export type Verification = InferEntity<typeof VerificationEntity>;
