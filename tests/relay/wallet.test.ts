// The wallet's conditional updates: reserve never overdraws, settle applies exactly once, on both drivers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addChannel, addToken, addUser, channelRow, tokenRow, userRow } from '../helpers/relay.js';

describe.each(['ledger', 'database'] as const)('wallet (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'relay.wallet': mode } });
  });
  afterAll(() => t.close());
  const wallet = () => t.services.wallet;
  it('is the wallet asked for', () => expect(wallet().mode).toBe(mode));

  it('reserves from the user and a limited token together, or from neither', async () => {
    const uid = await addUser(t, undefined, { quota: 1000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 300 });
    const ok = await wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: false, amount: 200 });
    expect(ok.ok).toBe(true);
    expect(await userRow(t, uid)).toMatchObject({ quota: 800 });
    expect(await tokenRow(t, tok.id)).toMatchObject({ remain_quota: 100, used_quota: 200 });
    // the token cannot cover it: the user's debit is rolled back
    expect(await wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: false, amount: 150 })).toEqual({ ok: false, error: 'pre_consume_token_quota_failed' });
    expect(await userRow(t, uid)).toMatchObject({ quota: 800 });
    // the user cannot cover it
    expect(await wallet().reserve({ userId: uid, tokenId: null, unlimited: true, amount: 801 })).toEqual({ ok: false, error: 'insufficient_user_quota' });
    expect(await userRow(t, uid)).toMatchObject({ quota: 800 });
  });

  it('refuses a user with nothing left even for a free call', async () => {
    const uid = await addUser(t, undefined, { quota: 0 });
    expect(await wallet().reserve({ userId: uid, tokenId: null, unlimited: true, amount: 0 })).toEqual({ ok: false, error: 'insufficient_user_quota' });
  });

  it('settles a smaller charge by refunding the difference, once, and moves the counters', async () => {
    const uid = await addUser(t, undefined, { quota: 1000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 1000 });
    const ch = await addChannel(t, { base_url: 'http://127.0.0.1:9' });
    const r = await wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: false, amount: 300 });
    if (!r.ok) throw new Error('reserve failed');
    expect(await wallet().settle(r.hold, { kind: 'success', quota: 120, totalTokens: 50 }, ch)).toMatchObject({ charged: 120, unpaid: 0, applied: true });
    expect(await wallet().settle(r.hold, { kind: 'success', quota: 120, totalTokens: 50 }, ch)).toMatchObject({ applied: false });
    expect(await wallet().settle(r.hold, { kind: 'failed' }, ch)).toMatchObject({ applied: false });
    expect(await userRow(t, uid)).toEqual({ quota: 880, used_quota: 120, request_count: 1 });
    expect(await tokenRow(t, tok.id)).toMatchObject({ remain_quota: 880, used_quota: 120, status: 1 });
    expect(await channelRow(t, ch)).toMatchObject({ used_quota: 120 });
  });

  it('refunds everything on failure', async () => {
    const uid = await addUser(t, undefined, { quota: 1000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 500 });
    const r = await wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: false, amount: 400 });
    if (!r.ok) throw new Error('reserve failed');
    expect(await wallet().settle(r.hold, { kind: 'failed' }, 0)).toMatchObject({ charged: 0, unpaid: 0, applied: true });
    expect(await userRow(t, uid)).toEqual({ quota: 1000, used_quota: 0, request_count: 0 });
    expect(await tokenRow(t, tok.id)).toMatchObject({ remain_quota: 500, used_quota: 0 });
  });

  it('takes a charge above the reservation only as far as the balances go, and marks a spent token exhausted', async () => {
    const uid = await addUser(t, undefined, { quota: 1000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 250 });
    const r = await wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: false, amount: 200 });
    if (!r.ok) throw new Error('reserve failed');
    const res = await wallet().settle(r.hold, { kind: 'success', quota: 400, totalTokens: 10 }, 0);
    expect(res).toMatchObject({ charged: 250, unpaid: 150, applied: true });
    expect(await userRow(t, uid)).toEqual({ quota: 750, used_quota: 250, request_count: 1 });
    expect(await tokenRow(t, tok.id)).toEqual({ remain_quota: 0, used_quota: 250, status: 4 });
    await t.services.epochs.checkNow();
    expect((await t.services.caches.tokens.get(tok.key))?.status).toBe(4);
  });

  it('enables an exhausted token again when a refund of a call still running gives it quota back', async () => {
    const uid = await addUser(t, undefined, { quota: 1000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 300 });
    const first = await wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: false, amount: 100 });
    const second = await wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: false, amount: 200 });
    if (!first.ok || !second.ok) throw new Error('reserve failed');
    await wallet().settle(second.hold, { kind: 'success', quota: 200, totalTokens: 5 }, 0);
    expect(await tokenRow(t, tok.id)).toMatchObject({ remain_quota: 0, status: 4 });
    await wallet().settle(first.hold, { kind: 'success', quota: 40, totalTokens: 5 }, 0);
    expect(await tokenRow(t, tok.id)).toMatchObject({ remain_quota: 60, used_quota: 240, status: 1 });
  });

  it('adds an unlimited token\'s spending to its used_quota without touching its remaining quota', async () => {
    const uid = await addUser(t, undefined, { quota: 1000 });
    const tok = await addToken(t, uid, { unlimited_quota: true, remain_quota: 7 });
    const r = await wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: true, amount: 100 });
    if (!r.ok) throw new Error('reserve failed');
    await wallet().settle(r.hold, { kind: 'partial', quota: 60, totalTokens: 5 }, 0);
    expect(await tokenRow(t, tok.id)).toEqual({ remain_quota: 7, used_quota: 60, status: 1 });
    expect(await userRow(t, uid)).toMatchObject({ quota: 940, used_quota: 60 });
  });

  it('never overdraws under 200 concurrent reservations against a token funded for 100', async () => {
    const uid = await addUser(t, undefined, { quota: 150_000 });
    const tok = await addToken(t, uid, { unlimited_quota: false, remain_quota: 100_000 });
    const results = await Promise.all(
      Array.from({ length: 200 }, () => wallet().reserve({ userId: uid, tokenId: tok.id, unlimited: false, amount: 1000 })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === 'pre_consume_token_quota_failed')).toBe(true);
    expect(await tokenRow(t, tok.id)).toMatchObject({ remain_quota: 0, used_quota: 100_000 });
    expect(await userRow(t, uid)).toMatchObject({ quota: 50_000 });
  });
});

