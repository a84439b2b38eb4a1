import { describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../../app/actor.js';
import { ServiceError } from '../../app/errors.js';
import {
  checkAllowGroups, checkEditRank, checkModelsRatio, checkRank, inScope, minimumAgentPrice, planEdit, planManage, type Target,
} from './user-admin-rules.js';

const admin: Actor = { id: 1, role: 100, username: 'root', group: 'default', agentId: 0 };
const agent: Actor = { id: 7, role: 10, username: 'ag', group: 'default', agentId: 0 };
const target = (o: Partial<Target> = {}): Target => ({
  id: 20, username: 'u', display_name: 'u', role: 1, status: 1, group: 'default', agent_id: 7, exclusive_price: 0,
  allow_groups: '', models_ratio: '', deleted_at: null, ...o,
});
const ctx = { groups: new Set(['default', 'vip']), agentPrice: 1 };
const keyOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ServiceError) return e.key;
    throw e;
  }
  return 'ok';
};

describe('scope and rank', () => {
  it('admins see everyone, agents their own sub-users only', () => {
    expect(inScope(admin, { agent_id: 0 })).toBe(true);
    expect(inScope(agent, { agent_id: 7 })).toBe(true);
    expect(inScope(agent, { agent_id: 8 })).toBe(false);
    expect(inScope(agent, { agent_id: 0 })).toBe(false);
    expect(inScope(systemActor, { agent_id: 0 })).toBe(true);
  });

  it.each<[Actor, Pick<Target, 'id' | 'role'>, string]>([
    [admin, { id: 2, role: 10 }, 'ok'],
    [admin, { id: 2, role: 100 }, 'user_admin.rank'],
    [admin, { id: 1, role: 100 }, 'ok'],
    [agent, { id: 20, role: 1 }, 'ok'],
    [agent, { id: 20, role: 10 }, 'user_admin.rank'],
    [systemActor, { id: 1, role: 100 }, 'ok'],
  ])('%j on %j: %s', (actor, t, expected) => {
    expect(keyOf(() => checkRank(actor, t))).toBe(expected);
  });
});

describe('editing a sub-agent (design agents.md §2)', () => {
  it.each<[Actor, Pick<Target, 'id' | 'role' | 'agent_id'>, string]>([
    [agent, { id: 20, role: 10, agent_id: 7 }, 'ok'], // its own sub-agent
    [agent, { id: 20, role: 10, agent_id: 8 }, 'user_admin.rank'], // another agent's
    [agent, { id: 20, role: 10, agent_id: 0 }, 'user_admin.rank'],
    [agent, { id: 20, role: 100, agent_id: 7 }, 'user_admin.rank'], // never an admin
    [agent, { id: 20, role: 1, agent_id: 7 }, 'ok'],
    [admin, { id: 2, role: 100, agent_id: 1 }, 'user_admin.rank'],
  ])('%j edits %j: %s', (actor, t, expected) => {
    expect(keyOf(() => checkEditRank(actor, t))).toBe(expected);
  });
});

describe('moving a user between agents', () => {
  it('only admins, to a whole id ≥ 0 that is not the user itself', () => {
    expect(planEdit(admin, target({ agent_id: 7 }), { id: 20, agent_id: 8 }, ctx).fields).toEqual({ agent_id: 8 });
    expect(planEdit(admin, target({ agent_id: 7 }), { id: 20, agent_id: 0 }, ctx).fields).toEqual({ agent_id: 0 });
    expect(planEdit(admin, target({ agent_id: 7 }), { id: 20, agent_id: 7 }, ctx).fields).toEqual({});
    expect(planEdit(admin, target({ agent_id: 7 }), { id: 20, agent_id: null }, ctx).fields).toEqual({});
    expect(keyOf(() => planEdit(admin, target(), { id: 20, agent_id: 20 }, ctx))).toBe('user_admin.agent_self');
    expect(keyOf(() => planEdit(admin, target(), { id: 20, agent_id: -1 }, ctx))).toBe('user_admin.agent_id_invalid');
    expect(keyOf(() => planEdit(admin, target(), { id: 20, agent_id: 1.5 }, ctx))).toBe('user_admin.agent_id_invalid');
    // an agent may not send it at all, not even its own id back
    expect(keyOf(() => planEdit(agent, target(), { id: 20, agent_id: 7 }, ctx))).toBe('user_admin.agent_move_forbidden');
    expect(keyOf(() => planEdit(agent, target(), { id: 20, agent_id: 0 }, ctx))).toBe('user_admin.agent_move_forbidden');
  });
});

describe('the agent price floor', () => {
  it.each([[0, 0], [1, 1.1], [2, 2.2], [0.3, 0.33], [1.23456789, 1.358025]])('own %s → at least %s', (own, min) => {
    expect(minimumAgentPrice(own)).toBe(min);
  });
});

