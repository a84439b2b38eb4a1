// The channel form (spec 3 §5): its state, the spec's checks and the payload, kept pure for tests.
import type { Channel, ChannelInput, ChannelTagEditRequest } from '@contract/channel';
import { CHANNEL_PRIORITY_MIN, CHANNEL_WEIGHT_MIN } from '@contract/channel';
import { CHANNEL_OTHER_DEFAULTS } from '@contract/channel-types';
import { splitNames } from './channel-format';

export interface ChannelForm {
  name: string;
  type: number;
  /** Create: one key per line makes one channel each. Edit: empty keeps the stored key. */
  key: string;
  openai_organization: string;
  base_url: string;
  other: string;
  model_mapping: string;
  status_code_mapping: string;
  models: string[];
  groups: string[];
  auto_ban: boolean;
  test_model: string;
  mj_type: string;
  priority: number | string;
  weight: number | string;
  tag: string;
  setting: string;
  param_override: string;
}

/**
 * The groups a new channel starts in. Spec 3 §9 quotes `ssvip` for the form, but no group of that name exists in
 * the default group ratios, so such a channel could serve nobody: the form starts with the server's `default`.
 */
export const FORM_DEFAULT_GROUPS = ['default'];

export const emptyForm = (): ChannelForm => ({
  name: '', type: 1, key: '', openai_organization: '', base_url: '', other: '', model_mapping: '',
  status_code_mapping: '', models: [], groups: [...FORM_DEFAULT_GROUPS], auto_ban: true, test_model: '', mj_type: '',
  priority: 0, weight: 0, tag: '', setting: '', param_override: '',
});

export function formFromChannel(c: Channel): ChannelForm {
  return {
    name: c.name, type: c.type, key: '', openai_organization: c.openai_organization, base_url: c.base_url, other: c.other,
    model_mapping: c.model_mapping, status_code_mapping: c.status_code_mapping, models: splitNames(c.models),
    groups: splitNames(c.group), auto_ban: c.auto_ban === 1, test_model: c.test_model, mj_type: c.mj_type,
    priority: c.priority, weight: c.weight, tag: c.tag, setting: c.setting, param_override: c.param_override,
  };
}

/** '' or a JSON object. */
export function isJsonObject(text: string): boolean {
  if (!text.trim()) return true;
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

const asInteger = (v: number | string): number | null => {
  const s = String(v).trim();
  if (!/^-?\d+$/.test(s)) return null;
  return Number(s);
};

export const isPriority = (v: number | string): boolean => {
  const n = asInteger(v);
  return n !== null && n >= CHANNEL_PRIORITY_MIN;
};
export const isWeight = (v: number | string): boolean => {
  const n = asInteger(v);
  return n !== null && n >= CHANNEL_WEIGHT_MIN;
};

/** The i18n key of the first problem, or null. */
export function validateChannelForm(f: ChannelForm, mode: 'create' | 'edit'): string | null {
  if (mode === 'create' && (!f.name.trim() || !f.key.trim())) return 'channel.msg.nameKeyRequired';
  if (!f.name.trim()) return 'channel.msg.nameRequired';
  if (f.models.length === 0) return 'channel.msg.modelsRequired';
  if (!isJsonObject(f.model_mapping)) return 'channel.msg.modelMappingInvalid';
  if (!isJsonObject(f.status_code_mapping)) return 'channel.msg.statusCodeMappingInvalid';
  if (!isJsonObject(f.setting)) return 'channel.msg.settingInvalid';
  if (!isJsonObject(f.param_override)) return 'channel.msg.paramOverrideInvalid';
  if (!isPriority(f.priority)) return 'channel.msg.priorityInvalid';
  if (!isWeight(f.weight)) return 'channel.msg.weightInvalid';
  return null;
}

/** A base URL that ends in /v1 usually doubles the version in every call: the form asks first. */
export const endsWithV1 = (url: string): boolean => /\/v1\/*$/i.test(url.trim());

/** What POST / PUT /api/channel/ get. Call after validateChannelForm. */
export function toPayload(f: ChannelForm, mode: 'create' | 'edit'): ChannelInput {
  const other = f.other.trim() || CHANNEL_OTHER_DEFAULTS[f.type] || '';
  const payload: ChannelInput = {
    name: f.name.trim(),
    type: f.type,
    openai_organization: f.openai_organization.trim(),
    base_url: f.base_url.trim().replace(/\/+$/, ''),
    other,
    model_mapping: f.model_mapping.trim(),
    status_code_mapping: f.status_code_mapping.trim(),
    models: f.models.join(','),
    group: (f.groups.length ? f.groups : FORM_DEFAULT_GROUPS).join(','),
    auto_ban: f.auto_ban ? 1 : 0,
    test_model: f.test_model.trim(),
    mj_type: f.mj_type.trim(),
    priority: Number(String(f.priority).trim()),
    weight: Number(String(f.weight).trim()),
    tag: f.tag.trim(),
    setting: f.setting.trim(),
    param_override: f.param_override.trim(),
  };
  if (mode === 'create' || f.key.trim()) payload.key = f.key.trim();
  return payload;
}

/** Adds names to a model list; `added` counts the new ones (0 → "some models already exist"). */
export function addModels(current: readonly string[], more: readonly string[]): { models: string[]; added: number } {
  const set = new Set(current);
  const models = [...current];
  for (const m of more.map((x) => x.trim()).filter(Boolean)) {
    if (set.has(m)) continue;
    set.add(m);
    models.push(m);
  }
  return { models, added: models.length - current.length };
}

export interface TagForm {
  new_tag: string;
  model_mapping: string;
  models: string[];
  groups: string[];
  priority: number | string;
  weight: number | string;
}

/** The tag dialog sends only what changed; an i18n key when something is wrong or nothing changed. */
export function tagEditPayload(tag: string, initial: TagForm, f: TagForm): { payload: ChannelTagEditRequest } | { error: string } {
  const payload: ChannelTagEditRequest = { tag };
  if (f.new_tag.trim() && f.new_tag.trim() !== tag) payload.new_tag = f.new_tag.trim();
  if (f.model_mapping.trim() !== initial.model_mapping.trim()) {
    if (!isJsonObject(f.model_mapping)) return { error: 'channel.msg.modelMappingInvalid' };
    payload.model_mapping = f.model_mapping.trim();
  }
  if (f.models.join(',') !== initial.models.join(',')) {
    if (f.models.length === 0) return { error: 'channel.msg.modelsRequired' };
    payload.models = f.models.join(',');
  }
  if (f.groups.join(',') !== initial.groups.join(',') && f.groups.length) payload.groups = f.groups.join(',');
  if (String(f.priority).trim() !== String(initial.priority).trim()) {
    if (!/^-?\d+$/.test(String(f.priority).trim())) return { error: 'channel.msg.tagPriorityInvalid' };
    payload.priority = Number(f.priority);
  }
  if (String(f.weight).trim() !== String(initial.weight).trim()) {
    if (!isWeight(f.weight)) return { error: 'channel.msg.tagWeightInvalid' };
    payload.weight = Number(f.weight);
  }
  return Object.keys(payload).length === 1 ? { error: 'channel.msg.noChanges' } : { payload };
}
