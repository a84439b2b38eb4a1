// How log rows are shown: type tags, use-time colours, times, and the details kept in a row's `other` JSON.
import { LogType, roleAtLeast } from '@contract/roles';
import type { LogRow } from '@contract/log';

/** Arco tag colours per log type. */
export const TYPE_COLOURS: Record<number, string> = {
  [LogType.topup]: 'cyan',
  [LogType.consume]: 'green',
  [LogType.manage]: 'orange',
  [LogType.system]: 'purple',
  [LogType.agentShare]: 'arcoblue',
  [LogType.error]: 'red',
};

export const typeLabelKey = (type: number): string => (type in TYPE_COLOURS ? `log.type.${type}` : 'log.type.unknown');

/**
 * The types the filter offers a role (spec 3 "Usage log"): everyone the four basic ones, agents also the
 * agent-share type, admins also error logs. 0 is "all".
 */
export function typeOptions(role: number): number[] {
  const types: number[] = [LogType.unknown, LogType.topup, LogType.consume, LogType.manage, LogType.system];
  if (roleAtLeast(role, 'agent')) types.push(LogType.agentShare);
  if (roleAtLeast(role, 'admin')) types.push(LogType.error);
  return types;
}

/** Use-time colours (spec 3 §9): under 101 s green, under 300 s orange, otherwise red. */
export function colourForUseTime(seconds: number): 'green' | 'orange' | 'red' {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** Types whose rows carry a request: tokens, use time and stream flag mean something only for these. */
export const isRequestLog = (type: number): boolean => type === LogType.consume || type === LogType.error;

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in local time from unix seconds. */
export function formatTime(seconds: number): string {
  if (!seconds) return '-';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** First-response time: "850 ms" below a second, "1.2 s" from there. */
export const formatFrt = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The `other` JSON text as an object; null when empty or not an object. */
export function parseOther(text: string | undefined | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One line of a row's details: `key` names the label (`log.detail.<key>`), `value` is shown as is. */
export interface DetailItem {
  key: string;
  value: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
/** Ratios keep what the server sent, without float noise (0.30000000000000004 → 0.3). */
const ratio = (n: number): string => String(Number(n.toPrecision(10)));

/**
 * The details of a row, in display order: billing ratios, cache and audio tokens, first-response time, model
 * mapping, group, and for admins the channels tried (reference §4.11 consume `other` keys).
 */
export function detailItems(row: Pick<LogRow, 'other' | 'model_name' | 'group'>, admin: boolean): DetailItem[] {
  const o = parseOther(row.other) ?? {};
  const items: DetailItem[] = [];
  const add = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') items.push({ key, value });
  };
  const price = num(o.model_price);
  if (price !== undefined && price !== -1) add('modelPrice', `$${ratio(price)}`);
  else if (num(o.model_ratio) !== undefined) add('modelRatio', ratio(num(o.model_ratio)!));
  if (num(o.group_ratio) !== undefined) add('groupRatio', ratio(num(o.group_ratio)!));
  if (num(o.completion_ratio) !== undefined) add('completionRatio', ratio(num(o.completion_ratio)!));
  const cache = num(o.cache_tokens);
  if (cache) {
    add('cacheTokens', String(cache));
    if (num(o.cache_ratio) !== undefined) add('cacheRatio', ratio(num(o.cache_ratio)!));
  }
  const cacheCreation = num(o.cache_creation_tokens);
  if (cacheCreation) add('cacheCreationTokens', String(cacheCreation));
  if (o.audio === true || o.ws === true) {
    if (num(o.audio_input) !== undefined) add('audioInput', String(num(o.audio_input)));
    if (num(o.audio_output) !== undefined) add('audioOutput', String(num(o.audio_output)));
  }
  const frt = num(o.frt);
  if (frt !== undefined && frt > 0) add('frt', formatFrt(frt)); // non-stream rows carry -1000
  add('reasoningEffort', str(o.reasoning_effort));
  const upstream = str(o.upstream_model_name);
  if (o.is_model_mapped === true && upstream) add('modelMapped', `${row.model_name} → ${upstream}`);
  add('group', str(row.group));
  if (admin) {
    const info = o.admin_info as { use_channel?: unknown } | undefined;
    const used = Array.isArray(info?.use_channel) ? info.use_channel.map(String) : [];
    if (used.length > 1) add('retried', used.join(' → '));
  }
  return items;
}
