// Message parameters that name channel types in both languages (channel-types.messages.ts).
import { channelType } from '../../contract/channel-types.js';

const names = (id: number) => {
  const info = channelType(id);
  return { zh: info?.name_zh ?? `#${id}`, en: info?.name ?? `#${id}` };
};

/** `{id, type}` for one type, the name in both languages. */
export function typeParams(id: number): { id: number; type: { zh: string; en: string } } {
  return { id, type: names(id) };
}

/** `{types}`: several types as a "Name (id)" list in both languages, each named once. */
export function typesParams(ids: readonly number[]): { types: { zh: string; en: string } } {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return {
    types: {
      zh: unique.map((id) => `${names(id).zh}（${id}）`).join('、'),
      en: unique.map((id) => `${names(id).en} (${id})`).join(', '),
    },
  };
}
