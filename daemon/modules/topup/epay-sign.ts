// The epay MD5 signature (reference §8.2; Calcium-Ion/go-epay `epay/order.go`): drop `sign`, `sign_type` and empty
// values, sort the keys ascending, join `k=v` with `&`, append the merchant key directly, lowercase hex MD5.
// Values are signed as they are, not URL-encoded.
import { createHash, timingSafeEqual } from 'node:crypto';

export type EpayFields = Readonly<Record<string, string>>;

/** The string that is hashed, without the key (exported for tests and for debugging a provider). */
export function epaySignBase(fields: EpayFields): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && fields[k] !== '' && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function epaySign(fields: EpayFields, key: string): string {
  return createHash('md5').update(epaySignBase(fields) + key, 'utf8').digest('hex');
}

/** The fields with `sign` and `sign_type` ('MD5') added. */
export function signEpay<T extends Record<string, string>>(fields: T, key: string): T & { sign: string; sign_type: string } {
  return { ...fields, sign: epaySign(fields, key), sign_type: 'MD5' };
}

/** Whether `fields.sign` is the signature of the other fields under `key` (constant-time compare). */
export function verifyEpaySign(fields: EpayFields, key: string): boolean {
  const given = String(fields.sign ?? '').toLowerCase();
  if (!key || !/^[0-9a-f]{32}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(epaySign(fields, key)));
}
