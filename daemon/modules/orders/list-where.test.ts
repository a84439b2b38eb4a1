import { describe, expect, it } from 'vitest';
import { INVOICE_COLUMNS, ORDER_COLUMNS, listWhere, selfScope } from './list-where.js';
import type { Actor } from '../../app/actor.js';

const actor = (id: number, role: number): Actor => ({ id, role, username: 'x', group: 'default', agentId: 0 });

describe('listWhere', () => {
  it('scopes a user to its own rows and ignores a user_id filter', () => {
    expect(listWhere({ user_id: 9 }, { kind: 'own', userId: 3 }, ORDER_COLUMNS)).toEqual({ sql: '"user_id" = ?', params: [3] });
  });

  it('lets admins filter by user, time and part of the order number', () => {
    expect(listWhere({ user_id: 9, start_timestamp: 10, end_timestamp: 20, trade_no: ' NO12 ' }, { kind: 'all' }, ORDER_COLUMNS)).toEqual({
      sql: `"user_id" = ? and "create_time" >= ? and "create_time" <= ? and replace("trade_no", ?, '') <> "trade_no"`,
      params: [9, 10, 20, 'NO12'],
    });
    expect(listWhere({}, { kind: 'all' }, ORDER_COLUMNS)).toEqual({ sql: '1 = 1', params: [] });
  });

  it("scopes an agent to its sub-users' rows through the table's agent column", () => {
    expect(listWhere({ user_id: 4 }, { kind: 'agent', agentId: 2 }, INVOICE_COLUMNS)).toEqual({ sql: '"agent_id" = ? and "user_id" = ?', params: [2, 4] });
    expect(listWhere({ start_timestamp: 5 }, { kind: 'agent', agentId: 2 }, ORDER_COLUMNS)).toEqual({ sql: '"proxy_user_id" = ? and "create_time" >= ?', params: [2, 5] });
  });

  it('answers every row that has an agent for the admins\' profit list, with the usual filters', () => {
    expect(listWhere({ user_id: 4, trade_no: 'NO1' }, { kind: 'agents' }, ORDER_COLUMNS)).toEqual({
      sql: `"proxy_user_id" <> 0 and "user_id" = ? and replace("trade_no", ?, '') <> "trade_no"`,
      params: [4, 'NO1'],
    });
  });
});

describe('selfScope', () => {
  it('gives agents asking for all_user their sub-users, everyone else their own rows', () => {
    expect(selfScope(actor(2, 10), true)).toEqual({ kind: 'agent', agentId: 2 });
    expect(selfScope(actor(2, 10), false)).toEqual({ kind: 'own', userId: 2 });
    expect(selfScope(actor(3, 1), true)).toEqual({ kind: 'own', userId: 3 });
    expect(selfScope(actor(1, 100), true)).toEqual({ kind: 'own', userId: 1 });
  });
});
