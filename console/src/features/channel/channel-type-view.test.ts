import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '@contract/channel-types';
import zh from './channel-types.zh-CN.json';
import en from './channel-types.en-US.json';
import { typeOptionGroups, typeView } from './channel-type-view';

/** Keys that exist in the channel-type texts (the others come from channel.*.json and always exist). */
const has = (key: string) => {
  const parts = key.split('.');
  let node: unknown = en;
  for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
  return typeof node === 'string';
};

describe('channel type select', () => {
  it('lists every type exactly once: relayed, then legacy, then those this gateway cannot relay', () => {
    const groups = typeOptionGroups(false);
    expect(groups.map((g) => g.group)).toEqual(['relayed', 'legacy', 'notRelayed']);
    const ids = groups.flatMap((g) => g.options.map((o) => o.value));
    expect([...ids].sort((a, b) => a - b)).toEqual(CHANNEL_TYPES.map((t) => t.id));
    expect(new Set(ids).size).toBe(ids.length);
    const notRelayed = groups.find((g) => g.group === 'notRelayed')!.options;
    expect(notRelayed.map((o) => o.value)).toEqual(CHANNEL_TYPES.filter((t) => !t.family).map((t) => t.id));
    expect(notRelayed.every((o) => !o.relayed)).toBe(true);
    expect(groups.find((g) => g.group === 'legacy')!.options.map((o) => o.value)).toEqual([6, 7, 9, 10, 12, 13]);
  });

  it('labels options by name and id in the language asked for', () => {
    const label = (zhLang: boolean, id: number) => typeOptionGroups(zhLang).flatMap((g) => g.options).find((o) => o.value === id)!.label;
    expect(label(true, 8)).toBe('自定义渠道 (8)');
    expect(label(false, 8)).toBe('Custom channel (8)');
    expect(label(true, 15)).toBe('百度文心千帆 (15)');
  });
});

describe('channel form per type', () => {
  it('OpenAI: default base URL as placeholder, key format, organization, model list', () => {
    const v = typeView(1, has);
    expect(v).toMatchObject({
      relayed: true, fetchModels: true, baseUrlAsGiven: false, showOrganization: true, other: null, baseUrlHint: null,
      baseUrlPlaceholder: { key: 'channel.form.baseUrlPlaceholder', params: { url: 'https://api.openai.com' } },
      keyHint: { key: 'channel.form.keyFormat', params: { format: 'sk-…' } },
    });
  });

  it('Azure: an example endpoint, the api-version field with its default, its own key and URL help', () => {
    const v = typeView(3, has);
    expect(v.baseUrlPlaceholder).toEqual({ key: 'channelType.baseUrlExample', params: { url: 'https://your-resource.openai.azure.com' } });
    expect(v.baseUrlHint).toEqual({ key: 'channelType.baseUrlHint.3' });
    expect(v.keyHint).toEqual({ key: 'channelType.keyHint.3' });
    expect(v.other).toEqual({
      label: { key: 'channel.form.other.api_version' },
      placeholder: { key: 'channelType.otherDefault', params: { value: '2024-12-01-preview' } },
      hint: { key: 'channelType.otherHint.3' },
    });
    expect(v).toMatchObject({ relayed: true, fetchModels: true, showOrganization: false });
  });

  it('Gemini: its `other` is the API version too; custom: URL as given, no model list; Ollama: its own hints', () => {
    expect(typeView(24, has).other?.label).toEqual({ key: 'channel.form.other.api_version' });
    expect(typeView(24, has).other?.placeholder).toEqual({ key: 'channel.form.otherPlaceholder', params: { example: 'v1beta' } });
    expect(typeView(8, has)).toMatchObject({ baseUrlAsGiven: true, fetchModels: false, baseUrlHint: { key: 'channelType.baseUrlHint.8' } });
    expect(typeView(4, has)).toMatchObject({ fetchModels: true, keyHint: { key: 'channelType.keyHint.4' }, baseUrlHint: { key: 'channelType.baseUrlHint.4' } });
  });

  it('types this gateway cannot relay are flagged and offer no model list', () => {
    for (const id of [2, 15, 33, 41]) expect(typeView(id, has), String(id)).toMatchObject({ relayed: false, fetchModels: false });
    expect(typeView(33, has).keyHint).toEqual({ key: 'channelType.keyHint.33' });
    expect(typeView(15, has).keyHint).toEqual({ key: 'channel.form.keyFormat', params: { format: 'APIKey|SecretKey' } });
  });

  it('the zh and en texts have the same keys', () => {
    const keys = (o: unknown, p = ''): string[] =>
      typeof o === 'string' ? [p] : Object.entries(o as object).flatMap(([k, v]) => keys(v, p ? `${p}.${k}` : k));
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });
});
