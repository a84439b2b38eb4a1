// The log rows a relayed call leaves (reference §4.11): a consumption row (type 2) with the prices and timings in
// `other`, or an error row (type 6) when every attempt failed. Built from plain data; the usage writer batches them.
import { LogType } from '../contract/roles.js';
import type { Price } from '../billing/prices.js';
import type { UsageParts } from '../billing/quota.js';
import { loggedModelName } from '../billing/default-ratios.js';
import type { LogInsert } from './usage-writer.js';

export interface CallFacts {
  now: number;
  userId: number;
  username: string;
  tokenId: number;
  tokenName: string;
  /** The model the client asked for (billing name). */
  model: string;
  group: string;
  ip: string;
  isStream: boolean;
  /** Seconds from request start to the end. */
  useTime: number;
  /** Channel ids tried, in order. */
  tried: number[];
  channelId: number;
  channelName: string;
}

/** What the call came to; with CallFacts, a consumption row. Two objects, not one spread of both: see streamHead. */
export interface ConsumeOutcome {
  /** The call streamed (the request asked to, or the upstream answered with a stream). */
  isStream: boolean;
  price: Price;
  quota: number;
  parts: UsageParts;
  zeroUsage: boolean;
  /** Milliseconds from request start to the first streamed event (stream) or the answer's headers. */
  frt: number;
  upstreamModel: string;
  mapped: boolean;
  /** How a stream ended when not normally (client_gone, upstream_cut, timeout, upstream_error). */
  streamEnd?: string;
  /** Part of the computed charge the balances could not cover. */
  unpaid: number;
  reasoningEffort?: string;
  /** Text appended to the content when no tokens were used at all. */
  zeroUsageNote: string;
}

const f2 = (n: number) => n.toFixed(2);

// A price object serves every call until the options move (relay/pricing.ts): its text is formatted once.
const priceTexts = new WeakMap<Price, string>();
function priceText(p: Price): string {
  let text = priceTexts.get(p);
  if (text === undefined) {
    text = p.mode === 'call'
      ? `模型价格 ${f2(p.priceUsd)}，分组倍率 ${f2(p.groupRatio)}`
      : `模型倍率 ${f2(p.modelRatio)}，补全倍率 ${f2(p.completionRatio)}，分组倍率 ${f2(p.groupRatio)}`;
    priceTexts.set(p, text);
  }
  return text;
}

export function consumeLog(f: CallFacts, c: ConsumeOutcome): LogInsert {
  const p = c.price;
  const content = priceText(p);
  const other: Record<string, unknown> = {
    model_ratio: p.mode === 'token' ? p.modelRatio : 0,
    group_ratio: p.groupRatio,
    completion_ratio: p.mode === 'token' ? p.completionRatio : 0,
    cache_tokens: c.parts.cached,
    cache_ratio: p.mode === 'token' ? p.cacheRatio : 1,
    model_price: p.mode === 'call' ? p.priceUsd : -1,
    frt: Math.round(c.frt),
    is_model_mapped: c.mapped,
    upstream_model_name: c.upstreamModel,
    admin_info: c.unpaid > 0 ? { use_channel: f.tried, unpaid_quota: c.unpaid } : { use_channel: f.tried },
  };
  if (c.parts.cacheWrite) {
    other.cache_creation_tokens = c.parts.cacheWrite;
    if (p.mode === 'token') other.cache_creation_ratio = p.cacheCreationRatio; // reference §4.11 (Claude)
  }
  if (c.parts.reasoning) other.reasoning_tokens = c.parts.reasoning;
  if (c.reasoningEffort) other.reasoning_effort = c.reasoningEffort;
  if (c.streamEnd) other.stream_end = c.streamEnd;
  const row = base(f, LogType.consume, c.zeroUsage ? content + c.zeroUsageNote : content, c.quota, JSON.stringify(other), c.isStream);
  row.prompt_tokens = c.parts.prompt;
  row.completion_tokens = c.parts.completion;
  return row;
}

export interface ErrorOutcome {
  message: string;
  status: number;
  errorType: string;
  errorCode: string | null;
}

export function errorLog(c: CallFacts, e: ErrorOutcome): LogInsert {
  return base(c, LogType.error, e.message.slice(0, 1000), 0,
    JSON.stringify({ status_code: e.status, error_type: e.errorType, error_code: e.errorCode, admin_info: { use_channel: c.tried } }), c.isStream);
}

/** The whole row in one object literal (one allocation per call, with every column the writer inserts). */
function base(c: CallFacts, type: number, content: string, quota: number, other: string, isStream: boolean): LogInsert {
  return {
    type,
    content,
    quota,
    other,
    prompt_tokens: 0,
    completion_tokens: 0,
    created_at: c.now,
    user_id: c.userId,
    username: c.username,
    token_id: c.tokenId,
    token_name: c.tokenName,
    model_name: loggedModelName(c.model),
    use_time: c.useTime,
    is_stream: isStream,
    channel: c.channelId,
    channel_name: c.channelName,
    group: c.group,
    ip: c.ip,
  };
}
