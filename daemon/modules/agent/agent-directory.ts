// The live agents in memory: which agent a domain belongs to, and whether an agent still exists (not deleted).
// Read on every page load (status, notice, content), so it never touches the database; the 'agents' epoch, bumped
// by whatever adds, moves or deletes an agent, reloads it in every process.
import type { EntityManager } from '@mikro-orm/knex';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import { LatestLoad } from '../../app/cache/latest-load.js';

/** A host name as agents' domains are stored: lower case, no port, no trailing dot. */
export const normaliseHost = (host: string): string => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

export class AgentDirectory {
  private byDomain = new Map<string, number>();
  private live = new Set<number>();
  private readonly loads = new LatestLoad();

  constructor(
    private readonly em: EntityManager,
    epochs: CacheEpochs,
  ) {
    epochs.on('agents', () => this.load());
  }

  async load(): Promise<void> {
    const ticket = this.loads.ticket();
    const rows = await this.em.fork().execute<{ agent_id: number; domain: string | null }[]>(
      'select agent_id, domain from agents where deleted_at is null order by agent_id',
    );
    if (!this.loads.mayApply(ticket)) return;
    const byDomain = new Map<string, number>();
    for (const r of rows) {
      const domain = normaliseHost(r.domain ?? '');
      if (domain && !byDomain.has(domain)) byDomain.set(domain, Number(r.agent_id));
    }
    this.byDomain = byDomain;
    this.live = new Set(rows.map((r) => Number(r.agent_id)));
  }

  /** The agent whose domain this host is; 0 when none. */
  agentOfHost(host: string | undefined): number {
    return host ? (this.byDomain.get(normaliseHost(host)) ?? 0) : 0;
  }

  /** Whether `id` is an agent that has not been deleted. */
  isLive(id: number): boolean {
    return id > 0 && this.live.has(id);
  }
}
