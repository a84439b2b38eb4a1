import { describe, expect, it } from 'vitest';
import { subUserAgentId, type AttachFacts } from './attach.js';
import { checkDomain } from './agent.service.js';

// Agents 7 and 8 are live; 9 was deleted.
const live = new Set([7, 8]);
const facts = (f: Partial<AttachFacts>): AttachFacts => ({ hostAgent: 0, inviter: null, isLiveAgent: (id) => live.has(id), ...f });

describe('subUserAgentId (design agents.md §1)', () => {
  it('the agent whose domain the page is on comes first, whatever the invite code says', () => {
    expect(subUserAgentId(facts({ hostAgent: 7 }))).toBe(7);
    expect(subUserAgentId(facts({ hostAgent: 7, inviter: { id: 8, agentId: 0 } }))).toBe(7);
    expect(subUserAgentId(facts({ hostAgent: 7, inviter: { id: 30, agentId: 8 } }))).toBe(7);
  });

  it('else the invite code: an agent\'s own code gives that agent, a sub-user\'s code gives the sub-user\'s agent', () => {
    expect(subUserAgentId(facts({ inviter: { id: 8, agentId: 0 } }))).toBe(8);
    expect(subUserAgentId(facts({ inviter: { id: 8, agentId: 7 } }))).toBe(8); // a sub-agent's code: the sub-agent
    expect(subUserAgentId(facts({ inviter: { id: 30, agentId: 7 } }))).toBe(7);
  });

  it('else nobody: no host match, no code, a plain user\'s code, or only deleted agents', () => {
    expect(subUserAgentId(facts({}))).toBe(0);
    expect(subUserAgentId(facts({ inviter: { id: 30, agentId: 0 } }))).toBe(0);
    expect(subUserAgentId(facts({ hostAgent: 9 }))).toBe(0);
    expect(subUserAgentId(facts({ inviter: { id: 9, agentId: 0 } }))).toBe(0);
    expect(subUserAgentId(facts({ inviter: { id: 31, agentId: 9 } }))).toBe(0);
    expect(subUserAgentId(facts({ hostAgent: 9, inviter: { id: 31, agentId: 8 } }))).toBe(8); // a deleted host agent falls through
  });
});

describe('checkDomain', () => {
  it.each([
    ['agent.example.com', 'agent.example.com'],
    ['  Agent.Example.COM. ', 'agent.example.com'],
    ['xn--fiqs8s.example', 'xn--fiqs8s.example'],
    ['localhost', 'localhost'],
    ['a-b.c', 'a-b.c'],
  ])('%j → %j', (raw, host) => {
    expect(checkDomain(raw)).toBe(host);
  });

  it.each(['', ' ', 'https://agent.example.com', 'agent.example.com:8080', 'agent.example.com/x', '-a.example', 'a-.example', 'a..b', 'a_b.example',
    `${'a'.repeat(64)}.example`, `${'abc.'.repeat(64)}com`])('refuses %j', (raw) => {
    expect(checkDomain(raw)).toBeNull();
  });
});
