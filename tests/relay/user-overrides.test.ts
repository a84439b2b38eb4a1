// A user's own prices and groups (design agents.md §2; issue 17 point 3): `models_ratio` replaces ModelRatio for
// that user's calls — in the charge, the pre-charge and the log — and `allow_groups` adds groups the user may put on
// a token and call in. Both are set by an administrator through PUT /api/user/ and apply from the very next call;
// the self-service group list and the pricing page show them to that user.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PricingData } from '../../daemon/contract/pricing.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';
import { startUpstream, type MockUpstream } from '../helpers/upstream.js';
import { addChannel, addToken, listen, logsOf, setPrices, userRow } from '../helpers/relay.js';

describe('per-user model ratios and groups in the relay', () => {
  let t: TestApp;
  let up: MockUpstream;
  let base: string;
  let admin: Browser;

  /** One chat call; the mock upstream reports 8 prompt + 2 completion tokens. */
  const chat = async (sk: string, extra: Record<string, unknown> = {}) => {
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sk}` },
      body: JSON.stringify({ model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }], ...extra }),
    });
    return { status: res.status, body: (await res.json()) as { error?: { message: string; code: string | null } } };
  };
  /** What one call cost the user, and its consume log. */
  const charged = async (uid: number, sk: string) => {
    const before = (await userRow(t, uid)).quota;
    const r = await chat(sk);
    expect(r.status, r.body.error?.message).toBe(200);
    const log = (await logsOf(t, { user_id: uid, type: 2 })).at(-1)!;
    return { quota: before - (await userRow(t, uid)).quota, log };
  };
  const edit = async (body: Record<string, unknown>) => {
    const r = await admin.call('PUT', '/api/user/', body);
    expect(r.body.success, r.body.message).toBe(true);
  };
  const newUser = async (name: string, quota = 1_000_000) => {
    const id = await insertUser(t, name, { quota });
    return { id, sk: (await addToken(t, id, { name: `${name}-key` })).sk };
  };

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'rate_limit.api_count': 0 } });
    up = await startUpstream();
    base = await listen(t);
    await setPrices(t, { ratio: { 'gpt-x': 1, 'gpt-y': 1 }, completion: { 'gpt-x': 1, 'gpt-y': 1 }, group: { default: 1, vip: 1, gold: 2 } });
    await t.services.options.set({ UserUsableGroups: JSON.stringify({ default: 'Default group', vip: 'VIP group' }) });
    await addChannel(t, { base_url: up.url, models: 'gpt-x,gpt-y', group: 'default,gold' });
    const root = await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    expect((await admin.login(root.username, root.password)).body.success).toBe(true);
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });
  beforeEach(() => up.reset());

  describe('models_ratio', () => {
    it('bills a listed model at the user\'s ratio: twice what a user without it pays, and the log says ratio 2', async () => {
      const plain = await newUser('plain');
      const own = await newUser('own_ratio');
      await edit({ id: own.id, models_ratio: '{"gpt-x": 2}' });

      const p = await charged(plain.id, plain.sk);
      expect(p.quota).toBe(10); // (8 + 2) × ratio 1 × group 1
      expect(p.log.other).toMatchObject({ model_ratio: 1, group_ratio: 1 });

      const o = await charged(own.id, own.sk);
      expect(o.quota).toBe(2 * p.quota);
      expect(o.log).toMatchObject({ quota: 20, model_name: 'gpt-x', prompt_tokens: 8, completion_tokens: 2 });
      expect(o.log.other).toMatchObject({ model_ratio: 2, group_ratio: 1 });
      expect(o.log.content).toContain('模型倍率 2.00');
    });

    it('leaves the models the user does not list at the site\'s ratio', async () => {
      const own = await newUser('own_other');
      await edit({ id: own.id, models_ratio: '{"gpt-x": 2}' });
      const before = (await userRow(t, own.id)).quota;
      expect((await chat(own.sk, { model: 'gpt-y' })).status).toBe(200);
      expect(before - (await userRow(t, own.id)).quota).toBe(10);
      expect((await logsOf(t, { user_id: own.id, type: 2 })).at(-1)!.other.model_ratio).toBe(1);
    });

    it('applies a change made in the user editor from the next call on, and a cleared one too', async () => {
      const u = await newUser('ratio_edit');
      expect((await charged(u.id, u.sk)).quota).toBe(10); // read into the user cache at the site's ratio
      await edit({ id: u.id, models_ratio: '{"gpt-x": 3}' });
      const three = await charged(u.id, u.sk);
      expect(three.quota).toBe(30);
      expect(three.log.other.model_ratio).toBe(3);
      await edit({ id: u.id, models_ratio: '{"gpt-x": 0.5}' });
      expect((await charged(u.id, u.sk)).quota).toBe(5);
      await edit({ id: u.id, models_ratio: '' });
      const back = await charged(u.id, u.sk);
      expect(back.quota).toBe(10);
      expect(back.log.other.model_ratio).toBe(1);
    });

    it('reserves at the user\'s ratio before the call: a balance that covers the site\'s estimate but not theirs is refused', async () => {
      // estimate = (prompt + max_tokens × completion 1) × model ratio: about 1 000 at ratio 1, 2 000 at ratio 2
      const plain = await newUser('est_plain', 1_500);
      const own = await newUser('est_own', 1_500);
      await edit({ id: own.id, models_ratio: '{"gpt-x": 2}' });
      expect((await chat(plain.sk, { max_tokens: 1000 })).status).toBe(200);
      const refused = await chat(own.sk, { max_tokens: 1000 });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe('insufficient_user_quota');
      expect(up.requests).toHaveLength(1); // only the plain user's call went upstream
      expect((await userRow(t, own.id)).quota).toBe(1_500);
    });
  });

  describe('allow_groups', () => {
    it('lets a token in a group only allow_groups grants call, routed and priced in it; without it the existing refusal', async () => {
      const u = await newUser('allow_relay');
      const { sk } = await addToken(t, u.id, { name: 'gold-key', group: 'gold' });
      const refused = await chat(sk);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'group_forbidden' });
      expect(refused.body.error?.message).toContain('gold');
      expect(up.requests).toHaveLength(0);

      await edit({ id: u.id, allow_groups: 'gold' });
      const before = (await userRow(t, u.id)).quota;
      expect((await chat(sk)).status).toBe(200);
      expect(before - (await userRow(t, u.id)).quota).toBe(20); // group gold's ratio 2
      expect((await logsOf(t, { user_id: u.id, type: 2 })).at(-1)).toMatchObject({ group: 'gold', other: { group_ratio: 2 } });

      await edit({ id: u.id, allow_groups: '' });
      expect((await chat(sk)).status).toBe(403);
    });

    it('lets the user put such a group on a token and lists it among their groups', async () => {
      await newUser('allow_self');
      const me = await signInUser(t, 'allow_self');
      const id = me.userId!;
      const create = (group: string) => me.call('POST', '/api/token/', { name: 'g', group });
      expect((await create('gold')).body).toEqual({ success: false, message: 'The group gold does not exist or may not be used' });
      expect(Object.keys((await me.call('GET', '/api/user/self/groups')).body.data)).not.toContain('gold');

      await edit({ id, allow_groups: 'gold' });
      const made = await create('gold');
      expect(made.body.success, made.body.message).toBe(true);
      expect(made.body.data[0].group).toBe('gold');
      expect((await me.call('GET', '/api/user/self/groups')).body.data).toEqual({
        default: { ratio: 1, desc: 'Default group' }, vip: { ratio: 1, desc: 'VIP group' }, gold: { ratio: 2, desc: 'Opened for you by the administrator' },
      });
      // a group the user may not use stays refused, allow_groups or not
      await t.services.options.set({ GroupRatio: JSON.stringify({ default: 1, vip: 1, gold: 2, svip: 3 }) });
      expect((await create('svip')).body.success).toBe(false);
      await t.services.options.set({ GroupRatio: JSON.stringify({ default: 1, vip: 1, gold: 2 }) });
    });
  });

  it('shows that user, on the pricing page, their own ratio and the extra group', async () => {
    const u = await newUser('pricing_view');
    const me = await signInUser(t, 'pricing_view');
    const row = async () => {
      const r = await me.call('GET', '/api/pricing');
      expect(r.body.success, r.body.message).toBe(true);
      const d = r.body.data as PricingData;
      return { d, x: d.models.find((m) => m.model_name === 'gpt-x')!, y: d.models.find((m) => m.model_name === 'gpt-y')! };
    };
    const before = await row();
    expect(before.d.groups).toEqual(['default', 'vip']);
    expect(before.x.model_ratio).toBe(1);
    expect(before.x.group_price.default).toMatchObject({ user_ratio: 1, input_quota: 1_000_000 });

    await edit({ id: u.id, models_ratio: '{"gpt-x": 2}', allow_groups: 'gold' });
    const after = await row();
    expect(after.d.groups).toEqual(['default', 'vip', 'gold']);
    expect(after.d.group_ratio).toEqual({ default: 1, vip: 1, gold: 2 });
    expect(after.d.usable_group.gold).toBe('Opened for you by the administrator');
    expect(after.x.model_ratio).toBe(2);
    expect(after.x.group_price.default).toMatchObject({ user_ratio: 2, group_ratio: 1, input_quota: 2_000_000 });
    expect(after.x.group_price.gold).toMatchObject({ user_ratio: 2, group_ratio: 2, input_quota: 4_000_000 });
    expect(after.y.model_ratio).toBe(1);
    expect(after.y.group_price.gold).toMatchObject({ user_ratio: 1, input_quota: 2_000_000 });

    // everyone else still sees the site's prices and groups
    const visitor = new Browser(t.app);
    const seen = (await visitor.call('GET', '/api/pricing')).body.data as PricingData;
    expect(seen.groups).toEqual(['default', 'vip']);
    expect(seen.models.find((m) => m.model_name === 'gpt-x')!.group_price.default).toMatchObject({ user_ratio: 1, input_quota: 1_000_000 });
  });
});
