// Checks data from the Telegram Login Widget (reference §7.7; lessons §2e): HMAC-SHA256 over the sorted
// "key=value" lines with key = SHA-256(bot token), compared in constant time, and not older than a day. Pure.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { TELEGRAM_AUTH_MAX_AGE_SECONDS } from '../../contract/oauth.js';

export type TelegramCheck = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Clocks may differ a little; a signature this far in the future is still accepted. */
const FUTURE_SKEW_SECONDS = 300;

/** The string Telegram signs: every field except `hash`, as key=value, sorted, joined by newlines. */
export function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
}

export function telegramHash(fields: Record<string, string>, botToken: string): string {
  const key = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', key).update(dataCheckString(fields)).digest('hex');
}

export function checkTelegramLogin(fields: Record<string, string>, botToken: string, now: number): TelegramCheck {
  const { hash, id, auth_date: authDate } = fields;
  if (!botToken || !hash || !/^[0-9a-f]{64}$/i.test(hash) || !id || !/^\d{1,20}$/.test(id)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(telegramHash(fields, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash.toLowerCase(), 'hex'))) return { ok: false, reason: 'invalid' };
  // Checked after the signature, so the reason given never helps anyone forge one.
  if (!authDate || !/^\d{1,12}$/.test(authDate)) return { ok: false, reason: 'invalid' };
  const age = now - Number(authDate);
  if (age > TELEGRAM_AUTH_MAX_AGE_SECONDS || age < -FUTURE_SKEW_SECONDS) return { ok: false, reason: 'expired' };
  return { ok: true, id };
}
