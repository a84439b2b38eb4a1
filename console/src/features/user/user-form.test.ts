import { describe, expect, it } from 'vitest';
import type { UserRow } from '@contract/user-admin';
import { canEdit, createRequest, formFromUser, rowActions, updateRequest, validateAddForm, validateEditForm } from './user-form';

const row = (o: Partial<UserRow> = {}): UserRow => ({
  id: 10, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default', email: '', quota: 100, used_quota: 0,
  request_count: 0, exclusive_price: 0, created_at: 0, last_login_time: 0, DeletedAt: null, allow_groups: 'vip', models_ratio: '', ...o,
});
const admin = { id: 1, role: 100 };
const agent = { id: 7, role: 10 };

describe('user drawers', () => {
  it('add form: both credentials, then the password length', () => {
    expect(validateAddForm({ username: ' ', display_name: '', password: 'x' })).toBe('userAdmin.form.credentialsRequired');
    expect(validateAddForm({ username: 'a', display_name: '', password: '' })).toBe('userAdmin.form.credentialsRequired');
    expect(validateAddForm({ username: 'a', display_name: '', password: '1234567' })).toBe('userAdmin.form.passwordShort');
    expect(validateAddForm({ username: 'a', display_name: '', password: '12345678' })).toBeNull();
    expect(createRequest({ username: ' a ', display_name: ' ', password: 'p' })).toEqual({ username: 'a', password: 'p' });
  });

  it('edit form checks', () => {
    const f = formFromUser(row());
    expect(validateEditForm({ ...f, username: '' }, true)).toBe('userAdmin.form.usernameRequired');
    expect(validateEditForm({ ...f, password: 'short' }, true)).toBe('userAdmin.form.passwordShort');
    expect(validateEditForm({ ...f, add_quota: -1 }, false)).toBe('userAdmin.form.negativeQuota');
    expect(validateEditForm({ ...f, add_quota: -1 }, true)).toBeNull();
    expect(validateEditForm({ ...f, add_quota: 1.5 }, true)).toBe('userAdmin.form.quotaInvalid');
    expect(validateEditForm({ ...f, exclusive_price: -0.1 }, true)).toBe('userAdmin.form.priceInvalid');
    expect(validateEditForm({ ...f, models_ratio: '{x' }, true)).toBe('userAdmin.form.modelsRatioInvalid');
    expect(validateEditForm({ ...f, models_ratio: '{x' }, false)).toBeNull(); // agents never send it
  });

  it('sends only what changed; agents never the admin fields', () => {
    const u = row();
    const f = formFromUser(u);
    expect(updateRequest(u, f, true)).toBeNull();
    expect(updateRequest(u, { ...f, group: 'vip', allow_groups: ['vip', 'default'], models_ratio: '{"a":1}', add_quota: 5 }, true)).toEqual({
      id: 10, group: 'vip', allow_groups: 'vip,default', models_ratio: '{"a":1}', add_quota: 5,
    });
    expect(updateRequest(u, { ...f, group: 'vip', allow_groups: [], models_ratio: '{}', exclusive_price: 2 }, false)).toEqual({ id: 10, exclusive_price: 2 });
    // the agent a user belongs to: admins only, sent when changed (0 = none)
    expect(formFromUser(row({ agent_id: 7 })).agent_id).toBe(7);
    expect(updateRequest(row({ agent_id: 7 }), { ...f, agent_id: 0 }, true)).toEqual({ id: 10, agent_id: 0 });
    expect(updateRequest(u, { ...f, agent_id: 21 }, true)).toEqual({ id: 10, agent_id: 21 });
    expect(updateRequest(u, { ...f, agent_id: 21 }, false)).toBeNull();
    expect(validateEditForm({ ...f, agent_id: -1 }, true)).toBe('userAdmin.form.agentIdInvalid');
    expect(validateEditForm({ ...f, agent_id: -1 }, false)).toBeNull();
  });

  it('offers each viewer only the actions the server allows', () => {
    expect(rowActions(admin, row())).toEqual(['promote', 'disable', 'delete']);
    expect(rowActions(admin, row({ role: 10, status: 2 }))).toEqual(['demote', 'enable', 'delete']);
    expect(rowActions(admin, row({ role: 100, id: 1 }))).toEqual([]);
    expect(rowActions(admin, row({ DeletedAt: 5 }))).toEqual([]);
    expect(rowActions(agent, row())).toEqual(['disable']);
    expect(rowActions(agent, row({ status: 2 }))).toEqual(['enable']);
    expect(rowActions(agent, row({ role: 10 }))).toEqual([]);
    expect(canEdit(admin, row({ id: 1, role: 100 }))).toBe(true);
    expect(canEdit(admin, row({ id: 2, role: 100 }))).toBe(false);
    expect(canEdit(agent, row({ DeletedAt: 1 }))).toBe(false);
  });
});
