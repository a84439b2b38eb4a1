// What the channel form shows for a channel type, from the shared table (daemon/contract/channel-types.ts): the
// grouped options of the type select (relayed, legacy, not relayed by this gateway), the base URL placeholder and
// help, the key hint, the `other` field, and which helper buttons the type offers. Pure, for tests.
import { CHANNEL_TYPES, channelType, type ChannelTypeInfo } from '@contract/channel-types';

/** A text to translate: an i18n key with its parameters. */
export interface Text {
  key: string;
  params?: Record<string, string | number>;
}

export type TypeGroup = 'relayed' | 'legacy' | 'notRelayed';

export interface TypeOption {
  value: number;
  /** "Name (id)" in the language asked for. */
  label: string;
  relayed: boolean;
}

const GROUP_ORDER: readonly TypeGroup[] = ['relayed', 'legacy', 'notRelayed'];

const groupOf = (c: ChannelTypeInfo): TypeGroup => (!c.family ? 'notRelayed' : c.legacy ? 'legacy' : 'relayed');

export const typeName = (c: ChannelTypeInfo, zh: boolean): string => `${zh ? c.name_zh : c.name} (${c.id})`;

/** Every type, grouped; within a group in id order. Empty groups are left out. */
export function typeOptionGroups(zh: boolean): { group: TypeGroup; options: TypeOption[] }[] {
  return GROUP_ORDER.map((group) => ({
    group,
    options: CHANNEL_TYPES.filter((c) => groupOf(c) === group).map((c) => ({ value: c.id, label: typeName(c, zh), relayed: !!c.family })),
  })).filter((g) => g.options.length > 0);
}

export interface TypeView {
  info: ChannelTypeInfo | undefined;
  /** This gateway relays the type; otherwise the form warns (saving stays possible). */
  relayed: boolean;
  fetchModels: boolean;
  /** The base URL is the request URL as given: no /v1 warning. */
  baseUrlAsGiven: boolean;
  baseUrlPlaceholder: Text;
  /** Type-specific help under the base URL, or null for the general one. */
  baseUrlHint: Text | null;
  /** Type-specific explanation of the key, else the format, else null. */
  keyHint: Text | null;
  /** The `other` field, when the type uses it. */
  other: { label: Text; placeholder: Text; hint: Text | null } | null;
  /** OpenAI-style vendors send an organization header; others ignore the field. */
  showOrganization: boolean;
}

/** `has(key)`: whether a translation exists (type-specific texts exist only for some types). */
export function typeView(type: number, has: (key: string) => boolean): TypeView {
  const info = channelType(type);
  const specific = (group: string): Text | null => (has(`channelType.${group}.${type}`) ? { key: `channelType.${group}.${type}` } : null);
  let baseUrlPlaceholder: Text;
  if (info?.base_url) baseUrlPlaceholder = { key: 'channel.form.baseUrlPlaceholder', params: { url: info.base_url } };
  else if (info?.base_url_example) baseUrlPlaceholder = { key: 'channelType.baseUrlExample', params: { url: info.base_url_example } };
  else baseUrlPlaceholder = { key: 'channel.form.baseUrlRequired' };
  const o = info?.other;
  return {
    info,
    relayed: !!info?.family,
    fetchModels: !!info?.fetch_models,
    baseUrlAsGiven: !!info?.base_url_as_given,
    baseUrlPlaceholder,
    baseUrlHint: specific('baseUrlHint'),
    keyHint: specific('keyHint') ?? (info?.key_format ? { key: 'channel.form.keyFormat', params: { format: info.key_format } } : null),
    other: o
      ? {
          label: { key: `channel.form.other.${o.kind}` },
          placeholder: o.default
            ? { key: 'channelType.otherDefault', params: { value: o.default } }
            : { key: 'channel.form.otherPlaceholder', params: { example: o.example } },
          hint: specific('otherHint'),
        }
      : null,
    showOrganization: info?.family === 'openai',
  };
}
