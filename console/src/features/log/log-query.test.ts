import { describe, expect, it } from 'vitest';
import { defaultForm, defaultWindow, toFilters, toQueryString, type LogForm } from './log-query';

const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s).getTime();

describe('log query', () => {
  it('defaults to the start of today until an hour from now (local time)', () => {
    const now = at(2030, 3, 14, 15, 9, 26);
    expect(defaultWindow(now)).toEqual({ start: at(2030, 3, 14) / 1000, end: at(2030, 3, 14, 16, 9, 26) / 1000 });
    // just after midnight the window still starts today
    expect(defaultWindow(at(2030, 3, 15, 0, 0, 5)).start).toBe(at(2030, 3, 15) / 1000);
    expect(defaultForm(now)).toMatchObject({ type: 0, token_name: '', model_name: '', username: '', group: '', all_users: false });
  });

  it('keeps only filled filters, trimmed, and leaves type 0 (all) out', () => {
    const form: LogForm = { ...defaultForm(at(2030, 1, 1)), token_name: '  ci ', model_name: 'gpt-4o%', type: 2 };
    expect(toFilters(form, 'user')).toEqual({
      type: 2, token_name: 'ci', model_name: 'gpt-4o%', start_timestamp: form.start, end_timestamp: form.end,
    });
    expect(toFilters({ ...form, type: 0, token_name: ' ', start: 0, end: 0 }, 'user')).toEqual({ model_name: 'gpt-4o%' });
  });

  it('sends username, user id, channel and group for admins, none of them for users', () => {
    const form: LogForm = { ...defaultForm(at(2030, 1, 1)), start: 0, end: 0, username: ' bob ', user_id: 7, channel: 3, group: 'vip' };
    expect(toFilters(form, 'admin')).toEqual({ username: 'bob', user_id: 7, channel: 3, group: 'vip' });
    expect(toFilters(form, 'user')).toEqual({});
    expect(toFilters({ ...form, user_id: 0, channel: Number.NaN }, 'admin')).toEqual({ username: 'bob', group: 'vip' });
    // all_users means nothing to the admin and self views: never sent there
    expect(toFilters({ ...form, all_users: true }, 'admin')).not.toHaveProperty('all_users');
    expect(toFilters({ ...form, all_users: true }, 'user')).toEqual({});
  });

  it("sends an agent's user filters only with the sub-users switch, and never a channel", () => {
    const form: LogForm = { ...defaultForm(at(2030, 1, 1)), start: 0, end: 0, username: ' bob ', user_id: 7, channel: 3, group: 'vip' };
    expect(toFilters(form, 'agent')).toEqual({ group: 'vip' });
    expect(toFilters({ ...form, all_users: true }, 'agent')).toEqual({ all_users: true, username: 'bob', user_id: 7, group: 'vip' });
    expect(toQueryString(toFilters({ ...form, all_users: true }, 'agent'))).toBe('username=bob&user_id=7&group=vip&all_users=true');
  });

  it('writes a query string in a fixed order, without empty values', () => {
    expect(toQueryString({ model_name: 'gpt%', p: 2, page_size: 20, type: 2, start_timestamp: 10, group: '' })).toBe(
      'p=2&page_size=20&type=2&model_name=gpt%25&start_timestamp=10',
    );
    expect(toQueryString({})).toBe('');
  });
});
