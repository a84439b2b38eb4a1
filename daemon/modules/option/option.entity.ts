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

/**
 * Which rows a bump of `cache_epochs` changed: one row per bump, written in the bump's transaction. A reader that
 * sees a section move from version a to b reads the rows of (a, b] and reloads only those ids; `ids` NULL (a bump
 * that did not say), or a row missing (pruned, or not committed yet), means everything. Old rows are pruned by the
 * writers.
 */
export const CacheChangeEntity = defineEntity({
  name: 'CacheChange',
  tableName: 'cache_changes',
  indexes: [{ properties: ['section', 'version'] }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    section: p.string().length(32),
    version: p.bigint('number'),
    /** Comma-separated row ids; NULL: the whole section. */
    ids: p.text().nullable(),
  }),
});
export type CacheChange = InferEntity<typeof CacheChangeEntity>;
