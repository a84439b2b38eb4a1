// Channel management (spec 3 §7 "Channels"), on both drivers, with real upstream calls to a local mock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { ChannelEntity } from '../../daemon/modules/channel/channel.entity.js';
import { AbilityEntity } from '../../daemon/modules/channel/ability.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';
import { reply, startUpstream, type MockUpstream } from '../helpers/upstream.js';

const KEY = 'sk-mock-SECRET-a1b2c3d4e5f6g7h8';
const KEY2 = 'sk-mock-SECRET-second-99887766';
const WRONG = 'sk-wrong-SECRET-zz00yy11xx22';
/** Every key any test sends; none may appear in any answer. */
const ALL_KEYS = [KEY, KEY2, WRONG, 'multi-key-one-SECRET', 'multi-key-two-SECRET', 'multi-key-three-SECRET', 'replaced-key-SECRET-77'];

describe('channel management', () => {
  let t: TestApp;
  let up: MockUpstream;
  let admin: Browser;
  /** Every answer body seen, to search for keys at the end. */
  const seen: string[] = [];

  async function call(b: Browser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    const r = await b.call(method, url, payload);
    seen.push(JSON.stringify(r.body));
    // test and balance answers also carry new-api's top-level `time` / `balance`
    return r as typeof r & { body: typeof r.body & Record<string, any> };
  }
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(admin, method, url, payload);
  const em = () => t.services.em.fork();
  const abilitiesOf = async (id: number) =>
    (await em().find(AbilityEntity, { channel_id: id }, { orderBy: { group: 'asc', model: 'asc' } })).map((a) => ({
      group: a.group, model: a.model, enabled: Boolean(a.enabled), priority: Number(a.priority), weight: a.weight, tag: a.tag ?? null,
    }));
  const create = async (extra: Record<string, unknown> = {}) => {
    const r = await api('POST', '/api/channel/', { name: 'mock', type: 1, key: KEY, base_url: up.url, models: 'gpt-4o-mini,gpt-4o', ...extra });
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.data[0] as { id: number } & Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp({ overrides: { 'rate_limit.api_count': 0 } });
    await setupRoot(t.app);
    for (const [username, role] of [['plain', 1], ['agent1', 10]] as const)
      await em().insert(UserEntity, { username, password: await hashPassword('pass-word-1'), role, status: 1, created_at: 1 });
    admin = new Browser(t.app);
    admin.lang = 'en';
    await admin.login('admin', 'correct-horse-1');
    up = await startUpstream({ keys: [KEY, KEY2] });
    t.services.channels.timeouts = { models: 1500, test: 1500, balance: 1500 };
  });
  afterAll(async () => {
    await up?.close();
    await t?.close();
  });
  beforeEach(() => up.reset());

  describe('roles', () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/channel/?p=0&page_size=10'], ['GET', '/api/channel/search?keyword=x'], ['GET', '/api/channel/models'],
      ['GET', '/api/channel/models_enabled'], ['GET', '/api/channel/1'], ['GET', '/api/channel/test'],
      ['GET', '/api/channel/test/1'], ['GET', '/api/channel/update_balance'], ['GET', '/api/channel/update_balance/1/'],
      ['GET', '/api/channel/fetch_models/1'], ['POST', '/api/channel/fetch_models', { type: 1, key: 'k' }],
      ['POST', '/api/channel/', { name: 'n', key: 'k', models: 'm' }], ['PUT', '/api/channel/', { id: 1, name: 'x' }],
      ['DELETE', '/api/channel/1'], ['DELETE', '/api/channel/1/'], ['DELETE', '/api/channel/disabled'],
      ['POST', '/api/channel/batch', { ids: [1] }], ['POST', '/api/channel/fix'], ['PUT', '/api/channel/tag', { tag: 't', priority: 1 }],
      ['POST', '/api/channel/tag/enabled', { tag: 't' }], ['POST', '/api/channel/tag/disabled', { tag: 't' }],
      ['POST', '/api/channel/batch/tag', { ids: [1], tag: 't' }],
    ];
    it.each(['plain', 'agent1'])('%s (role 1 / 10) is refused every channel call', async (username) => {
      const b = new Browser(t.app);
      b.lang = 'en';
      expect((await b.login(username, 'pass-word-1')).body.success).toBe(true);
      for (const [method, url, payload] of calls) {
        const r = await call(b, method as 'GET', url, payload);
        expect(r.body, `${method} ${url}`).toEqual({ success: false, message: 'No permission: insufficient role' });
      }
    });
    it('an anonymous caller gets 401', async () => {
      for (const [method, url, payload] of calls) expect((await new Browser(t.app).call(method as 'GET', url, payload)).status).toBe(401);
    });
  });

  describe('create and validation', () => {
    it.each([
      [{ name: '', key: KEY, models: 'm' }, 'Please fill in the channel name and key'],
      [{ name: 'n', key: ' \n ', models: 'm' }, 'Please fill in the channel name and key'],
      [{ name: 'n', key: KEY, models: ' , ' }, 'Please select at least one model'],
      [{ name: 'n', key: KEY }, 'Please select at least one model'],
      [{ name: 'n', key: KEY, models: 'm', model_mapping: '{bad' }, 'Model mapping must be valid JSON'],
      [{ name: 'n', key: KEY, models: 'm', model_mapping: '["a"]' }, 'Model mapping must be valid JSON'],
      [{ name: 'n', key: KEY, models: 'm', model_mapping: '{"a": 1}' }, 'Model mapping must be valid JSON'],
      [{ name: 'n', key: KEY, models: 'm', status_code_mapping: '42' }, 'Status code mapping must be valid JSON'],
      [{ name: 'n', key: KEY, models: 'm', setting: 'x' }, 'Channel settings must be valid JSON'],
      [{ name: 'n', key: KEY, models: 'm', param_override: '[]' }, 'Parameter override must be valid JSON'],
      [{ name: 'n', key: KEY, models: 'm', other_info: '{' }, 'Channel extra info must be valid JSON'],
      [{ name: 'n', key: KEY, models: 'm', priority: -1000 }, 'Priority must be a whole number of at least -999'],
      [{ name: 'n', key: KEY, models: 'm', priority: 1.5 }, 'Priority must be a whole number of at least -999'],
      [{ name: 'n', key: KEY, models: 'm', weight: -1 }, 'Weight must be a whole number of at least 0'],
      [{ name: 'n', key: KEY, models: 'm', weight: 2.5 }, 'Weight must be a whole number of at least 0'],
      [{ name: 'n', key: KEY, models: 'm', type: 999 }, 'Unknown channel type: 999'],
      [{ name: 'n', key: KEY, models: 'm', type: 8 }, 'This channel type needs a base URL'],
      [{ name: 'n', key: KEY, models: 'm', group: 'a b' }, 'Invalid group name: a b'],
    ])('refuses %j', async (payload, message) => {
      expect((await api('POST', '/api/channel/', payload)).body).toEqual({ success: false, message });
    });

    it.each(['ftp://example.com', 'file:///etc/passwd', 'http://169.254.169.254', 'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:169.254.169.254]', 'http://[fe80::1]', 'http://0.0.0.0:8080', 'http://metadata.google.internal',
      'http://user:pw@example.com', 'http://2852039166', 'not a url'])('refuses the base URL %s', async (base_url) => {
      const r = await api('POST', '/api/channel/', { name: 'n', key: KEY, models: 'm', base_url });
      expect(r.body.message).toMatch(/^The base URL must be an http\(s\) URL/);
    });

    it('answers in Chinese by default', async () => {
      const b = new Browser(t.app);
      await b.login('admin', 'correct-horse-1');
      expect((await call(b, 'POST', '/api/channel/', { name: 'n', key: KEY })).body.message).toBe('请至少选择一个模型！');
    });

    it('creates one channel: trailing slash stripped, default group, no key in the answer, abilities per group × model', async () => {
      const r = await api('POST', '/api/channel/', { name: ' one ', type: 1, key: KEY, base_url: `${up.url}//`, models: 'gpt-4o-mini, gpt-4o,gpt-4o' });
      expect(r.body.success).toBe(true);
      const ch = r.body.data[0];
      expect(ch).toMatchObject({ name: 'one', base_url: up.url, group: 'default', models: 'gpt-4o-mini,gpt-4o', status: 1, priority: 0, weight: 0, auto_ban: 1, tag: '' });
      expect(ch).not.toHaveProperty('key');
      expect(ch.created_time).toBeGreaterThan(0);
      expect(await abilitiesOf(ch.id)).toEqual([
        { group: 'default', model: 'gpt-4o', enabled: true, priority: 0, weight: 0, tag: null },
        { group: 'default', model: 'gpt-4o-mini', enabled: true, priority: 0, weight: 0, tag: null },
      ]);
      const got = await api('GET', `/api/channel/${ch.id}`);
      expect(got.body.data).toEqual(ch);
      expect(got.body.data).not.toHaveProperty('key');
    });

    it('makes one channel per key line (multi-key create), with groups from an array', async () => {
      const r = await api('POST', '/api/channel/', {
        name: 'multi', type: 1, key: 'multi-key-one-SECRET\n\n multi-key-two-SECRET \nmulti-key-three-SECRET\n',
        base_url: up.url, models: ['m1', 'm2'], groups: ['vip', 'default'], priority: 3, weight: 7, tag: 'batch',
      });
      expect(r.body.success).toBe(true);
      expect(r.body.data).toHaveLength(3);
      const stored = await em().find(ChannelEntity, { name: 'multi' }, { orderBy: { id: 'asc' } });
      expect(stored.map((c) => c.key)).toEqual(['multi-key-one-SECRET', 'multi-key-two-SECRET', 'multi-key-three-SECRET']);
      for (const ch of r.body.data) {
        expect(ch).toMatchObject({ group: 'vip,default', models: 'm1,m2', priority: 3, weight: 7, tag: 'batch' });
        expect(await abilitiesOf(ch.id)).toHaveLength(4);
        expect((await abilitiesOf(ch.id))[0]).toMatchObject({ priority: 3, weight: 7, tag: 'batch', enabled: true });
      }
    });

    it('defaults `other` to v2.1 for type 18', async () => {
      const r = await api('POST', '/api/channel/', { name: 'spark', type: 18, key: 'a|b|c-SECRET', models: 'SparkDesk' });
      expect(r.body.data[0].other).toBe('v2.1');
    });
  });

  describe('update, list and search', () => {
    it('writes only the fields sent and keeps abilities in step', async () => {
      const ch = await create({ name: 'upd', group: 'default' });
      let r = await api('PUT', '/api/channel/', { id: ch.id, priority: 5 });
      expect(r.body.data).toMatchObject({ id: ch.id, name: 'upd', priority: 5, models: 'gpt-4o-mini,gpt-4o' });
      expect((await abilitiesOf(ch.id)).every((a) => a.priority === 5)).toBe(true);

      r = await api('PUT', '/api/channel/', { id: ch.id, models: 'a,b', group: 'vip,default', weight: 9, tag: 'T1' });
      expect(await abilitiesOf(ch.id)).toEqual([
        { group: 'default', model: 'a', enabled: true, priority: 5, weight: 9, tag: 'T1' },
        { group: 'default', model: 'b', enabled: true, priority: 5, weight: 9, tag: 'T1' },
        { group: 'vip', model: 'a', enabled: true, priority: 5, weight: 9, tag: 'T1' },
        { group: 'vip', model: 'b', enabled: true, priority: 5, weight: 9, tag: 'T1' },
      ]);

      r = await api('PUT', '/api/channel/', { id: ch.id, status: 2 });
      expect(r.body.data.status).toBe(2);
      expect((await abilitiesOf(ch.id)).every((a) => !a.enabled)).toBe(true);
      expect((await api('GET', '/api/channel/models_enabled')).body.data).not.toContain('a');
      r = await api('PUT', '/api/channel/', { id: ch.id, status: 1 });
      expect((await api('GET', '/api/channel/models_enabled')).body.data).toContain('a');

      // an empty key keeps the old one; a new one replaces it
      await api('PUT', '/api/channel/', { id: ch.id, key: '', name: 'upd2' });
      expect((await em().findOneOrFail(ChannelEntity, ch.id)).key).toBe(KEY);
      await api('PUT', '/api/channel/', { id: ch.id, key: 'replaced-key-SECRET-77' });
      expect((await em().findOneOrFail(ChannelEntity, ch.id)).key).toBe('replaced-key-SECRET-77');

      expect((await api('PUT', '/api/channel/', { id: ch.id })).body).toEqual({ success: false, message: 'No changes' });
      expect((await api('PUT', '/api/channel/', { id: ch.id, status: 3 })).body.message).toBe('A channel can only be enabled or disabled');
      expect((await api('PUT', '/api/channel/', { id: ch.id, models: '' })).body.message).toBe('Please select at least one model');
      expect((await api('PUT', '/api/channel/', { id: 999999, name: 'x' })).body).toEqual({ success: false, message: 'Channel not found' });
    });

    it('lists with 0-based pages, priority order or id order, as a bare array without keys', async () => {
      await api('POST', '/api/channel/fix');
      const high = await create({ name: 'high', priority: 100 });
      const page0 = (await api('GET', '/api/channel/?p=0&page_size=2')).body.data;
      expect(Array.isArray(page0)).toBe(true);
      expect(page0).toHaveLength(2);
      expect(page0[0].id).toBe(high.id);
      const byId = (await api('GET', '/api/channel/?p=0&page_size=100&id_sort=true')).body.data as { id: number }[];
      expect(byId.map((c) => c.id)).toEqual([...byId.map((c) => c.id)].sort((a, b) => b - a));
      const page1 = (await api('GET', '/api/channel/?p=1&page_size=2')).body.data;
      expect(page1[0].id).not.toBe(page0[0].id);
      for (const c of byId) expect(c).not.toHaveProperty('key');
    });

    it('tag mode keeps each tag together and pages over tags and untagged channels', async () => {
      const a = await create({ name: 'tm-a', tag: 'TM', priority: 50 });
      const b = await create({ name: 'tm-b', tag: 'TM', priority: -5 });
      const all = (await api('GET', '/api/channel/?p=0&page_size=100&tag_mode=true')).body.data as { id: number; tag: string }[];
      const at = all.findIndex((c) => c.id === a.id);
      expect(all[at + 1].id).toBe(b.id);
      const total = (await api('GET', '/api/channel/?p=0&page_size=100')).body.data.length;
      const entries = new Set(all.map((c) => c.tag || `#${c.id}`)).size;
      expect(all.length).toBe(total);
      const one = (await api('GET', `/api/channel/?p=${entries - 1}&page_size=1&tag_mode=true`)).body.data;
      expect(one.length).toBeGreaterThanOrEqual(1);
    });

    it('searches by keyword (name, id, exact key), group and model', async () => {
      const ch = await create({ name: 'Findable Name', group: 'vip', models: 'claude-x,gpt-4o' });
      const s = async (q: string) => ((await api('GET', `/api/channel/search?${q}`)).body.data as { id: number }[]).map((c) => c.id);
      expect(await s('keyword=findable')).toEqual([ch.id]);
      expect(await s(`keyword=${ch.id}`)).toContain(ch.id);
      expect(await s(`keyword=${encodeURIComponent(KEY)}&group=vip`)).toEqual([ch.id]);
      expect(await s('keyword=findable&group=default')).toEqual([]);
      expect(await s('keyword=findable&model=CLAUDE')).toEqual([ch.id]);
      expect(await s('keyword=findable&model=gemini')).toEqual([]);
      expect(await s('group=vip&model=claude-x')).toContain(ch.id);
    });
  });

  describe('delete, fix and tags', () => {
    it('deletes one (with and without the slash), the disabled ones, and a batch', async () => {
      const a = await create();
      const b = await create();
      expect((await api('DELETE', `/api/channel/${a.id}`)).body.success).toBe(true);
      expect((await api('DELETE', `/api/channel/${b.id}/`)).body.success).toBe(true);
      expect(await abilitiesOf(a.id)).toEqual([]);
      expect((await api('GET', `/api/channel/${a.id}`)).body).toEqual({ success: false, message: 'Channel not found' });
      expect((await api('DELETE', `/api/channel/${a.id}`)).body).toEqual({ success: false, message: 'Channel not found' });

      await api('DELETE', '/api/channel/disabled');
      const c = await create({ status: 2 });
      const d = await create();
      await em().nativeUpdate(ChannelEntity, { id: d.id }, { status: 3 });
      const e = await create();
      expect((await api('DELETE', '/api/channel/disabled')).body.data).toBe(2);
      expect(await em().count(ChannelEntity, { id: { $in: [c.id, d.id] } })).toBe(0);
      expect(await em().count(AbilityEntity, { channel_id: { $in: [c.id, d.id] } })).toBe(0);

      const f = await create();
      expect((await api('POST', '/api/channel/batch', { ids: [] })).body).toEqual({ success: false, message: 'Please select channels to delete first' });
      expect((await api('POST', '/api/channel/batch', { ids: [e.id, f.id, 999999] })).body.data).toBe(2);
      expect(await em().count(AbilityEntity, { channel_id: { $in: [e.id, f.id] } })).toBe(0);
    });

    it('fix rebuilds the whole ability table', async () => {
      const ch = await create({ models: 'x1,x2' });
      await em().nativeDelete(AbilityEntity, { channel_id: ch.id });
      await em().insert(AbilityEntity, { group: 'default', model: 'orphan', channel_id: 987654, enabled: true, priority: 0, weight: 0 });
      const channelCount = await em().count(ChannelEntity, {});
      expect((await api('POST', '/api/channel/fix')).body.data).toBe(channelCount);
      expect(await em().count(AbilityEntity, { channel_id: 987654 })).toBe(0);
      expect((await abilitiesOf(ch.id)).map((a) => a.model)).toEqual(['x1', 'x2']);
    });

    it('sets tags in batch, enables and disables by tag, edits a tag', async () => {
      const a = await create({ models: 'ta' });
      const b = await create({ models: 'ta' });
      expect((await api('POST', '/api/channel/batch/tag', { ids: [], tag: 'x' })).body.message).toBe('Please select channels first');
      expect((await api('POST', '/api/channel/batch/tag', { ids: [a.id, b.id], tag: ' grp ' })).body.data).toBe(2);
      expect((await abilitiesOf(a.id))[0].tag).toBe('grp');

      expect((await api('POST', '/api/channel/tag/disabled', { tag: 'grp' })).body.data).toBe(2);
      expect((await api('GET', `/api/channel/${a.id}`)).body.data.status).toBe(2);
      expect((await abilitiesOf(b.id)).every((x) => !x.enabled)).toBe(true);
      expect((await api('POST', '/api/channel/tag/enabled', { tag: 'grp' })).body.data).toBe(2);
      expect((await abilitiesOf(b.id)).every((x) => x.enabled)).toBe(true);
      expect((await api('POST', '/api/channel/tag/enabled', { tag: '' })).body.message).toBe('The tag cannot be empty');
      expect((await api('POST', '/api/channel/tag/enabled', { tag: 'nope' })).body.message).toBe('Channel not found');

      expect((await api('PUT', '/api/channel/tag', { tag: 'grp' })).body).toEqual({ success: false, message: 'No changes' });
      expect((await api('PUT', '/api/channel/tag', { tag: 'grp', priority: -1000 })).body.message).toBe('Priority must be a whole number of at least -999');
      expect((await api('PUT', '/api/channel/tag', { tag: 'grp', model_mapping: '{' })).body.message).toBe('Model mapping must be valid JSON');
      const r = await api('PUT', '/api/channel/tag', {
        tag: 'grp', new_tag: 'grp2', priority: 8, weight: 4, models: 'n1,n2', groups: ['svip'], model_mapping: '{"n1":"gpt-4o"}',
      });
      expect(r.body.data).toBe(2);
      const after = (await api('GET', `/api/channel/${a.id}`)).body.data;
      expect(after).toMatchObject({ tag: 'grp2', priority: 8, weight: 4, models: 'n1,n2', group: 'svip', model_mapping: '{"n1":"gpt-4o"}' });
      expect(await abilitiesOf(b.id)).toEqual([
        { group: 'svip', model: 'n1', enabled: true, priority: 8, weight: 4, tag: 'grp2' },
        { group: 'svip', model: 'n2', enabled: true, priority: 8, weight: 4, tag: 'grp2' },
      ]);
      // an empty tag clears it
      await api('POST', '/api/channel/batch/tag', { ids: [a.id], tag: '' });
      expect((await api('GET', `/api/channel/${a.id}`)).body.data.tag).toBe('');
      expect((await abilitiesOf(a.id))[0].tag).toBeNull();
    });

    it('lists the known models and the enabled ones', async () => {
      const known = (await api('GET', '/api/channel/models')).body.data as { id: string; object: string; owned_by: string }[];
      expect(known.find((m) => m.id === 'gpt-4o-mini')).toMatchObject({ object: 'model', owned_by: 'openai' });
      expect(known.find((m) => m.id.startsWith('claude-'))?.owned_by).toBe('anthropic');
      await create({ models: 'zz-enabled-model' });
      await create({ models: 'zz-disabled-model', status: 2 });
      const enabled = (await api('GET', '/api/channel/models_enabled')).body.data as string[];
      expect(enabled).toContain('zz-enabled-model');
      expect(enabled).not.toContain('zz-disabled-model');
      expect(enabled).toEqual([...new Set(enabled)].sort());
    });
  });

  describe('upstream calls', () => {
    it('fetches the model list with the stored key and with an ad-hoc key (first line only)', async () => {
      const ch = await create();
      expect((await api('GET', `/api/channel/fetch_models/${ch.id}`)).body.data).toEqual(['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small']);
      expect(up.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
      const r = await api('POST', '/api/channel/fetch_models', { base_url: `${up.url}/`, type: 1, key: `${KEY2}\n${KEY}` });
      expect(r.body.data).toContain('gpt-4o');
      expect(up.requests[1].headers.authorization).toBe(`Bearer ${KEY2}`);
      expect((await api('POST', '/api/channel/fetch_models', { base_url: up.url, type: 1, key: ' \n' })).body).toEqual({
        success: false, message: 'Please fill in the key',
      });
    });

    it('maps upstream failures to "failed to get model list" with a cause that never holds the key', async () => {
      const wrong = await api('POST', '/api/channel/fetch_models', { base_url: up.url, type: 1, key: WRONG });
      expect(up.requests.at(-1)!.headers.authorization).toBe(`Bearer ${WRONG}`); // the mock did echo it back…
      expect(wrong.body.success).toBe(false);
      expect(wrong.body.message).toMatch(/^Failed to get model list: upstream answered HTTP 401: Incorrect API key provided: \*\*\*/);
      expect(wrong.body.message).not.toContain(WRONG); // …and we did not repeat it

      up.on('GET /v1/models', reply.serverError());
      expect((await api('POST', '/api/channel/fetch_models', { base_url: up.url, type: 1, key: KEY })).body.message).toMatch(/HTTP 500/);
      up.on('GET /v1/models', reply.slow(5000, reply.json(200, { data: [] })));
      expect((await api('POST', '/api/channel/fetch_models', { base_url: up.url, type: 1, key: KEY })).body.message).toBe(
        'Failed to get model list: the upstream did not answer within 1.5 s',
      );
      up.on('GET /v1/models', reply.text(200, '<html>not json</html>'));
      expect((await api('POST', '/api/channel/fetch_models', { base_url: up.url, type: 1, key: KEY })).body.message).toBe(
        'Failed to get model list: the upstream answer was not understood',
      );
      const refused = await api('POST', '/api/channel/fetch_models', { base_url: 'http://127.0.0.1:9', type: 1, key: KEY });
      expect(refused.body.message).toMatch(/^Failed to get model list: could not reach the upstream \(ECONNREFUSED\)/);
      expect((await api('POST', '/api/channel/fetch_models', { base_url: 'http://169.254.169.254', type: 1, key: KEY })).body.message)
        .toMatch(/^The base URL must be an http\(s\) URL/);
      expect((await api('POST', '/api/channel/fetch_models', { type: 2, key: KEY })).body.message)
        .toBe('Channel type Midjourney Proxy (#2) has no model list to fetch; enter the models by hand');
      expect((await api('POST', '/api/channel/fetch_models', { type: 47, key: KEY })).body.message).toBe('This channel type needs a base URL');
    });

    it('tests a channel with a real chat call: time in seconds, response_time and test_time stored', async () => {
      const ch = await create({ test_model: 'gpt-4o', model_mapping: '{"gpt-4o":"gpt-4o-2024-11-20"}' });
      const r = await api('GET', `/api/channel/test/${ch.id}`);
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.time).toBeGreaterThan(0);
      expect(r.body.data).toMatchObject({ model: 'gpt-4o', time: r.body.time });
      const sent = up.requests.find((q) => q.path === '/v1/chat/completions')!;
      expect(sent.json).toMatchObject({ model: 'gpt-4o-2024-11-20', messages: [{ role: 'user', content: 'hi' }], max_tokens: 10, stream: false });
      expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
      const stored = await em().findOneOrFail(ChannelEntity, ch.id);
      expect(stored.response_time).toBeGreaterThan(0);
      expect(stored.test_time).toBeGreaterThan(0);

      await api('GET', `/api/channel/test/${ch.id}?model=gpt-4o-mini`);
      expect(up.requests.at(-1)!.json.model).toBe('gpt-4o-mini');
      await api('GET', `/api/channel/test/${ch.id}?model=text-embedding-3-small`);
      expect(up.requests.at(-1)!.path).toBe('/v1/embeddings');
    });

    it('logs a successful test for the root user as "模型测试" with its cost, without charging anyone', async () => {
      const ch = await create({ name: 'logged-test', test_model: 'gpt-4o' });
      up.on('POST /v1/chat/completions', reply.json(200, { choices: [{ message: { content: 'hi' } }], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } }));
      const quotaBefore = Number((await em().findOneOrFail(UserEntity, { username: 'admin' })).quota);
      expect((await api('GET', `/api/channel/test/${ch.id}`)).body.success).toBe(true);
      await expect.poll(async () => {
        await t.services.usage.flush();
        return em().getConnection().execute<{ token_name: string; quota: number; prompt_tokens: number; completion_tokens: number; username: string }[]>(
          'select token_name, quota, prompt_tokens, completion_tokens, username from logs where channel = ? and type = 2', [ch.id]);
      }).toMatchObject([{ token_name: '模型测试', prompt_tokens: 9, completion_tokens: 4, username: 'admin' }]);
      const [row] = await em().getConnection().execute<{ quota: unknown }[]>('select quota from logs where channel = ? and type = 2', [ch.id]);
      expect(Number(row.quota)).toBeGreaterThan(0); // gpt-4o has a default ratio
      expect(Number((await em().findOneOrFail(UserEntity, { username: 'admin' })).quota)).toBe(quotaBefore);
    });

    it('reports a failed test with the time, without the key', async () => {
      const ch = await create({ key: WRONG });
      const r = await api('GET', `/api/channel/test/${ch.id}`);
      expect(r.body.success).toBe(false);
      expect(typeof r.body.time).toBe('number');
      expect(r.body.message).toMatch(/^Test failed: upstream answered HTTP 401/);
      expect(r.body.message).not.toContain(WRONG);
      const good = await create();
      up.on('POST /v1/chat/completions', reply.slow(5000, reply.json(200, {})));
      expect((await api('GET', `/api/channel/test/${good.id}`)).body.message).toBe('Test failed: the upstream did not answer within 1.5 s');
      up.on('POST /v1/chat/completions', reply.serverError());
      expect((await api('GET', `/api/channel/test/${good.id}`)).body.message).toMatch(/HTTP 500: The server had an error/);
      const claudeLike = await create({ type: 2, base_url: up.url });
      expect((await api('GET', `/api/channel/test/${claudeLike.id}`)).body.message).toBe('Channel type Midjourney Proxy (#2) cannot be tested');
    });

    it('tests all channels in the background: auto-disables a bad key, re-enables after it is fixed', async () => {
      await api('DELETE', '/api/channel/disabled');
      await api('POST', '/api/channel/batch', { ids: ((await api('GET', '/api/channel/?p=0&page_size=100')).body.data as { id: number }[]).map((c) => c.id) });
      await t.services.options.set({ AutomaticDisableChannelEnabled: 'true', AutomaticEnableChannelEnabled: 'true' });
      const good = await create({ name: 'good' });
      const bad = await create({ name: 'bad', key: WRONG });
      const noBan = await create({ name: 'no-ban', key: WRONG, auto_ban: 0 });
      const r = await api('GET', '/api/channel/test');
      expect(r.body).toMatchObject({ success: true, message: expect.stringMatching(/Testing all/) });
      expect((await api('GET', '/api/channel/test')).body.message).toBe('A channel test is already running, try again later');
      await t.services.channels.testAllIdle();
      const get = async (id: number) => (await api('GET', `/api/channel/${id}`)).body.data;
      expect((await get(good.id)).status).toBe(1);
      expect((await get(good.id)).test_time).toBeGreaterThan(0);
      expect((await get(noBan.id)).status).toBe(1);
      const disabled = await get(bad.id);
      expect(disabled.status).toBe(3);
      const info = JSON.parse(disabled.other_info);
      expect(info.status_reason).toMatch(/HTTP 401/);
      expect(info.status_reason).not.toContain(WRONG);
      expect(info.status_time).toBeGreaterThan(0);
      expect((await abilitiesOf(bad.id)).every((a) => !a.enabled)).toBe(true);

      await api('PUT', '/api/channel/', { id: bad.id, key: KEY2 });
      expect((await get(bad.id)).status).toBe(3);
      await api('GET', '/api/channel/test');
      await t.services.channels.testAllIdle();
      expect((await get(bad.id)).status).toBe(1);
      expect((await abilitiesOf(bad.id)).every((a) => a.enabled)).toBe(true);

      // a slow answer beyond the threshold disables even with the global switch off
      await t.services.options.set({ AutomaticDisableChannelEnabled: 'false', ChannelDisableThreshold: '0.3' });
      up.on('POST /v1/chat/completions', reply.slow(600, (req, res) => reply.json(200, { choices: [] })(req, res)));
      await api('GET', '/api/channel/test');
      await t.services.channels.testAllIdle();
      expect((await get(good.id)).status).toBe(3);
      expect(JSON.parse((await get(good.id)).other_info).status_reason).toMatch(/exceeds the limit of 0.3 s/);
      await t.services.options.set({ AutomaticEnableChannelEnabled: 'false', ChannelDisableThreshold: '5' });
    });

    it('the background test loop tests every channel on its own, one at a time, and applies the rules', async () => {
      await api('DELETE', '/api/channel/disabled');
      await api('POST', '/api/channel/batch', { ids: ((await api('GET', '/api/channel/?p=0&page_size=100')).body.data as { id: number }[]).map((c) => c.id) });
      await t.services.options.set({ AutomaticDisableChannelEnabled: 'true', AutomaticEnableChannelEnabled: 'true', ChannelDisableThreshold: '5' });
      const good = await create({ name: 'loop-good' });
      const bad = await create({ name: 'loop-bad', key: WRONG });
      const good2 = await create({ name: 'loop-good-2', key: KEY2 });
      const get = async (id: number) => (await api('GET', `/api/channel/${id}`)).body.data;
      // the mock answers a wrong key itself, so this sees the two good channels' calls: good, then good2 in round one
      const seen: number[] = [];
      up.on('POST /v1/chat/completions', (req, res) => {
        seen.push(Date.now());
        return req.headers.authorization !== `Bearer ${WRONG}` ? reply.json(200, { choices: [{ message: { content: 'hi' } }] })(req, res) : reply.json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } })(req, res);
      });
      const timer = t.services.channels.startTestLoop(100, 150, () => undefined);
      try {
        await expect.poll(async () => (await get(bad.id)).status, { timeout: 20_000, interval: 50 }).toBe(3);
        await t.services.channels.testAllIdle();
        expect((await get(good.id)).status).toBe(1);
        expect((await get(good2.id)).status).toBe(1);
        expect((await get(good.id)).test_time).toBeGreaterThan(0);
        expect(JSON.parse((await get(bad.id)).other_info).status_reason).toMatch(/HTTP 401/);
        // one at a time, a pause after each: good, (pause) bad, (pause) good2
        expect(seen.length).toBeGreaterThanOrEqual(2);
        expect(seen[1] - seen[0]).toBeGreaterThanOrEqual(2 * 140);
        // the key is fixed: a later round enables it again
        await api('PUT', '/api/channel/', { id: bad.id, key: KEY });
        await expect.poll(async () => (await get(bad.id)).status, { timeout: 20_000, interval: 50 }).toBe(1);
      } finally {
        clearInterval(timer);
        await t.services.channels.testAllIdle();
        await t.services.options.set({ AutomaticDisableChannelEnabled: 'false', AutomaticEnableChannelEnabled: 'false' });
      }
    }, 60_000);

    it('updates balances from the upstream (with and without the slash); other types get a clear refusal', async () => {
      const ch = await create();
      const r = await api('GET', `/api/channel/update_balance/${ch.id}/`);
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.balance).toBeCloseTo(100 - 12.345, 6);
      expect(r.body.data.balance).toBe(r.body.balance);
      const usage = up.requests.find((q) => q.path === '/v1/dashboard/billing/usage')!;
      expect(usage.query.get('start_date')).toMatch(/^\d{4}-\d{2}-01$/);
      expect((await em().findOneOrFail(ChannelEntity, ch.id)).balance).toBeCloseTo(87.655, 6);
      expect((await api('GET', `/api/channel/update_balance/${ch.id}`)).body.success).toBe(true);

      const claude = await create({ type: 14 });
      expect((await api('GET', `/api/channel/update_balance/${claude.id}`)).body).toEqual({
        success: false, message: 'Channel type Anthropic Claude (#14) does not report a balance',
      });
      const wrong = await create({ key: WRONG });
      const failed = await api('GET', `/api/channel/update_balance/${wrong.id}`);
      expect(failed.body.message).toMatch(/^Failed to update the balance: upstream answered HTTP 401/);
      expect(failed.body.message).not.toContain(WRONG);
    });

    it('updates all balances and auto-disables a channel whose balance is used up', async () => {
      const ids = ((await api('GET', '/api/channel/?p=0&page_size=100')).body.data as { id: number }[]).map((c) => c.id);
      await api('POST', '/api/channel/batch', { ids });
      const rich = await create({ name: 'rich' });
      const broke = await create({ name: 'broke', key: KEY2 });
      await create({ name: 'claude', type: 14 });
      up.on('GET /v1/dashboard/billing/usage', (req, res) =>
        reply.json(200, { total_usage: req.headers.authorization === `Bearer ${KEY2}` ? 20000 : 100 })(req, res));
      const r = await api('GET', '/api/channel/update_balance');
      expect(r.body.data).toEqual({ updated: 2, failed: 0, disabled: 1 });
      const get = async (id: number) => (await api('GET', `/api/channel/${id}`)).body.data;
      expect((await get(rich.id))).toMatchObject({ status: 1, balance: 99 });
      expect((await get(broke.id))).toMatchObject({ status: 3, balance: -100 });
      expect(JSON.parse((await get(broke.id)).other_info).status_reason).toBe('insufficient balance');
    });
  });

  it('never shows a key in any answer', () => {
    expect(seen.length).toBeGreaterThan(100);
    const all = seen.join('\n');
    for (const k of ALL_KEYS) expect(all.includes(k), k).toBe(false);
    expect(all).not.toMatch(/"key"\s*:/);
  });
});
