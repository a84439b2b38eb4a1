import { randomBytes, randomFillSync, randomInt } from 'node:crypto';

const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Crypto-random string over [0-9a-zA-Z] (token keys, aff codes, redemption codes). */
export function randomAlnum(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

/** URL-safe id with `bytes` bytes of entropy (session ids, OAuth state). */
export const randomId = (bytes = 32): string => randomBytes(bytes).toString('base64url');

const ID_BYTES = 9;
const pool = Buffer.allocUnsafe(ID_BYTES * 512);
let poolAt = pool.length;

/**
 * A request id (12 URL-safe characters, 72 random bits). Every call of the relay needs one: cut from a pooled
 * random buffer refilled every 512 ids, instead of a randomBytes call and a Buffer each.
 */
export function requestId(): string {
  if (poolAt >= pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const id = pool.toString('base64url', poolAt, poolAt + ID_BYTES);
  poolAt += ID_BYTES;
  return id;
}
