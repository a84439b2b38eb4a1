// Channels by id (with their keys) and the routing index group → model → enabled candidates, for the relay;
// reloaded when the 'channels' epoch moves (every channel write bumps it, auto-disable included), so choosing
// a channel reads nothing from the database. Channel JSON settings are parsed once per load.
import type { EntityManager } from '@mikro-orm/knex';
import type { CacheEpochs } from './epochs.js';
import { LazyLoad } from './lazy-load.js';
import { ChannelEntity } from '../../modules/channel/channel.entity.js';
import { AbilityEntity } from '../../modules/channel/ability.entity.js';
import { splitKeys } from '../../modules/channel/channel-rules.js';
import { parseJsonObject } from '../../relay/model-mapping.js';
import type { Candidate } from '../../relay/select-channel.js';

export interface CachedChannel {
  id: number;
  type: number;
  name: string;
  /** Key lines (one is used per attempt). */
  keys: readonly string[];
  baseUrl: string;
  other: string;
  organization: string;
  status: number;
  autoBan: boolean;
  modelMapping: Record<string, unknown> | null;
  statusCodeMapping: Record<string, unknown> | null;
  paramOverride: Record<string, unknown> | null;
  setting: Record<string, unknown> | null;
}

type Index = Map<string, Map<string, Candidate[]>>;

export class ChannelCache {
  private byId = new Map<number, CachedChannel>();
  private index: Index = new Map();
  /** Moves on every load, so readers can memoise what they derive from the snapshot (the pricing page). */
  version = 0;

  constructor(
    private readonly em: EntityManager,
    epochs: CacheEpochs,
  ) {
    epochs.on('channels', () => this.loader.refresh());
  }

  private readonly loader = new LazyLoad(() => this.read());

  /** Loads now (or waits for the load under way). */
  /** Loaded and no reload under way: readable without awaiting load(). */
  get current(): boolean {
    return this.loader.current;
  }

  load(): Promise<void> {
    return this.loader.ensure();
  }

  private async read(): Promise<void> {
    const em = this.em.fork();
    const [channels, abilities] = await Promise.all([
      em.find(ChannelEntity, {}),
      em.find(AbilityEntity, { enabled: true }, { fields: ['group', 'model', 'channel_id', 'priority', 'weight'] }),
    ]);
    const byId = new Map<number, CachedChannel>();
    for (const c of channels) {
      byId.set(c.id, {
        id: c.id, type: c.type, name: c.name, keys: splitKeys(c.key), baseUrl: c.base_url, other: c.other,
        organization: c.openai_organization, status: c.status, autoBan: c.auto_ban === 1,
        modelMapping: parseJsonObject(c.model_mapping), statusCodeMapping: parseJsonObject(c.status_code_mapping),
        paramOverride: parseJsonObject(c.param_override), setting: parseJsonObject(c.setting),
      });
    }
    const index: Index = new Map();
    for (const a of abilities) {
      if (!byId.has(a.channel_id)) continue;
      let models = index.get(a.group);
      if (!models) index.set(a.group, (models = new Map()));
      let list = models.get(a.model);
      if (!list) models.set(a.model, (list = []));
      list.push({ channelId: a.channel_id, priority: Number(a.priority), weight: a.weight });
    }
    this.byId = byId;
    this.index = index;
    this.version++;
  }

  channel(id: number): CachedChannel | undefined {
    return this.byId.get(id);
  }

  /** Enabled channels that serve `model` to `group`. */
  candidates(group: string, model: string): readonly Candidate[] {
    return this.index.get(group)?.get(model) ?? [];
  }

  /** Groups some enabled channel serves. */
  groups(): string[] {
    return [...this.index.keys()];
  }

  /** Models some enabled channel serves to `group`, sorted. */
  models(group: string): string[] {
    return [...(this.index.get(group)?.keys() ?? [])].sort();
  }
}
