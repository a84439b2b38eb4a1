// How `gateway option` shows values (pure): one line per key in lists, secrets never in clear.
import type { OptionItem } from '../../../daemon/contract/options.js';
import type { Lang } from '../../../daemon/i18n/lang.js';
import { optionText } from './option-texts.js';

/** Widest value shown in a list line; `option get` prints the whole value. */
export const LIST_VALUE_WIDTH = 80;

/** A value on one line: line breaks shown as ⏎, cut at `width` characters with an ellipsis. */
export function oneLine(value: string, width = LIST_VALUE_WIDTH): string {
  const flat = value.replace(/\r?\n/g, '⏎');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

export function shownValue(item: OptionItem, lang: Lang, width = LIST_VALUE_WIDTH): string {
  if (item.secret_set !== undefined) return optionText(lang, item.secret_set ? 'option.secret_set' : 'option.secret_unset');
  return oneLine(item.value, width);
}

/** "KEY  value" lines, keys padded to one column. */
export function listLines(items: readonly OptionItem[], lang: Lang): string[] {
  const width = Math.max(0, ...items.map((i) => i.key.length));
  return items.map((i) => `${i.key.padEnd(width)}  ${shownValue(i, lang)}`.trimEnd());
}
