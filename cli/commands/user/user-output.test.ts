import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../../daemon/contract/user-admin.js';
import { statusLabel, userTable, width } from './user-output.js';

const user = (o: Partial<ManagedUser>): ManagedUser => ({
  id: 1, username: 'u', display_name: 'u', role: 1, status: 1, group: 'default', email: '', quota: 0, used_quota: 0, request_count: 0,
  exclusive_price: 0, created_at: 0, last_login_time: 0, DeletedAt: null, github_id: '', wechat_id: '', telegram_id: '', linux_do_id: '',
  aff_count: 0, aff_quota: 0, aff_history_quota: 0, inviter_id: 0, referrer_id: 0, agent_id: 0, allow_groups: '', models_ratio: '',
  order_num: 0, ...o,
});

describe('gateway user output', () => {
  it('aligns columns, counting wide characters twice', () => {
    const lines = userTable('en', [user({ id: 12, username: 'alice', display_name: '爱丽丝', role: 10, quota: 500000, agent_id: 3 }), user({ id: 3, username: 'bob', status: 2 })]);
    expect(lines[0]).toMatch(/^ID +Username +Display name +Role +Status +Group +Quota +Used +Agent ID$/);
    expect(lines[1]).toMatch(/^12 +alice +爱丽丝 +super agent +enabled +default +500k +0 +3$/);
    expect(lines[2]).toMatch(/^3 +bob +u +normal user +disabled +default +0 +0 +-$/);
    const col = (l: string) => width(l.slice(0, l.indexOf(l.includes('Role') ? 'Role' : l.includes('super') ? 'super' : 'normal')));
    expect(col(lines[1])).toBe(col(lines[0]));
    expect(col(lines[2])).toBe(col(lines[0]));
  });

  it('shows quota as the site does: dollars when it shows currency, compacted points else', () => {
    const rows = [user({ id: 1, username: 'carol', quota: 750000, used_quota: 113 })];
    expect(userTable('en', rows, { display_in_currency: true, quota_per_unit: 500000 })[1]).toMatch(/ \$1\.50 +\$0\.000226 /);
    expect(userTable('en', rows, { display_in_currency: false, quota_per_unit: 500000 })[1]).toMatch(/ 750k +113 /);
  });

  it('labels deactivated users and hides control characters', () => {
    expect(statusLabel('zh', { status: 1, DeletedAt: 5 })).toBe('已注销');
    expect(userTable('en', [user({ username: 'a\u001b[31mb' })])[1]).toContain('a?[31mb');
  });
});
