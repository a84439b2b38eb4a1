// How tokens are shown and handed out: status colours, times, paging of a bare array, chat links, copying.
import { TokenStatus } from '@contract/roles';
import { TOKEN_NEVER_EXPIRES, withKeyPrefix, type TokenView } from '@contract/token';

/** Arco Tag colours per status. */
export const STATUS_COLORS: Record<number, string> = {
  [TokenStatus.enabled]: 'green',
  [TokenStatus.disabled]: 'red',
  [TokenStatus.expired]: 'orange',
  [TokenStatus.exhausted]: 'gray',
};

export const statusLabelKey = (status: number): string =>
  status in STATUS_COLORS ? `token.status.${status}` : 'token.status.unknown';

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` in local time from unix seconds (the table has no room for seconds). */
export function formatTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const isNever = (expiredTime: number): boolean => expiredTime === TOKEN_NEVER_EXPIRES;

/**
 * The chat link for a token: `{key}` becomes the key with `sk-`, `{address}` the encoded server address. A link
 * without placeholders gets the ChatGPT-Next-Web style settings fragment, as new-api's console does.
 */
export function buildChatLink(link: string, key: string, address: string): string {
  const full = withKeyPrefix(key);
  if (link.includes('{key}') || link.includes('{address}')) {
    return link.split('{key}').join(full).split('{address}').join(encodeURIComponent(address));
  }
  return `${link.replace(/\/+$/, '')}/#/?settings=${encodeURIComponent(JSON.stringify({ key: full, url: address }))}`;
}

/** One line per token: name, four spaces, key with `sk-` (the batch copy format of new-api). */
export const batchCopyText = (tokens: Pick<TokenView, 'name' | 'key'>[]): string =>
  tokens.map((t) => `${t.name}    ${withKeyPrefix(t.key)}`).join('\n');

/** Writes to the clipboard; false when the browser refuses (no permission, insecure page, no API). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
