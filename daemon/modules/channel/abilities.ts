// The ability table kept in step with channels (reference §3.2). Every function runs inside the caller's
// transaction, which also bumps the 'channels' cache epoch.
import type { EntityManager } from '@mikro-orm/knex';
import { AbilityEntity } from './ability.entity.js';
import { abilityRows, type AbilitySource } from './channel-rules.js';

const ID_CHUNK = 500;
const ROW_CHUNK = 500;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function deleteAbilities(tx: EntityManager, channelIds: readonly number[]): Promise<void> {
  for (const ids of chunks(channelIds, ID_CHUNK)) await tx.nativeDelete(AbilityEntity, { channel_id: { $in: ids } });
}

/** Drops the channels' rows and writes them again from their current models, groups, status, priority, weight and tag. */
export async function rebuildAbilities(tx: EntityManager, channels: readonly AbilitySource[]): Promise<number> {
  await deleteAbilities(tx, channels.map((c) => c.id));
  const rows = channels.flatMap(abilityRows);
  for (const part of chunks(rows, ROW_CHUNK)) await tx.insertMany(AbilityEntity, part);
  return rows.length;
}

export async function setAbilitiesEnabled(tx: EntityManager, channelIds: readonly number[], enabled: boolean): Promise<void> {
  for (const ids of chunks(channelIds, ID_CHUNK)) await tx.nativeUpdate(AbilityEntity, { channel_id: { $in: ids } }, { enabled });
}

export async function setAbilitiesTag(tx: EntityManager, channelIds: readonly number[], tag: string | null): Promise<void> {
  for (const ids of chunks(channelIds, ID_CHUNK)) await tx.nativeUpdate(AbilityEntity, { channel_id: { $in: ids } }, { tag });
}

/** Distinct model names of enabled abilities, sorted. */
export async function enabledModelNames(em: EntityManager): Promise<string[]> {
  const rows = await em.createQueryBuilder(AbilityEntity, 'a').select('model', true).where({ enabled: true }).orderBy({ model: 'asc' }).execute<{ model: string }[]>('all');
  return rows.map((r) => r.model);
}
