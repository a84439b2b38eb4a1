// Hourly usage aggregate per (user, model) for the dashboard and data export (reference §13).
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const QuotaDataEntity = defineEntity({
  name: 'QuotaData',
  tableName: 'quota_data',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    user_id: p.integer().default(0),
    username: p.string().length(64).default('').index(),
    model_name: p.string().length(255).default('').index(),
    /** Start of the hour, unix seconds. */
    created_at: p.bigint('number').default(0).index(),
    token_used: p.bigint('number').default(0),
    count: p.integer().default(0),
    quota: p.bigint('number').default(0),
  }),
  uniques: [{ properties: ['user_id', 'model_name', 'created_at'] }],
});
export type QuotaData = InferEntity<typeof QuotaDataEntity>;
