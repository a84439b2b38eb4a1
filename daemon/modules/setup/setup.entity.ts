// Present once the first-run setup is done (reference §2.7).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const SetupEntity = defineEntity({
  name: 'Setup',
  tableName: 'setups',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    version: p.string().length(32).default(''),
    initialized_at: p.bigint('number').default(0),
  }),
});
export type Setup = InferEntity<typeof SetupEntity>;
