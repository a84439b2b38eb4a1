// The pricing page's calls (spec 3 "Pricing page"; reference §4.9) on both drivers: GET /api/pricing for a visitor
// and for users of several groups, GET /api/tags, GET /api/models — offers from enabled channels only, priced as
// the relay charges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingData, PricingModel } from '../../daemon/contract/pricing.js';
import { PricingCache } from '../../daemon/relay/pricing.js';
import { callQuota, tokenQuota } from '../../daemon/billing/quota.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { Browser, createTestApp, insertUser, setupRoot, signInUser, type TestApp } from '../helpers/app.js';

describe('pricing', () => {
  let t: TestApp;
  let admin: Browser;
  let visitor: Browser;
  const channels: Record<string, number> = {};

  const pricing = async (b: Browser): Promise<PricingData> => {
    const r = await b.call('GET', '/api/pricing');
    expect(r.status).toBe(200);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.data as PricingData;
  };
  const byName = (d: PricingData): Record<string, PricingModel> => Object.fromEntries(d.models.map((m) => [m.model_name, m]));
  const addChannel = async (name: string, type: number, models: string, group: string) => {
    const r = await admin.call('POST', '/api/channel/', { name, type, key: `sk-${name}-key`, models, group });
    expect(r.body.success, r.body.message).toBe(true);
    channels[name] = r.body.data[0].id;
  };
  const setOption = async (key: string, value: string) => {
    const r = await admin.call('PUT', '/api/option/', { key, value });
    expect(r.body.success, r.body.message).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'rate_limit.api_count': 0 } });
    await setupRoot(t.app);
    admin = new Browser(t.app);
    admin.lang = 'en';
    await admin.login('admin', 'correct-horse-1');
    visitor = new Browser(t.app);
    visitor.lang = 'en';
    await setOption('GroupRatio', JSON.stringify({ default: 1, vip: 0.5, svip: 2 }));
    await setOption('UserUsableGroups', JSON.stringify({ default: 'Default group', vip: 'VIP group' }));
    await addChannel('openai', 1, 'gpt-4o-mini,gpt-4o', 'default');
    await addChannel('deepseek', 43, 'deepseek-chat,my-unpriced-model', 'vip');
    await addChannel('premium', 1, 'dall-e-3,gpt-4o', 'svip');
    await addChannel('claude', 14, 'claude-3-haiku-20240307,claude-only-here', 'default');
    const off = await admin.call('PUT', '/api/channel/', { id: channels.claude, status: 2 });
    expect(off.body.success, off.body.message).toBe(true);
    await insertUser(t, 'alice', { group: 'default' });
    await insertUser(t, 'vicky', { group: 'vip' });
    await insertUser(t, 'sam', { group: 'svip' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a visitor the default group: models of enabled channels only, with the usable groups', async () => {
    const d = await pricing(visitor);
    expect(d.models.map((m) => m.model_name)).toEqual(['dall-e-3', 'deepseek-chat', 'gpt-4o', 'gpt-4o-mini', 'my-unpriced-model']);
    expect(d.user_group).toBe('default');
    expect(d.groups).toEqual(['default', 'vip']);
    expect(d.group_ratio).toEqual({ default: 1, vip: 0.5 });
    expect(d.usable_group).toEqual({ default: 'Default group', vip: 'VIP group' });
    expect(d.quota_per_unit).toBe(500000);
    const m = byName(d);
    expect(m['gpt-4o']).toMatchObject({ enable_groups: ['default', 'svip'], available: true, vendor: 'openai', owner_by: 'OpenAI' });
    expect(m['deepseek-chat']).toMatchObject({ enable_groups: ['vip'], available: false, vendor: 'deepseek' });
    expect(m['dall-e-3']).toMatchObject({ enable_groups: ['svip'], available: false, tags: ['image'] });
    expect(Object.keys(m['gpt-4o'].group_price)).toEqual(['default', 'vip']); // svip is not the visitor's to use
    expect(d.vendors.map((v) => v.key)).toEqual(['openai', 'deepseek']);
    expect(d.tags).toEqual(['chat', 'vision', 'image']);
  });

  it('prices ratio and fixed-price models exactly as the relay charges them', async () => {
    const d = await pricing(visitor);
    const m = byName(d);
    const relay = new PricingCache(t.services.options);
    for (const row of d.models.filter((r) => r.price_set)) {
      for (const [group, gp] of Object.entries(row.group_price)) {
        const r = relay.price({ model: row.model_name, userGroup: group });
        if (!r.ok) throw new Error(`${row.model_name} unpriced`);
        if (r.price.mode === 'call') {
          expect(gp).toMatchObject({ type: 1, call_quota: callQuota(r.price), group_ratio: r.price.groupRatio });
        } else {
          expect(gp).toMatchObject({
            type: 0,
            group_ratio: r.price.groupRatio,
            input_quota: tokenQuota({ promptTokens: 1_000_000 }, r.price).quota,
            output_quota: tokenQuota({ promptTokens: 0, completionTokens: 1_000_000 }, r.price).quota,
            cache_read_quota: tokenQuota({ promptTokens: 1_000_000, cachedTokens: 1_000_000 }, r.price).quota,
          });
        }
        expect(gp.price).toBeCloseTo((gp.type === 1 ? gp.call_quota : gp.input_quota) / d.quota_per_unit, 12);
      }
    }
    // gpt-4o: ratio 1.25 → $2.50 per 1M input tokens in default, completion 4, cache 0.5
    expect(m['gpt-4o']).toMatchObject({ quota_type: 0, model_ratio: 1.25, model_price: 0, completion_ratio: 4, cache_ratio: 0.5 });
    expect(m['gpt-4o'].group_price.default).toMatchObject({ price: 2.5, input_quota: 1_250_000, output_quota: 5_000_000, cache_read_quota: 625_000 });
    expect(m['gpt-4o'].group_price.vip).toMatchObject({ price: 1.25, group_ratio: 0.5 });
    // dall-e-3: a fixed $0.04 per call
    expect(m['dall-e-3']).toMatchObject({ quota_type: 1, model_price: 0.04, model_ratio: 0 });
    expect(m['dall-e-3'].group_price.default).toMatchObject({ type: 1, price: 0.04, call_quota: 20_000 });
    // a model without ratio or price is refused by the relay: listed as unset, with no price
    expect(m['my-unpriced-model']).toMatchObject({ price_set: false, group_price: {}, vendor: 'deepseek' });
  });

  it('shows a signed-in user their own group first, and what it may call', async () => {
    const vicky = await signInUser(t, 'vicky');
    const d = await pricing(vicky);
    expect(d.user_group).toBe('vip');
    expect(d.groups).toEqual(['vip', 'default']);
    const m = byName(d);
    expect(m['deepseek-chat'].available).toBe(true);
    expect(m['gpt-4o'].available).toBe(false);
    expect(m['deepseek-chat'].group_price.vip).toMatchObject({ group_ratio: 0.5 });

    // a group outside UserUsableGroups is still the user's own: priced and first
    const sam = await signInUser(t, 'sam');
    const s = await pricing(sam);
    expect(s.user_group).toBe('svip');
    expect(s.groups).toEqual(['svip', 'default', 'vip']);
    expect(s.group_ratio.svip).toBe(2);
    expect(s.usable_group.svip).toBe('Your group');
    const sm = byName(s);
    expect(sm['dall-e-3'].available).toBe(true);
    expect(sm['dall-e-3'].group_price.svip).toMatchObject({ price: 0.08, call_quota: 40_000 });
    expect(sm['gpt-4o-mini'].available).toBe(false);
  });

  it('lets a user who accepts unset models see them at the fallback ratio', async () => {
    await t.services.em.fork().nativeUpdate(UserEntity, { username: 'alice' }, { setting: JSON.stringify({ accept_unset_model_ratio_model: true }) });
    const alice = await signInUser(t, 'alice');
    const m = byName(await pricing(alice));
    expect(m['my-unpriced-model']).toMatchObject({ price_set: true, model_ratio: 37.5 });
    expect(m['my-unpriced-model'].group_price.default).toMatchObject({ input_quota: 37_500_000 });
    // others still see it unset
    expect(byName(await pricing(visitor))['my-unpriced-model'].price_set).toBe(false);
  });

  it('follows option and channel changes at once', async () => {
    const ratios = JSON.parse(t.services.options.get('ModelRatio')) as Record<string, number>;
    await setOption('ModelRatio', JSON.stringify({ ...ratios, 'my-unpriced-model': 3 }));
    let m = byName(await pricing(visitor));
    expect(m['my-unpriced-model']).toMatchObject({ price_set: true, model_ratio: 3 });
    expect(m['my-unpriced-model'].group_price.default).toMatchObject({ price: 6, input_quota: 3_000_000 });

    const on = await admin.call('PUT', '/api/channel/', { id: channels.claude, status: 1 });
    expect(on.body.success, on.body.message).toBe(true);
    m = byName(await pricing(visitor));
    expect(m['claude-only-here']).toMatchObject({ enable_groups: ['default'], available: true, vendor: 'anthropic' });
    expect(m['claude-3-haiku-20240307'].vendor).toBe('anthropic');

    const off = await admin.call('PUT', '/api/channel/', { id: channels.claude, status: 2 });
    expect(off.body.success, off.body.message).toBe(true);
    expect(byName(await pricing(visitor))['claude-only-here']).toBeUndefined();
  });

  it('answers the tags publicly', async () => {
    const r = await visitor.call('GET', '/api/tags');
    expect(r.body).toMatchObject({ success: true, data: ['chat', 'vision', 'image'] });
  });

  it('lists the models a user may call by channel type, for signed-in users only', async () => {
    expect((await visitor.call('GET', '/api/models')).status).toBe(401);
    const alice = await signInUser(t, 'alice');
    let r = await alice.call('GET', '/api/models');
    expect(r.body).toMatchObject({ success: true });
    expect(r.body.data).toEqual({ 1: ['gpt-4o', 'gpt-4o-mini'], 43: ['deepseek-chat', 'my-unpriced-model'] });
    const sam = await signInUser(t, 'sam');
    r = await sam.call('GET', '/api/models');
    expect(r.body.data).toEqual({ 1: ['dall-e-3', 'gpt-4o', 'gpt-4o-mini'], 43: ['deepseek-chat', 'my-unpriced-model'] });
  });
});
