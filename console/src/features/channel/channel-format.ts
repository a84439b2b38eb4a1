// Display helpers for the channel pages, kept pure for tests.
import type { Channel, ChannelOtherInfo } from '@contract/channel';
import { channelType } from '@contract/channel-types';

/** Response-time colours (spec 3 §9): up to 1 s green, up to 3 s lime, up to 5 s yellow, above red. */
export type ResponseTimeColour = 'green' | 'lime' | 'yellow' | 'red' | 'grey';

export function responseTimeColour(ms: number): ResponseTimeColour {
  if (!ms || ms <= 0) return 'grey';
  if (ms <= 1000) return 'green';
  if (ms <= 3000) return 'lime';
  if (ms <= 5000) return 'yellow';
  return 'red';
}

/** Arco's tag palette has no "yellow"; its gold is the yellow of the scale. */
export const ARCO_TAG_COLOUR: Record<ResponseTimeColour, string> = { green: 'green', lime: 'lime', yellow: 'gold', red: 'red', grey: 'gray' };

/** "850 ms" below a second, "1.23 s" from there: a local upstream answers in a few milliseconds. */
export const formatDuration = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

export const STATUS_COLOURS: Record<number, string> = { 1: 'green', 2: 'red', 3: 'orange' };

export const statusLabelKey = (status: number): string =>
  [1, 2, 3].includes(status) ? `channel.status.${status}` : 'channel.status.unknown';

/** Why and when an auto-disabled channel was turned off, from other_info; null when nothing is recorded. */
export function statusReason(c: Pick<Channel, 'other_info'>): ChannelOtherInfo | null {
  if (!c.other_info) return null;
  try {
    const info = JSON.parse(c.other_info) as ChannelOtherInfo;
    return info && (info.status_reason || info.status_time) ? info : null;
  } catch {
    return null;
  }
}

export function formatTime(unixSeconds: number | undefined): string {
  if (!unixSeconds) return '-';
  const d = new Date(unixSeconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function typeLabel(id: number, language: string): string {
  const info = channelType(id);
  if (!info) return `#${id}`;
  return language.startsWith('zh') ? info.name_zh : info.name;
}

/** "$12.34" / "¥12.34" for types with a balance; null for the others. */
export function formatBalance(type: number, balance: number): string | null {
  const currency = channelType(type)?.balance;
  if (!currency) return null;
  return `${currency === 'CNY' ? '¥' : '$'}${balance.toFixed(2)}`;
}

/** A table row: a channel, or in tag mode a tag holding its channels. */
export interface ChannelRow extends Channel {
  rowKey: string;
  /** Set on a tag row. */
  tagRow?: { tag: string; enabled: number };
  children?: ChannelRow[];
}

/**
 * Rows for the table. In tag mode, a tag's channels (which the server sends together) go under one tag row that
 * shows the tag, how many of its channels are enabled, and the first channel's priority and weight.
 */
export function toRows(channels: readonly Channel[], tagMode: boolean): ChannelRow[] {
  const plain = (c: Channel): ChannelRow => ({ ...c, rowKey: String(c.id) });
  if (!tagMode) return channels.map(plain);
  const rows: ChannelRow[] = [];
  const byTag = new Map<string, ChannelRow>();
  for (const c of channels) {
    if (!c.tag) {
      rows.push(plain(c));
      continue;
    }
    let row = byTag.get(c.tag);
    if (!row) {
      row = { ...c, id: 0, name: c.tag, rowKey: `tag:${c.tag}`, tagRow: { tag: c.tag, enabled: 0 }, children: [] };
      byTag.set(c.tag, row);
      rows.push(row);
    }
    row.children!.push(plain(c));
    if (c.status === 1) row.tagRow!.enabled++;
  }
  for (const row of byTag.values()) {
    const kids = row.children!;
    row.group = [...new Set(kids.flatMap((k) => k.group.split(',')).filter(Boolean))].join(',');
    row.models = [...new Set(kids.flatMap((k) => k.models.split(',')).filter(Boolean))].join(',');
    row.status = row.tagRow!.enabled === kids.length ? 1 : row.tagRow!.enabled === 0 ? 2 : 1;
    row.response_time = 0;
  }
  return rows;
}

/** Group names from the GroupRatio JSON of /api/status, plus any extra ones, de-duplicated. */
export function groupOptions(groupRatio: string | undefined, extra: readonly string[] = []): string[] {
  let names: string[] = [];
  try {
    const parsed = JSON.parse(groupRatio || '{}') as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) names = Object.keys(parsed);
  } catch {
    /* not JSON: no options from it */
  }
  return [...new Set(['default', ...names, ...extra].filter(Boolean))];
}

export const splitNames = (s: string): string[] => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))];
