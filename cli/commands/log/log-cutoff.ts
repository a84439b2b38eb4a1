// The time `gateway log clear` clears up to, from --before DATE or --days N (pure; `now` passed in). A date
// without a time is the start of that day and a time without a zone is local time, as the operator reads them.
import type { OptionTextKey } from '../option/option-texts.js';

export type Cutoff = { ok: true; at: number } | { ok: false; error: OptionTextKey; params?: Record<string, string> };

const MAX_DAYS = 36_500;

export function cutoffFrom(flags: { before?: string; days?: string }, now: Date): Cutoff {
  if (flags.before !== undefined && flags.days !== undefined) return { ok: false, error: 'log.both_cutoffs' };
  if (flags.days !== undefined) {
    const days = flags.days.trim();
    if (!/^\d{1,5}$/.test(days) || Number(days) > MAX_DAYS) return { ok: false, error: 'log.days_invalid' };
    return { ok: true, at: Math.floor(now.getTime() / 1000) - Number(days) * 86_400 };
  }
  if (flags.before === undefined) return { ok: false, error: 'log.need_cutoff' };
  const value = flags.before.trim();
  const ms = parseDate(value);
  if (ms === undefined) return { ok: false, error: 'log.date_invalid', params: { value } };
  if (ms > now.getTime()) return { ok: false, error: 'log.date_future', params: { value } };
  return { ok: true, at: Math.floor(ms / 1000) };
}

function parseDate(value: string): number | undefined {
  if (/^\d{9,11}$/.test(value)) return Number(value) * 1000; // Unix seconds
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (local) {
    const [y, mo, d, h = '0', mi = '0', s = '0'] = local.slice(1).map((x) => x ?? '0');
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    // new Date(2025, 1, 30) rolls over to March: refuse dates that do not exist
    if (date.getFullYear() !== Number(y) || date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d) || date.getHours() !== Number(h) || date.getMinutes() !== Number(mi)) return undefined;
    return date.getTime();
  }
  // A full ISO time with a zone (Z or ±hh:mm).
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : undefined;
  }
  return undefined;
}

/** A cutoff as people read it: local "YYYY-MM-DD HH:mm:ss". */
export function formatLocal(at: number): string {
  const d = new Date(at * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
