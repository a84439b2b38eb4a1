// The consumption log a channel test leaves (reference §3.8): for the root user, token name "模型测试", the quota the
// call would have cost at the current prices — recorded so admins see what tests spend upstream, but never deducted.
import { LogType } from '../../contract/roles.js';
import { resolvePrice, type PricingSnapshot } from '../../billing/prices.js';
import { usageQuota, type Usage } from '../../billing/quota.js';
import { loggedModelName } from '../../billing/default-ratios.js';
import { readUsage } from '../../providers/openai/usage.js';
import { isObj } from '../../providers/shape.js';
import type { LogInsert } from '../../relay/usage-writer.js';
import type { TestKind } from './channel-upstream.js';

export const TEST_TOKEN_NAME = '模型测试';

export interface TestedCall {
  now: number;
  root: { id: number; username: string; group: string };
  channel: { id: number; name: string };
  model: string;
  upstreamModel: string;
  kind: TestKind;
  answer: unknown;
  elapsedMs: number;
}

const count = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);

/** Usage from a test answer in the channel's own format; null when it reports none. */
export function testUsage(kind: TestKind, answer: unknown): Partial<Usage> | null {
  if (!isObj(answer)) return null;
  if (kind === 'gemini') {
    const m = answer.usageMetadata;
    if (!isObj(m)) return null;
    return { promptTokens: count(m.promptTokenCount), completionTokens: count(m.candidatesTokenCount) + count(m.thoughtsTokenCount) };
  }
  return readUsage(answer.usage);
}

/** The log row, or null when the model has no price (the test itself still counts). */
export function channelTestLog(t: TestedCall, pricing: PricingSnapshot): LogInsert | null {
  const r = resolvePrice(pricing, { model: t.model, userGroup: t.root.group, tokenGroup: null, acceptUnsetModel: true });
  if (!r.ok) return null;
  const usage = testUsage(t.kind, t.answer) ?? { promptTokens: 0, completionTokens: 0 };
  const q = usageQuota(usage, r.price);
  return {
    type: LogType.consume,
    created_at: t.now,
    user_id: t.root.id,
    username: t.root.username,
    token_name: TEST_TOKEN_NAME,
    model_name: loggedModelName(t.model),
    quota: q.quota,
    prompt_tokens: q.parts.prompt,
    completion_tokens: q.parts.completion,
    use_time: Math.round(t.elapsedMs / 1000),
    channel: t.channel.id,
    channel_name: t.channel.name,
    group: t.root.group,
    content: `模型测试，${t.elapsedMs} ms`,
    other: JSON.stringify({ channel_test: true, upstream_model_name: t.upstreamModel, frt: t.elapsedMs, admin_info: { use_channel: [t.channel.id] } }),
  };
}
