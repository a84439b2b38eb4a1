// The checks of redemption code fields (spec 3 §5, §9; reference §8.1) and key handling, pure for tests. Each
// check throws the ServiceError people read.
import { randomBytes } from 'node:crypto';
import {
  REDEMPTION_BATCH_MAX, REDEMPTION_DEFAULT_COUNT, REDEMPTION_DEFAULT_QUOTA, REDEMPTION_KEY_LENGTH, REDEMPTION_NAME_MAX,
  REDEMPTION_NAME_MIN,
} from '../../contract/redemption.js';
import { MAX_QUOTA } from '../../billing/bounds.js';
import { ServiceError } from '../../app/errors.js';

/** The trimmed name, 1-20 characters (counted as people count them, not UTF-16 units). */
export function checkName(name: string | undefined): string {
  const n = (name ?? '').trim();
  const length = [...n].length;
  if (length < REDEMPTION_NAME_MIN || length > REDEMPTION_NAME_MAX)
    throw new ServiceError('redemption.name_length', { min: REDEMPTION_NAME_MIN, max: REDEMPTION_NAME_MAX });
  return n;
}

/** A whole, positive quota that cannot overflow a balance on its own; absent = the default. */
export function checkQuota(quota: number | undefined): number {
  if (quota === undefined) return REDEMPTION_DEFAULT_QUOTA;
  if (!Number.isSafeInteger(quota) || quota < 1 || quota > MAX_QUOTA) throw new ServiceError('redemption.quota_invalid', { max: MAX_QUOTA });
  return quota;
}

export function checkCount(count: number | undefined): number {
  if (count === undefined) return REDEMPTION_DEFAULT_COUNT;
  if (!Number.isInteger(count) || count < 1 || count > REDEMPTION_BATCH_MAX)
    throw new ServiceError('redemption.count_invalid', { max: REDEMPTION_BATCH_MAX });
  return count;
}

/** 128 bits from the CSPRNG as 32 lowercase hex characters: unguessable, and the shape new-api's UUID keys have. */
export const newRedemptionKey = (): string => randomBytes(REDEMPTION_KEY_LENGTH / 2).toString('hex');

/** A pasted key as stored (surrounding spaces dropped, lower case), or null when it cannot be a key at all. */
export function normaliseKey(raw: string | undefined): string | null {
  const key = (raw ?? '').trim().toLowerCase();
  return /^[0-9a-f]{32}$/.test(key) ? key : null;
}

/** What a search keyword matches: a number also matches the id (new-api's rule); the name by prefix. */
export function searchTerms(keyword: string | undefined): { prefix: string; id: number | null } {
  const prefix = (keyword ?? '').trim();
  return { prefix, id: /^\d{1,9}$/.test(prefix) ? Number(prefix) : null };
}
