import { describe, expect, it } from 'vitest';
import { optionRegistry, type OptionKey } from '../../contract/options.js';
import { BrandedOptions, Branding, brandingAgentId, type OptionReader } from './branding.js';

const agents = {
  domains: new Map([['agent-a.example', 7], ['agent-b.example', 8]]),
  live: new Set([7, 8]),
  agentOfHost(host: string | undefined) {
    return host ? (this.domains.get(host.toLowerCase()) ?? 0) : 0;
  },
  isLive(id: number) {
    return this.live.has(id);
  },
};

function siteReader(values: Partial<Record<OptionKey, string>>): OptionReader & { version: number } {
  const get = (k: OptionKey) => values[k] ?? optionRegistry[k].default;
  return { version: 1, get, bool: (k) => get(k) === 'true', number: (k) => Number(get(k)), isSet: (k) => get(k) !== '' };
}

describe('brandingAgentId (design agents.md §5)', () => {
  it('a signed-in user sees its own affiliation, whatever domain it is on', () => {
    expect(brandingAgentId({ id: 7, role: 10, agentId: 0 }, 'agent-b.example', agents)).toBe(7); // the agent itself
    expect(brandingAgentId({ id: 9, role: 10, agentId: 7 }, undefined, agents)).toBe(9); // a sub-agent: its own
    expect(brandingAgentId({ id: 20, role: 1, agentId: 7 }, 'agent-b.example', agents)).toBe(7); // a sub-user: its agent
    expect(brandingAgentId({ id: 21, role: 1, agentId: 0 }, 'agent-a.example', agents)).toBe(0); // the site's user
    expect(brandingAgentId({ id: 1, role: 100, agentId: 0 }, 'agent-a.example', agents)).toBe(0); // the administrator
    expect(brandingAgentId({ id: 22, role: 1, agentId: 99 }, 'agent-a.example', agents)).toBe(0); // a deleted agent's sub-user
  });

  it('a visitor sees the agent of the domain, else the site', () => {
    expect(brandingAgentId(null, 'agent-a.example', agents)).toBe(7);
    expect(brandingAgentId(null, 'AGENT-B.example', agents)).toBe(8);
    expect(brandingAgentId(null, 'site.example', agents)).toBe(0);
    expect(brandingAgentId(null, undefined, agents)).toBe(0);
  });
});

describe('BrandedOptions', () => {
  it("falls back key by key to the site's values", () => {
    const site = siteReader({ SystemName: 'Site', Logo: 'https://site/logo.png', WorkInfoEnabled: 'true', Notice: 'site notice' });
    const o = new BrandedOptions(site, new Map<OptionKey, string>([['SystemName', 'Agent A'], ['WorkInfoEnabled', 'false'], ['Notice', '']]));
    expect(o.get('SystemName')).toBe('Agent A');
    expect(o.get('Logo')).toBe('https://site/logo.png');
    expect(o.bool('WorkInfoEnabled')).toBe(false);
    expect(o.get('Notice')).toBe(''); // an agent may empty what the site shows
    expect(o.isSet('Notice')).toBe(false);
    expect(o.isSet('Logo')).toBe(true);
    expect(o.number('QuotaPerUnit')).toBe(500000);
  });
});

describe('Branding.memo', () => {
  it('renders once per agent and snapshot, again when either moves; agents without values share the site', () => {
    const site = siteReader({ SystemName: 'Site' });
    const ownValues = new Map<number, Map<OptionKey, string>>([[7, new Map<OptionKey, string>([['SystemName', 'Agent A']])]]);
    const own = { version: 1, of: (id: number) => ownValues.get(id) };
    const b = new Branding(site, agents, own);
    let renders = 0;
    const name = b.memo((o) => `${o.get('SystemName')}#${++renders}`);
    expect(name(0)).toBe('Site#1');
    expect(name(7)).toBe('Agent A#2');
    expect(name(7)).toBe('Agent A#2');
    expect(name(8)).toBe('Site#1'); // no values of its own
    ownValues.get(7)!.set('SystemName', 'Agent A2');
    own.version++;
    expect(name(7)).toBe('Agent A2#3');
    site.version++;
    expect(name(0)).toBe('Site#4');
  });
});
