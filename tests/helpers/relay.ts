// Fixtures for relay tests: users, tokens and channels written straight to the database (bumping the cache
// epochs as the real writers do), a listening gateway the official `openai` client can call, and ledger totals.
import type { ChannelInput } from '../../daemon/contract/channel.js';
import { systemActor } from '../../daemon/app/actor.js';
import { randomAlnum } from '../../daemon/app/random.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { TokenEntity } from '../../daemon/modules/token/token.entity.js';
import { ChannelEntity } from '../../daemon/modules/channel/channel.entity.js';
import type { TestApp } from './app.js';

export interface UserFields {
  quota?: number;
  role?: number;
  status?: number;
  group?: string;
  setting?: string;
}

let seq = 0;

export async function addUser(t: TestApp, username = `u${++seq}_${randomAlnum(4)}`, f: UserFields = {}): Promise<number> {
  const em = t.services.em.fork();
  const id = (await em.insert(UserEntity, {
    username, password: 'x', role: f.role ?? 1, status: f.status ?? 1, group: f.group ?? 'default', quota: f.quota ?? 1_000_000,
    setting: f.setting ?? '', created_at: 1,
  })) as number;
  await t.services.epochs.bump('users');
  return id;
}

export interface TokenFields {
  name?: string;
  status?: number;
  expired_time?: number;
  remain_quota?: number;
  unlimited_quota?: boolean;
  model_limits_enabled?: boolean;
  model_limits?: string;
  allow_ips?: string;
  group?: string;
}

export interface TestToken {
  id: number;
  /** As a client sends it: `sk-` + key. */
  sk: string;
  key: string;
}

export async function addToken(t: TestApp, userId: number, f: TokenFields = {}): Promise<TestToken> {
  const key = randomAlnum(48);
  const id = (await t.services.em.fork().insert(TokenEntity, {
    user_id: userId, key, name: f.name ?? 'test-token', status: f.status ?? 1, created_time: 1, accessed_time: 1,
    expired_time: f.expired_time ?? -1, remain_quota: f.remain_quota ?? 0, unlimited_quota: f.unlimited_quota ?? true,
    model_limits_enabled: f.model_limits_enabled ?? false, model_limits: f.model_limits ?? '', allow_ips: f.allow_ips ?? '',
    used_quota: 0, group: f.group ?? '',
  })) as number;
  await t.services.epochs.bump('tokens');
  return { id, key, sk: `sk-${key}` };
}

/** A channel through the channel service (abilities and epoch as in production); returns its id. */
export async function addChannel(t: TestApp, input: ChannelInput & { base_url: string }): Promise<number> {
  const [ch] = await t.services.channels.create(systemActor, { name: 'ch', type: 1, key: 'sk-upstream-key-000000', models: 'gpt-4o-mini', ...input });
  return ch.id;
}

/** Applies pending epoch changes now (what the poll does every sync interval). */
export const syncCaches = (t: TestApp) => t.services.epochs.checkNow();

export async function userRow(t: TestApp, id: number) {
  await t.services.usage.flush(); // the ledger wallet writes balances in batches
  const u = await t.services.em.fork().findOneOrFail(UserEntity, { id });
  return { quota: Number(u.quota), used_quota: Number(u.used_quota), request_count: u.request_count };
}

export async function tokenRow(t: TestApp, id: number) {
  await t.services.usage.flush(); // the ledger wallet writes balances in batches
  const k = await t.services.em.fork().findOneOrFail(TokenEntity, { id });
  return { remain_quota: Number(k.remain_quota), used_quota: Number(k.used_quota), status: k.status };
}

export async function channelRow(t: TestApp, id: number) {
  await t.services.usage.flush(); // the ledger wallet writes balances in batches
  const c = await t.services.em.fork().findOneOrFail(ChannelEntity, { id });
  return { used_quota: Number(c.used_quota), status: c.status, other_info: c.other_info };
}

/** A gateway listening on 127.0.0.1 (the `openai` client needs a real socket); returns its /v1 base URL. */
export async function listen(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address}/v1`;
}

/** Simple prices for tests: ratio 1 and completion ratio 1 (1 quota per token) unless given. */
export async function setPrices(
  t: TestApp,
  p: { ratio?: Record<string, number>; completion?: Record<string, number>; price?: Record<string, number>; group?: Record<string, number> },
): Promise<void> {
  const entries: Record<string, string> = {};
  if (p.ratio) entries.ModelRatio = JSON.stringify(p.ratio);
  if (p.completion) entries.CompletionRatio = JSON.stringify(p.completion);
  if (p.price) entries.ModelPrice = JSON.stringify(p.price);
  if (p.group) entries.GroupRatio = JSON.stringify(p.group);
  await t.services.options.set(entries);
}

/** Consumption (2) and error (6) logs after the usage writer flushed. */
export async function logsOf(t: TestApp, where: { user_id?: number; type?: number } = {}) {
  await t.services.usage.flush();
  const { LogEntity } = await import('../../daemon/modules/log/log.entity.js');
  const rows = await t.services.em.fork().find(LogEntity, where, { orderBy: { id: 'asc' } });
  return rows.map((r) => ({ ...r, quota: Number(r.quota), other: r.other ? (JSON.parse(r.other) as Record<string, any>) : {} }));
}
