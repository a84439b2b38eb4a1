// A site option: a key/value pair of strings (spec 2 §3).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const OptionEntity = defineEntity({
  name: 'Option',
  tableName: 'options',
  properties: (p) => ({
    key: p.string().length(128).primary(),
    value: p.text().default(''),
  }),
});
export type Option = InferEntity<typeof OptionEntity>;

/**
 * One row per cached section ('options', 'channels', 'users', 'tokens'); writers bump `version`, and every daemon
 * polls this small table to reload only what changed (architecture §4.7). Works across processes and instances.
 */
export const CacheEpochEntity = defineEntity({
  name: 'CacheEpoch',
  tableName: 'cache_epochs',
  properties: (p) => ({
    section: p.string().length(32).primary(),
    version: p.bigint('number').default(0),
  }),
});
export type CacheEpoch = InferEntity<typeof CacheEpochEntity>;
