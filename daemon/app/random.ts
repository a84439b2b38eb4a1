import { randomBytes, randomInt } from 'node:crypto';

const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Crypto-random string over [0-9a-zA-Z] (token keys, aff codes, redemption codes). */
export function randomAlnum(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

/** URL-safe id with `bytes` bytes of entropy (session ids, OAuth state). */
export const randomId = (bytes = 32): string => randomBytes(bytes).toString('base64url');
