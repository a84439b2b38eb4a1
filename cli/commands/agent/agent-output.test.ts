import { describe, expect, it } from 'vitest';
import type { AgentRow } from '../../../daemon/contract/agents.js';
import { agentTable } from './agent-output.js';

const row = (o: Partial<AgentRow>): AgentRow => ({
  agent_id: 2, username: 'ag', domain: 'a.example', agent_agent_id: 0, level: 10, user_num: 3, order_num: 1, order_money: 12.3, share_profit: 1,
  share_profit_quota: 0, balance_account: '', balance_username: '', balance_platform: '', created_at: 1, DeletedAt: null, ...o,
});

describe('agentTable', () => {
  it('aligns columns, shows money with 2 decimals, "-" for no parent, and the state', () => {
    const lines = agentTable('en', [row({}), row({ agent_id: 14, username: '代理\u0007', agent_agent_id: 2, DeletedAt: 5 })]);
    expect(lines[0]).toMatch(/^Agent ID +Username +Domain +Parent +Users +Orders +Order money +Profit +State$/);
    expect(lines[1]).toMatch(/^2 +ag +a\.example +- +3 +1 +12\.30 +1\.00 +live$/);
    expect(lines[2]).toMatch(/^14 +代理\? +a\.example +2 +.* deleted$/);
    // the wide name takes two columns each: every line's Domain column starts at the same place
    const at = (l: string) => l.indexOf('a.example');
    expect(at(lines[1])).toBe(at(lines[2]) + 2); // '代理?' is 3 characters but 5 columns wide
  });

  it('speaks Chinese', () => {
    expect(agentTable('zh', [row({ DeletedAt: 9 })])[1]).toContain('已删除');
  });
});
