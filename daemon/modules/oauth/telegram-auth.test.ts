import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTelegramLogin, dataCheckString } from './telegram-auth.js';

const BOT = '123456:ABC-test-bot-token';
const NOW = 1_900_000_000;

// Signed independently of the module under test, the way Telegram documents it.
function sign(fields: Record<string, string>, token = BOT): Record<string, string> {
  const text = Object.entries(fields)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(text).digest('hex');
  return { ...fields, hash };
}

const base = { id: '987654321', first_name: 'Ada', username: 'ada_l', photo_url: 'https://t.me/i/u/ada.jpg', auth_date: String(NOW - 60) };

describe('checkTelegramLogin', () => {
  it('accepts data signed with the bot token', () => {
    expect(checkTelegramLogin(sign(base), BOT, NOW)).toEqual({ ok: true, id: '987654321' });
  });

  it('builds the data-check-string from sorted fields without the hash', () => {
    expect(dataCheckString({ hash: 'x', username: 'u', auth_date: '5', id: '1' })).toBe('auth_date=5\nid=1\nusername=u');
  });

  it('accepts an upper-case hex hash', () => {
    const signed = sign(base);
    expect(checkTelegramLogin({ ...signed, hash: signed.hash.toUpperCase() }, BOT, NOW).ok).toBe(true);
  });

  it('refuses a changed field, an added field, another bot token, and a missing or malformed hash', () => {
    const signed = sign(base);
    expect(checkTelegramLogin({ ...signed, id: '1' }, BOT, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTelegramLogin({ ...signed, last_name: 'Lovelace' }, BOT, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTelegramLogin(sign(base, 'other:token'), BOT, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const { hash: _hash, ...unsigned } = signed;
    expect(checkTelegramLogin(unsigned, BOT, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTelegramLogin({ ...signed, hash: 'zz' }, BOT, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTelegramLogin({ ...signed, hash: signed.hash.slice(0, 63) + (signed.hash[63] === 'a' ? 'b' : 'a') }, BOT, NOW).ok).toBe(false);
  });

  it('refuses everything when no bot token is configured', () => {
    expect(checkTelegramLogin(sign(base, ''), '', NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a signature older than a day or from the future', () => {
    expect(checkTelegramLogin(sign({ ...base, auth_date: String(NOW - 86_400) }), BOT, NOW).ok).toBe(true);
    expect(checkTelegramLogin(sign({ ...base, auth_date: String(NOW - 86_401) }), BOT, NOW)).toEqual({ ok: false, reason: 'expired' });
    expect(checkTelegramLogin(sign({ ...base, auth_date: String(NOW + 3600) }), BOT, NOW)).toEqual({ ok: false, reason: 'expired' });
    expect(checkTelegramLogin(sign({ ...base, auth_date: 'yesterday' }), BOT, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a non-numeric id even when signed', () => {
    expect(checkTelegramLogin(sign({ ...base, id: 'abc' }), BOT, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
