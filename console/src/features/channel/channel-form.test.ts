import { describe, expect, it } from 'vitest';
import { addModels, emptyForm, endsWithV1, formFromChannel, tagEditPayload, toPayload, validateChannelForm, type ChannelForm, type TagForm } from './channel-form';
import { channel } from './channel.fixture';

const filled = (o: Partial<ChannelForm> = {}): ChannelForm => ({ ...emptyForm(), name: 'n', key: 'sk-1', models: ['gpt-4o'], ...o });

describe('channel form rules (spec 3 §5)', () => {
  it.each([
    [{ name: '' }, 'create', 'channel.msg.nameKeyRequired'],
    [{ key: ' ' }, 'create', 'channel.msg.nameKeyRequired'],
    [{ key: '' }, 'edit', null],
    [{ name: ' ' }, 'edit', 'channel.msg.nameRequired'],
    [{ models: [] }, 'create', 'channel.msg.modelsRequired'],
    [{ model_mapping: '{oops' }, 'create', 'channel.msg.modelMappingInvalid'],
    [{ model_mapping: '[1]' }, 'create', 'channel.msg.modelMappingInvalid'],
    [{ model_mapping: '{"a":"b"}' }, 'create', null],
    [{ status_code_mapping: '1' }, 'create', 'channel.msg.statusCodeMappingInvalid'],
    [{ setting: 'x' }, 'create', 'channel.msg.settingInvalid'],
    [{ param_override: '"s"' }, 'create', 'channel.msg.paramOverrideInvalid'],
    [{ priority: -1000 }, 'create', 'channel.msg.priorityInvalid'],
    [{ priority: '1.5' }, 'create', 'channel.msg.priorityInvalid'],
    [{ priority: '-999' }, 'create', null],
    [{ weight: -1 }, 'create', 'channel.msg.weightInvalid'],
    [{ weight: '' }, 'create', 'channel.msg.weightInvalid'],
  ] as const)('%j (%s) → %s', (patch, mode, key) => {
    expect(validateChannelForm(filled(patch as Partial<ChannelForm>), mode)).toBe(key);
  });

  it('builds the payload: trimmed, trailing slash stripped, type 18 → other v2.1, key only when given on edit', () => {
    const p = toPayload(filled({ name: ' n ', base_url: ' http://h/x// ', models: ['a', 'b'], groups: ['vip', 'default'], priority: '3', weight: 2, auto_ban: false }), 'create');
    expect(p).toMatchObject({ name: 'n', base_url: 'http://h/x', models: 'a,b', group: 'vip,default', priority: 3, weight: 2, auto_ban: 0, key: 'sk-1' });
    expect(toPayload(filled({ type: 18 }), 'create').other).toBe('v2.1');
    expect(toPayload(filled({ key: '' }), 'edit')).not.toHaveProperty('key');
    expect(toPayload(filled({ groups: [] }), 'create').group).toBe('default');
  });

  it('starts in the default group and never carries a key from the server', () => {
    expect(emptyForm().groups).toEqual(['default']);
    const f = formFromChannel(channel({ models: 'a,b', group: 'vip', tag: 't', auto_ban: 0 }));
    expect(f).toMatchObject({ key: '', models: ['a', 'b'], groups: ['vip'], tag: 't', auto_ban: false });
  });

  it('warns about /v1 base URLs and counts added models', () => {
    expect(endsWithV1('https://api.x.com/v1')).toBe(true);
    expect(endsWithV1('https://api.x.com/v1/')).toBe(true);
    expect(endsWithV1('https://api.x.com/v1beta')).toBe(false);
    expect(addModels(['a'], ['a', 'b', ' b '])).toEqual({ models: ['a', 'b'], added: 1 });
    expect(addModels(['a'], ['a']).added).toBe(0);
  });
});

describe('tag dialog', () => {
  const initial: TagForm = { new_tag: 'T', model_mapping: '', models: ['a'], groups: ['default'], priority: 0, weight: 0 };
  it('sends only what changed', () => {
    expect(tagEditPayload('T', initial, { ...initial })).toEqual({ error: 'channel.msg.noChanges' });
    expect(tagEditPayload('T', initial, { ...initial, new_tag: 'U', priority: '5' })).toEqual({ payload: { tag: 'T', new_tag: 'U', priority: 5 } });
    expect(tagEditPayload('T', initial, { ...initial, models: ['a', 'b'], groups: ['vip'] })).toEqual({ payload: { tag: 'T', models: 'a,b', groups: 'vip' } });
  });
  it('checks priority, weight, models and mapping', () => {
    expect(tagEditPayload('T', initial, { ...initial, priority: '1.5' })).toEqual({ error: 'channel.msg.tagPriorityInvalid' });
    expect(tagEditPayload('T', initial, { ...initial, weight: -2 })).toEqual({ error: 'channel.msg.tagWeightInvalid' });
    expect(tagEditPayload('T', initial, { ...initial, models: [] })).toEqual({ error: 'channel.msg.modelsRequired' });
    expect(tagEditPayload('T', initial, { ...initial, model_mapping: '{' })).toEqual({ error: 'channel.msg.modelMappingInvalid' });
  });
});
