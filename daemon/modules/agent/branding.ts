// Whose white-label values a request sees (design agents.md §5). A signed-in user sees its own affiliation: an agent
// itself, a sub-user its (live) agent, anyone else (the site's users, the administrator) the site. A visitor who is
// not signed in sees the agent whose domain the request came to, else the site. Values fall back key by key to the
// site's, and only white-label keys are ever taken from an agent.
import { Role } from '../../contract/roles.js';
import type { OptionKey } from '../../contract/options.js';
import type { Actor } from '../../app/actor.js';

/** What the public calls read options through (the site's store, or an agent's view over it). */
export interface OptionReader {
  get(key: OptionKey): string;
  bool(key: OptionKey): boolean;
  number(key: OptionKey): number;
  /** Whether a value is stored, without reading it (secrets). */
  isSet(key: OptionKey): boolean;
}

export interface AgentLookup {
  agentOfHost(host: string | undefined): number;
  isLive(id: number): boolean;
}

/** The agent whose branding applies; 0 for the site's own. */
export function brandingAgentId(actor: Pick<Actor, 'id' | 'role' | 'agentId'> | null, host: string | undefined, agents: AgentLookup): number {
  if (actor) {
    if (actor.role === Role.agent) return actor.id;
    return actor.role < Role.agent && agents.isLive(actor.agentId) ? actor.agentId : 0;
  }
  return agents.agentOfHost(host);
}

/** The site's options with an agent's own values laid over them, key by key. */
export class BrandedOptions implements OptionReader {
  constructor(
    private readonly site: OptionReader,
    private readonly own: ReadonlyMap<OptionKey, string>,
  ) {}

  get(key: OptionKey): string {
    return this.own.get(key) ?? this.site.get(key);
  }

  bool(key: OptionKey): boolean {
    return this.get(key) === 'true';
  }

  number(key: OptionKey): number {
    if (!this.own.has(key)) return this.site.number(key);
    const n = Number(this.own.get(key));
    return Number.isFinite(n) ? n : this.site.number(key);
  }

  isSet(key: OptionKey): boolean {
    return this.own.has(key) ? this.own.get(key) !== '' : this.site.isSet(key);
  }
}

interface VersionedReader extends OptionReader {
  version: number;
}

interface OwnValues {
  version: number;
  of(agentId: number): ReadonlyMap<OptionKey, string> | undefined;
}

/** The options a request's audience sees, and content rendered from them memoised per agent and snapshot. */
export class Branding {
  constructor(
    private readonly site: VersionedReader,
    private readonly agents: AgentLookup,
    private readonly own: OwnValues,
  ) {}

  agentFor(actor: Pick<Actor, 'id' | 'role' | 'agentId'> | null, host: string | undefined): number {
    return brandingAgentId(actor, host, this.agents);
  }

  /** The options as agent `agentId` (0: the site) shows them. */
  options(agentId: number): OptionReader {
    const own = agentId > 0 ? this.own.of(agentId) : undefined;
    return own && own.size > 0 ? new BrandedOptions(this.site, own) : this.site;
  }

  /** `render` of the options as each agent shows them, computed again only when the site's or agents' values move. */
  memo<T>(render: (o: OptionReader) => T): (agentId: number) => T {
    const cache = new Map<number, { site: number; own: number; value: T }>();
    return (agentId) => {
      const id = agentId > 0 && this.own.of(agentId) ? agentId : 0; // agents with no values of their own share the site's
      const hit = cache.get(id);
      if (hit && hit.site === this.site.version && hit.own === this.own.version) return hit.value;
      const value = render(this.options(id));
      cache.set(id, { site: this.site.version, own: this.own.version, value });
      return value;
    };
  }
}
