// How codes are shown and handed out: status tags, times, and the text file of a new batch.
import { RedemptionStatus } from '@contract/roles';

/** Arco Tag colours per status (1 unused, 2 disabled, 3 used). */
export const STATUS_COLORS: Record<number, string> = {
  [RedemptionStatus.unused]: 'green',
  [RedemptionStatus.disabled]: 'red',
  [RedemptionStatus.used]: 'gray',
};

export const statusLabelKey = (status: number): string =>
  status in STATUS_COLORS ? `redemption.status.${status}` : 'redemption.status.unknown';

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` in local time from unix seconds; 0 (never) shows as a dash. */
export function formatTime(seconds: number): string {
  if (!seconds) return '-';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** One key per line, as new-api's console copies and downloads a batch. */
export const keysText = (keys: readonly string[]): string => keys.join('\n');

/** `<name>.txt`, with the characters file systems refuse replaced. */
export function keysFileName(name: string): string {
  const safe = name.trim().replace(/[\\/:*?"<>|\p{Cc}]/gu, '_');
  return `${safe || 'redemption-codes'}.txt`;
}

/** Offers `text` as a download through a temporary link (no server round trip). */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
