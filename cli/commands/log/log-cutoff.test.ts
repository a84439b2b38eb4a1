import { describe, expect, it } from 'vitest';
import { cutoffFrom, formatLocal } from './log-cutoff.js';

const now = new Date(2025, 5, 15, 12, 0, 0); // 15 June 2025, 12:00 local
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

describe('cutoffFrom', () => {
  it('--days N: N days before now', () => {
    expect(cutoffFrom({ days: '30' }, now)).toEqual({ ok: true, at: secs(now) - 30 * 86_400 });
    expect(cutoffFrom({ days: '0' }, now)).toEqual({ ok: true, at: secs(now) });
    for (const days of ['-1', '1.5', 'x', '36501', '']) expect(cutoffFrom({ days }, now), days).toMatchObject({ ok: false, error: 'log.days_invalid' });
  });
  it('--before: a local date, a local time, an ISO time with a zone, or Unix seconds', () => {
    expect(cutoffFrom({ before: '2025-01-31' }, now)).toEqual({ ok: true, at: secs(new Date(2025, 0, 31)) });
    expect(cutoffFrom({ before: '2025-01-31T08:30' }, now)).toEqual({ ok: true, at: secs(new Date(2025, 0, 31, 8, 30)) });
    expect(cutoffFrom({ before: '2025-01-31 08:30:15' }, now)).toEqual({ ok: true, at: secs(new Date(2025, 0, 31, 8, 30, 15)) });
    expect(cutoffFrom({ before: '2025-01-31T00:00:00Z' }, now)).toEqual({ ok: true, at: Date.UTC(2025, 0, 31) / 1000 });
    expect(cutoffFrom({ before: '2025-01-31T08:00:00+08:00' }, now)).toEqual({ ok: true, at: Date.UTC(2025, 0, 31) / 1000 });
    expect(cutoffFrom({ before: '1700000000' }, now)).toEqual({ ok: true, at: 1_700_000_000 });
  });
  it('refuses what is not a date, dates that do not exist, and the future', () => {
    for (const before of ['yesterday', '2025-02-30', '2025-13-01', '2025-1-5', '31/01/2025', '2025-01-31T25:00'])
      expect(cutoffFrom({ before }, now), before).toMatchObject({ ok: false, error: 'log.date_invalid' });
    expect(cutoffFrom({ before: '2025-06-16' }, now)).toMatchObject({ ok: false, error: 'log.date_future' });
  });
  it('exactly one of the two', () => {
    expect(cutoffFrom({}, now)).toMatchObject({ ok: false, error: 'log.need_cutoff' });
    expect(cutoffFrom({ days: '1', before: '2025-01-01' }, now)).toMatchObject({ ok: false, error: 'log.both_cutoffs' });
  });
  it('formats a cutoff in local time', () => expect(formatLocal(secs(new Date(2025, 0, 2, 3, 4, 5)))).toBe('2025-01-02 03:04:05'));
});
