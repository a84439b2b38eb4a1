// An agent's own value of one white-label option (design agents.md §5): its domain and its sub-users see it instead
// of the site's. Kept apart from `options`, so nothing an agent saves can reach the site or another agent.
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const AgentOptionEntity = defineEntity({
  name: 'AgentOption',
  tableName: 'agent_options',
  properties: (p) => ({
    /** The agent's user id. */
    agent_id: p.integer().primary().autoincrement(false),
    key: p.string().length(128).primary(),
    value: p.text().default(''),
  }),
});
export type AgentOption = InferEntity<typeof AgentOptionEntity>;