describe('planEdit', () => {
  it('writes only what changed', () => {
    const plan = planEdit(admin, target({ display_name: 'Same' }), { id: 20, display_name: 'Same', group: 'vip', quota: 5 }, ctx);
    expect(plan).toEqual({ fields: { group: 'vip' }, quota: { kind: 'set', value: 5, onlyRaise: false } });
  });

  it('an agent raises only, never negative, and within its price floor', () => {
    expect(planEdit(agent, target(), { id: 20, quota: 5 }, ctx).quota).toEqual({ kind: 'set', value: 5, onlyRaise: true });
    expect(planEdit(agent, target(), { id: 20, add_quota: 0 }, ctx).quota).toBeUndefined();
    expect(keyOf(() => planEdit(agent, target(), { id: 20, add_quota: -1 }, ctx))).toBe('user_admin.agent_negative_quota');
    expect(keyOf(() => planEdit(agent, target(), { id: 20, exclusive_price: 1.09 }, ctx))).toBe('user_admin.exclusive_price_low');
    expect(planEdit(agent, target(), { id: 20, exclusive_price: 1.1 }, ctx).fields.exclusive_price).toBe(1.1);
    // the stored price sent back unchanged is no edit, even below the floor
    expect(planEdit(agent, target({ exclusive_price: 0.5 }), { id: 20, exclusive_price: 0.5 }, ctx).fields).toEqual({});
  });

  it('an agent sends no allow_groups, models_ratio or new group', () => {
    expect(keyOf(() => planEdit(agent, target(), { id: 20, allow_groups: '' }, ctx))).toBe('user_admin.agent_allow_groups_forbidden');
    expect(keyOf(() => planEdit(agent, target(), { id: 20, models_ratio: '{}' }, ctx))).toBe('user_admin.agent_models_ratio_forbidden');
    expect(keyOf(() => planEdit(agent, target(), { id: 20, group: 'vip' }, ctx))).toBe('user_admin.agent_group_forbidden');
    expect(keyOf(() => planEdit(agent, target(), { id: 20, group: 'default' }, ctx))).toBe('ok');
  });

  it('checks allowed groups and model ratios', () => {
    expect(checkAllowGroups(' vip,default , vip', '', ctx.groups)).toBe('vip,default');
    expect(checkAllowGroups('old,vip', 'old', ctx.groups)).toBe('old,vip'); // a kept name need not exist still
    expect(keyOf(() => checkAllowGroups('ghost', '', ctx.groups))).toBe('user_admin.group_invalid');
    expect(checkModelsRatio('  ')).toBe('');
    expect(checkModelsRatio('{ "a": 1.5 }')).toBe('{"a":1.5}');
    expect(keyOf(() => checkModelsRatio('{'))).toBe('user_admin.models_ratio_invalid');
    expect(keyOf(() => checkModelsRatio('{"a":"1"}'))).toBe('user_admin.models_ratio_shape');
  });
});

describe('planManage', () => {
  it.each<[Actor, Partial<Target>, Parameters<typeof planManage>[2], string]>([
    [admin, {}, 'disable', 'ok'],
    [admin, { role: 100 }, 'disable', 'user_admin.root_disable'],
    [admin, { role: 100 }, 'delete', 'user_admin.root_delete'],
    [admin, { role: 100 }, 'demote', 'user_admin.root_demote'],
    [admin, { role: 10 }, 'promote', 'user_admin.promote_only_common'],
    [admin, {}, 'demote', 'user_admin.already_common'],
    [admin, { status: 3 }, 'enable', 'user_admin.enable_unavailable'],
    [agent, {}, 'enable', 'ok'],
    [agent, {}, 'delete', 'user_admin.agent_action_forbidden'],
    [agent, {}, 'promote', 'user_admin.agent_action_forbidden'],
    [systemActor, {}, 'promote', 'ok'],
  ])('%j %j %s → %s', (actor, t, action, expected) => {
    expect(keyOf(() => planManage(actor, target(t), action))).toBe(expected);
  });

  it('disable and delete end sessions and the access token; role changes end sessions; enable neither', () => {
    expect(planManage(admin, target(), 'disable')).toEqual({ changes: { status: 2 }, endSessions: true, revokeToken: true });
    expect(planManage(admin, target(), 'delete')).toEqual({ changes: { deleted: true }, endSessions: true, revokeToken: true });
    expect(planManage(admin, target(), 'promote')).toEqual({ changes: { role: 10 }, endSessions: true, revokeToken: false });
    expect(planManage(admin, target({ status: 2 }), 'enable')).toEqual({ changes: { status: 1 }, endSessions: false, revokeToken: false });
  });
});
