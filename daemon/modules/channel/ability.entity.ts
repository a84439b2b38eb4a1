// One routable (group, model, channel) triple, rebuilt from a channel's comma lists (reference §3.2).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const AbilityEntity = defineEntity({
  name: 'Ability',
  tableName: 'abilities',
  properties: (p) => ({
    group: p.string().length(64).primary(),
    model: p.string().length(255).primary(),
    channel_id: p.integer().primary().autoincrement(false).index(),
    enabled: p.boolean().default(true),
    priority: p.bigint('number').default(0),
    weight: p.integer().default(0),
    tag: p.string().length(255).nullable().index(),
  }),
  primaryKeys: ['group', 'model', 'channel_id'],
  indexes: [{ properties: ['model', 'group', 'enabled', 'priority'] }],
});
export type Ability = InferEntity<typeof AbilityEntity>;
