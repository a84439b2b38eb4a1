import type { Lang } from './lang.js';
import { messages, type MessageKey, type MessageParams } from './messages.js';

export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const text: string = messages[key][lang];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}