describe('ledger wallet: balances held in memory, written back in batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'relay.wallet': 'ledger', 'relay.write_interval_ms': 60_000 } });
  });
  afterAll(() => t.close());
  const wallet = () => t.services.wallet;
  const dbQuota = async (uid: number) => Number((await t.services.em.fork().execute<{ quota: unknown }[]>('select quota from users where id = ?', [uid]))[0].quota);

  it('moves nothing in the database until the write-back, then everything in one go', async () => {
    const uid = await addUser(t, undefined, { quota: 1000 });
    const r = await wallet().reserve({ userId: uid, tokenId: null, unlimited: true, amount: 300 });
    if (!r.ok) throw new Error('reserve failed');
    expect(await dbQuota(uid)).toBe(1000);
    await wallet().settle(r.hold, { kind: 'success', quota: 100, totalTokens: 9 }, 0);
    expect(t.services.usage.dirty).toBe(true);
    expect(await userRow(t, uid)).toEqual({ quota: 900, used_quota: 100, request_count: 1 }); // userRow writes back first
    expect(t.services.usage.dirty).toBe(false);
  });

  it('sees a top-up written by someone else once the users epoch moves, without losing its own unwritten moves', async () => {
    const uid = await addUser(t, undefined, { quota: 1000 });
    const first = await wallet().reserve({ userId: uid, tokenId: null, unlimited: true, amount: 800 });
    if (!first.ok) throw new Error('reserve failed');
    expect(await wallet().reserve({ userId: uid, tokenId: null, unlimited: true, amount: 500 })).toMatchObject({ ok: false });
    // an admin's top-up in another process: a plain SQL increment plus the epoch
    await t.services.em.fork().execute('update users set quota = quota + 1000 where id = ?', [uid], 'run');
    await t.services.epochs.bump('users');
    await t.services.epochs.pending;
    const second = await wallet().reserve({ userId: uid, tokenId: null, unlimited: true, amount: 500 });
    expect(second.ok).toBe(true);
    await wallet().settle(first.hold, { kind: 'failed' }, 0);
    if (second.ok) await wallet().settle(second.hold, { kind: 'success', quota: 500, totalTokens: 1 }, 0);
    expect(await userRow(t, uid)).toEqual({ quota: 1500, used_quota: 500, request_count: 1 });
  });

  it('writes what is held on shutdown', async () => {
    const other = await createTestApp({ overrides: { 'relay.wallet': 'ledger', 'relay.write_interval_ms': 60_000 } });
    const uid = await addUser(other, undefined, { quota: 1000 });
    const r = await other.services.wallet.reserve({ userId: uid, tokenId: null, unlimited: true, amount: 10 });
    if (!r.ok) throw new Error('reserve failed');
    await other.services.wallet.settle(r.hold, { kind: 'success', quota: 7, totalTokens: 1 }, 0);
    await other.app.close();
    await other.services.usage.close();
    const [row] = await other.services.em.fork().execute<{ quota: unknown; used_quota: unknown }[]>('select quota, used_quota from users where id = ?', [uid]);
    expect({ quota: Number(row.quota), used: Number(row.used_quota) }).toEqual({ quota: 993, used: 7 });
    await other.close();
  });
});
