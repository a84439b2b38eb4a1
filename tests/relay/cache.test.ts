// The relay's hot-path caches (tokens by key, users by id, channels and the routing index), on both drivers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemActor } from '../../daemon/app/actor.js';
import { TokenEntity } from '../../daemon/modules/token/token.entity.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addChannel, addToken, addUser, syncCaches } from '../helpers/relay.js';

describe('relay caches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds a token written a moment ago without waiting for the poll, then reads no row per look-up', async () => {
    const { tokens } = t.services.caches;
    const uid = await addUser(t);
    const tok = await addToken(t, uid, { model_limits_enabled: true, model_limits: 'a, b', allow_ips: '10.0.0.0/8', group: 'vip', unlimited_quota: false, remain_quota: 9 });
    const found = await tokens.get(tok.key);
    expect(found).toMatchObject({ id: tok.id, userId: uid, status: 1, unlimited: false, remainQuota: 9, group: 'vip', expiredTime: -1 });
    expect([...found!.modelLimits!]).toEqual(['a', 'b']);
    expect(found!.allowIps!.allows('10.1.2.3')).toBe(true);
    await t.services.epochs.pending; // the refresh the writes above started: from here on, steady state
    const read = vi.spyOn(tokens as unknown as { read: () => Promise<void> }, 'read');
    const check = vi.spyOn(t.services.epochs, 'check');
    for (let i = 0; i < 50; i++) expect((await tokens.get(tok.key))?.id).toBe(tok.id);
    expect(read).not.toHaveBeenCalled();
    expect(check).not.toHaveBeenCalled();
    read.mockRestore();
    check.mockRestore();
  });

  it('answers unknown keys after one shared epoch read, however many arrive at once', async () => {
    const { tokens } = t.services.caches;
    await tokens.load();
    const check = vi.spyOn(t.services.epochs, 'check');
    const misses = await Promise.all(Array.from({ length: 40 }, (_, i) => tokens.get(`nope${i}`)));
    expect(misses.every((m) => m === undefined)).toBe(true);
    expect(check.mock.calls.length).toBeLessThanOrEqual(2);
    check.mockRestore();
  });

  it('follows token edits and deletions made through the token service', async () => {
    const { tokens } = t.services.caches;
    const uid = await addUser(t);
    const tok = await addToken(t, uid);
    expect((await tokens.get(tok.key))?.status).toBe(1);
    const actor = { ...systemActor, id: uid, role: 1 };
    await t.services.tokens.update(actor, { id: tok.id, status: 2 }, true);
    await syncCaches(t);
    expect((await tokens.get(tok.key))?.status).toBe(2);
    await t.services.tokens.remove(actor, tok.id);
    await syncCaches(t);
    expect(await tokens.get(tok.key)).toBeUndefined();
    expect(await t.services.em.fork().count(TokenEntity, { id: tok.id })).toBe(1); // soft-deleted, gone from the cache
  });

  it('knows users by id, including one written without an epoch bump', async () => {
    const { users } = t.services.caches;
    const uid = await addUser(t, 'cached-user', { role: 100, group: 'vip', setting: '{"accept_unset_model_ratio_model":true}' });
    expect(await users.get(uid)).toMatchObject({ id: uid, username: 'cached-user', role: 100, status: 1, group: 'vip', acceptUnsetModel: true });
    const quiet = (await t.services.em.fork().insert(UserEntity, { username: 'quiet', password: 'x', created_at: 1 })) as number;
    expect(await users.get(quiet)).toMatchObject({ id: quiet, group: 'default', acceptUnsetModel: false });
    expect(await users.get(987654)).toBeUndefined();
  });

  it('indexes enabled channels by group and model, and drops a disabled one', async () => {
    const { channels } = t.services.caches;
    await channels.load(); // loaded on first use; the accessors below are synchronous
    const a = await addChannel(t, { base_url: 'http://127.0.0.1:9', models: 'm1,m2', group: 'default,vip', priority: 5, weight: 3, key: 'key-one-000000', model_mapping: '{"m1":"up-m1"}' });
    const b = await addChannel(t, { base_url: 'http://127.0.0.1:9', models: 'm1', group: 'default' });
    await syncCaches(t);
    expect(channels.candidates('default', 'm1')).toEqual(expect.arrayContaining([{ channelId: a, priority: 5, weight: 3 }, { channelId: b, priority: 0, weight: 0 }]));
    expect(channels.candidates('vip', 'm2')).toEqual([{ channelId: a, priority: 5, weight: 3 }]);
    expect(channels.candidates('vip', 'zzz')).toEqual([]);
    expect(channels.models('vip')).toEqual(['m1', 'm2']);
    expect(channels.channel(a)).toMatchObject({ keys: ['key-one-000000'], modelMapping: { m1: 'up-m1' }, autoBan: true, status: 1 });
    await t.services.channels.update(systemActor, { id: a, key: 'key-one-000000\nkey-two-000000' });
    await t.services.channels.update(systemActor, { id: b, status: 2 });
    await syncCaches(t);
    expect(channels.candidates('default', 'm1').map((c) => c.channelId)).toEqual([a]);
    expect(channels.channel(b)?.status).toBe(2);
    expect(channels.channel(a)?.keys).toEqual(['key-one-000000', 'key-two-000000']);
  });
});
