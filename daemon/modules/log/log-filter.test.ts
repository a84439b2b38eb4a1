import { describe, expect, it } from 'vitest';
import { logWhere } from './log-filter.js';

describe('logWhere', () => {
  it('matches everything without filters', () => expect(logWhere({}, { admin: true })).toEqual({ sql: '1 = 1', params: [] }));

  it('combines every admin filter in order, parameterised', () => {
    const w = logWhere(
      { type: 2, start_timestamp: 10, end_timestamp: 20, token_name: 't', model_name: 'gpt-%', group: 'vip', username: 'bob', user_id: 7, channel: 3 },
      { admin: true },
    );
    expect(w.sql).toBe(
      '"type" = ? and "created_at" >= ? and "created_at" <= ? and "token_name" like ? and "model_name" like ? and "group" = ? and "username" like ? and "user_id" = ? and "channel" = ?',
    );
    expect(w.params).toEqual([2, 10, 20, 't', 'gpt-%', 'vip', 'bob', 7, 3]);
  });

  it('ignores username, user and channel filters for non-admins and pins their own id', () => {
    const w = logWhere({ username: 'alice', user_id: 1, channel: 3, model_name: 'm' }, { admin: false, userId: 9 });
    expect(w.sql).toBe('"user_id" = ? and "model_name" like ?');
    expect(w.params).toEqual([9, 'm']);
  });

  it('type 0 means all types; forceType wins; time can be left out', () => {
    expect(logWhere({ type: 0 }, { admin: true }).sql).toBe('1 = 1');
    const w = logWhere({ type: 6, start_timestamp: 5 }, { admin: true, forceType: 2, time: false });
    expect(w).toEqual({ sql: '"type" = ?', params: [2] });
  });

  it('scopes an agent to its sub-users by a subquery; username and user id only narrow, channel never applies', () => {
    const w = logWhere({ username: 'bob', user_id: 7, channel: 3, type: 5 }, { admin: false, subUsersOf: 4, narrowByUser: true });
    expect(w.sql).toBe('"user_id" in (select "id" from "users" where "agent_id" = ?) and "type" = ? and "username" like ? and "user_id" = ?');
    expect(w.params).toEqual([4, 5, 'bob', 7]);
    const own = logWhere({ user_id: 7 }, { admin: false, userId: 4, narrowByUser: true });
    expect(own).toEqual({ sql: '"user_id" = ? and "user_id" = ?', params: [4, 7] });
  });
});
