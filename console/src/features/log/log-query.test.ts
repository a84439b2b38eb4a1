import { describe, expect, it } from 'vitest';
import { defaultForm, defaultWindow, toFilters, toQueryString, type LogForm } from './log-query';

const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s).getTime();

describe('log query', () => {
  it('defaults to the start of today until an hour from now (local time)', () => {
    const now = at(2030, 3, 14, 15, 9, 26);
    expect(defaultWindow(now)).toEqual({ start: at(2030, 3, 14) / 1000, end: at(2030, 3, 14, 16, 9, 26) / 1000 });
    // just after midnight the window still starts today
    expect(defaultWindow(at(2030, 3, 15, 0, 0, 5)).start).toBe(at(2030, 3, 15) / 1000);
    expect(defaultForm(now)).toMatchObject({ type: 0, token_name: '', model_name: '', username: '', group: '' });
  });

  it('keeps only filled filters, trimmed, and leaves type 0 (all) out', () => {
    const form: LogForm = { ...defaultForm(at(2030, 1, 1)), token_name: '  ci ', model_name: 'gpt-4o%', type: 2 };
    expect(toFilters(form, false)).toEqual({
      type: 2, token_name: 'ci', model_name: 'gpt-4o%', start_timestamp: form.start, end_timestamp: form.end,
    });
    expect(toFilters({ ...form, type: 0, token_name: ' ', start: 0, end: 0 }, false)).toEqual({ model_name: 'gpt-4o%' });
  });

  it('sends username, user id, channel and group only for admins', () => {
    const form: LogForm = { ...defaultForm(at(2030, 1, 1)), start: 0, end: 0, username: ' bob ', user_id: 7, channel: 3, group: 'vip' };
    expect(toFilters(form, true)).toEqual({ username: 'bob', user_id: 7, channel: 3, group: 'vip' });
    expect(toFilters(form, false)).toEqual({});
    expect(toFilters({ ...form, user_id: 0, channel: Number.NaN }, true)).toEqual({ username: 'bob', group: 'vip' });
  });

  it('writes a query string in a fixed order, without empty values', () => {
    expect(toQueryString({ model_name: 'gpt%', p: 2, page_size: 20, type: 2, start_timestamp: 10, group: '' })).toBe(
      'p=2&page_size=20&type=2&model_name=gpt%25&start_timestamp=10',
    );
    expect(toQueryString({})).toBe('');
  });
});
