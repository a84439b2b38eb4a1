import { describe, expect, it } from 'vitest';
import { activeTab, defaultTab, formatYuan, ruleFrameUrl, tabsFor, withdrawableMoney } from './agent-format';
import {
  accountFormOf, accountProblem, accountRequest, addAgentProblem, addAgentRequest, settlementProblem, settlementRequest,
} from './agent-forms';

describe('agents page rules', () => {
  it('gives each role its tabs and default tab', () => {
    expect(tabsFor('admin')).toEqual(['agentTable', 'agentRule', 'agentInfos', 'orderTables']);
    expect(tabsFor('agent')).toEqual(['agentRule', 'agentInfos', 'orderTables']);
    expect(tabsFor('user')).toEqual(['agentRule']);
    expect([defaultTab('admin'), defaultTab('agent'), defaultTab('user')]).toEqual(['agentTable', 'agentInfos', 'agentRule']);
    expect(activeTab('agent', 'agentTable')).toBe('agentInfos'); // a tab the role may not use opens its default
    expect(activeTab('user', 'orderTables')).toBe('agentRule');
    expect(activeTab('admin', 'orderTables')).toBe('orderTables');
    expect(activeTab('admin', null)).toBe('agentTable');
  });

  it('reads withdrawable profit in money, cut to whole cents', () => {
    const site = { display_in_currency: true, quota_per_unit: 500000 };
    expect(withdrawableMoney(5_000_000, site)).toBe(10);
    expect(withdrawableMoney(4_999_999, site)).toBe(9.99);
    expect(withdrawableMoney(0, site)).toBe(0);
    expect(withdrawableMoney(1_000, { display_in_currency: true, quota_per_unit: 100 })).toBe(10);
    expect(formatYuan(1000.1)).toBe('¥1000.10');
    expect(formatYuan(-2)).toBe('-¥2.00');
  });

  it('tells an embedded rules page the theme and language, keeping its own query', () => {
    expect(ruleFrameUrl('https://rules.example/agent', 'dark', 'en-US')).toBe('https://rules.example/agent?theme=dark&lang=en-US');
    expect(ruleFrameUrl(' https://rules.example/a?x=1&theme=old#top ', 'light', 'zh-CN')).toBe('https://rules.example/a?x=1&theme=light&lang=zh-CN#top');
    expect(ruleFrameUrl('<p>https://rules.example</p>', 'light', 'zh-CN')).toBeNull();
    expect(ruleFrameUrl('http://rules.example', 'light', 'zh-CN')).toBeNull();
    expect(ruleFrameUrl('https://rules.example and more', 'light', 'zh-CN')).toBeNull();
  });

  it('add agent: all three required, parent may be 0, domain lower-cased', () => {
    expect(addAgentProblem({ agent_id: undefined, domain: 'a.test', referrer_id: 0 })).toBe('agents.add.required');
    expect(addAgentProblem({ agent_id: 5, domain: '  ', referrer_id: 0 })).toBe('agents.add.required');
    expect(addAgentProblem({ agent_id: 5, domain: 'a.test', referrer_id: undefined })).toBe('agents.add.required');
    expect(addAgentProblem({ agent_id: 5, domain: 'a.test', referrer_id: 5 })).toBe('agents.add.referrerSelf');
    expect(addAgentProblem({ agent_id: 5, domain: 'a.test', referrer_id: 0 })).toBeNull();
    expect(addAgentRequest({ agent_id: 5, domain: ' Agent-A.Test ', referrer_id: 3 })).toEqual({ agent_id: 5, domain: 'agent-a.test', referrer_id: 3 });
  });

  it('settlement account: WeChat only, account and real name required', () => {
    const f = accountFormOf(null);
    expect(f).toEqual({ balance_platform: 'weixin', balance_account: '', balance_username: '' });
    expect(accountProblem({ ...f, balance_platform: 'alipay', balance_account: 'a', balance_username: 'b' })).toBe('agents.account.platformUnsupported');
    expect(accountProblem(f)).toBe('agents.account.accountRequired');
    expect(accountProblem({ ...f, balance_account: 'wx-1' })).toBe('agents.account.nameRequired');
    expect(accountRequest({ ...f, balance_account: ' wx-1 ', balance_username: ' 张三 ' })).toEqual({
      balance_platform: 'weixin', balance_account: 'wx-1', balance_username: '张三',
    });
  });

  it('settlement request: at least 10 withdrawable and asked for, never above what is withdrawable', () => {
    expect(settlementProblem(5, 9.99, true)).toBe('agents.settle.belowMin');
    expect(settlementProblem(undefined, 50, true)).toBe('agents.settle.amountRequired');
    expect(settlementProblem(9.99, 50, true)).toBe('agents.settle.belowMin');
    expect(settlementProblem(50.01, 50, true)).toBe('agents.settle.aboveWithdrawable');
    expect(settlementProblem(50, 50, false)).toBe('agents.settle.accountMissing');
    expect(settlementProblem(10, 50, true)).toBeNull();
    expect(settlementRequest(12.5)).toEqual({ profit: '12.50' });
  });
});
