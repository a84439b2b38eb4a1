import type { Lang } from './lang.js';
import { messages, type MessageKey, type MessageParams } from './messages.js';

export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const text: string = messages[key][lang];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    if (!(name in params)) return m;
    const v = params[name];
    return typeof v === 'object' ? v[lang] : String(v);
  });
}
