// Agents' own white-label values (design agents.md §5) in memory: agent id → key → value. Reads never touch the
// database; a save writes the agent's row and a log naming the agent in one transaction, and bumps the
// 'agent_options' epoch so every process reloads.
import type { EntityManager } from '@mikro-orm/knex';
import { isOptionKey, optionRegistry, type OptionKey } from '../../contract/options.js';
import { LogType } from '../../contract/roles.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import type { Clock } from '../../app/clock.js';
import { inTransaction } from '../../db/transaction.js';
import { translate } from '../../i18n/translate.js';
import { LogEntity } from '../log/log.entity.js';
import { LatestLoad } from '../../app/cache/latest-load.js';

type Row = { agent_id: number; key: string; value: string | null };

/** Who saves: the agent itself. */
export interface AgentWriter {
  id: number;
  username: string;
}

export class AgentOptionStore {
  private values = new Map<number, ReadonlyMap<OptionKey, string>>();
  private readonly loads = new LatestLoad();
  /** Increments on every reload, so content rendered from these values can be memoised per snapshot. */
  version = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly epochs: CacheEpochs,
    private readonly clock: Clock,
  ) {
    epochs.on('agent_options', () => this.load());
  }

  async load(): Promise<void> {
    const ticket = this.loads.ticket();
    const rows = await this.em.fork().execute<Row[]>('select agent_id, "key", "value" from agent_options');
    if (!this.loads.mayApply(ticket)) return;
    const next = new Map<number, Map<OptionKey, string>>();
    for (const r of rows) {
      // A row of a key that is no longer white-label (the registry changed) is ignored, never shown.
      if (!isOptionKey(r.key) || optionRegistry[r.key].scope !== 'agent') continue;
      const id = Number(r.agent_id);
      let own = next.get(id);
      if (!own) next.set(id, (own = new Map()));
      own.set(r.key, r.value ?? '');
    }
    this.values = next;
    this.version++;
  }

  /** The agent's own values; undefined when it has none. */
  of(agentId: number): ReadonlyMap<OptionKey, string> | undefined {
    return this.values.get(agentId);
  }

  /** Saves the agent's own value of a white-label key (already validated), with a log row naming the agent. */
  async set(agent: AgentWriter, key: OptionKey, value: string): Promise<void> {
    if (optionRegistry[key].scope !== 'agent') throw new Error(`${key} is not a white-label option`);
    await inTransaction(this.em, async (tx) => {
      await this.epochs.bump('agent_options', tx, [agent.id]);
      await tx.execute(
        'insert into agent_options (agent_id, "key", "value") values (?, ?, ?) on conflict (agent_id, "key") do update set "value" = excluded."value"',
        [agent.id, key, value],
        'run',
      );
      await tx.insert(LogEntity, {
        user_id: agent.id, username: agent.username, created_at: this.clock(), type: LogType.manage,
        content: translate('zh', 'option.agent_saved_log', { agent: agent.username, key }),
      });
    });
    await this.load();
  }
}
