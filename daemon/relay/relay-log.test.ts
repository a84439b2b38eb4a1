import { describe, expect, it } from 'vitest';
import { usageParts } from '../billing/quota.js';
import type { Price } from '../billing/prices.js';
import { consumeLog, errorLog, type CallFacts } from './relay-log.js';

const facts: CallFacts = {
  now: 1000, userId: 7, username: 'u', tokenId: 3, tokenName: 'k', model: 'gpt-4-gizmo-abc', group: 'vip', ip: '1.2.3.4',
  isStream: true, useTime: 2, tried: [5, 9], channelId: 9, channelName: 'main',
};
const tokenPrice: Price = {
  mode: 'token', model: 'm', modelRatio: 2.5, completionRatio: 4, cacheRatio: 0.5, cacheCreationRatio: 1.25, audioRatio: 20,
  audioCompletionRatio: 2, unset: false, group: 'vip', groupRatio: 1.5, groupKnown: true,
};

describe('relay logs', () => {
  it('writes a consumption row with new-api\'s content and `other` keys', () => {
    const row = consumeLog(facts, {
      isStream: true, price: tokenPrice, quota: 123, parts: usageParts({ promptTokens: 100, completionTokens: 20, cachedTokens: 40 }), zeroUsage: false,
      frt: 250.4, upstreamModel: 'up', mapped: true, unpaid: 0, zeroUsageNote: ' (x)', streamEnd: 'client_gone', reasoningEffort: 'high',
    });
    expect(row).toMatchObject({
      type: 2, created_at: 1000, user_id: 7, quota: 123, prompt_tokens: 100, completion_tokens: 20, channel: 9, channel_name: 'main',
      model_name: 'gpt-4-gizmo-* (gpt-4-gizmo-abc)', is_stream: true, group: 'vip', content: '模型倍率 2.50，补全倍率 4.00，分组倍率 1.50',
    });
    expect(JSON.parse(row.other!)).toEqual({
      model_ratio: 2.5, group_ratio: 1.5, completion_ratio: 4, cache_tokens: 40, cache_ratio: 0.5, model_price: -1, frt: 250,
      is_model_mapped: true, upstream_model_name: 'up', admin_info: { use_channel: [5, 9] }, reasoning_effort: 'high', stream_end: 'client_gone',
    });
  });

  it('marks a call without any tokens, and prices per call', () => {
    const row = consumeLog(facts, {
      isStream: false, price: { mode: 'call', model: 'm', priceUsd: 0.04, quotaPerUnit: 500000, group: 'vip', groupRatio: 1, groupKnown: true },
      quota: 0, parts: usageParts({}), zeroUsage: true, frt: 1, upstreamModel: 'm', mapped: false, unpaid: 5, zeroUsageNote: '（可能是上游超时）',
    });
    expect(row.content).toBe('模型价格 0.04，分组倍率 1.00（可能是上游超时）');
    expect(JSON.parse(row.other!)).toMatchObject({ model_price: 0.04, model_ratio: 0, admin_info: { use_channel: [5, 9], unpaid_quota: 5 } });
  });

  it('writes an error row with the status and the channels tried', () => {
    const row = errorLog(facts, { message: 'boom', status: 502, errorType: 'upstream_error', errorCode: null });
    expect(row).toMatchObject({ type: 6, quota: 0, content: 'boom' });
    expect(JSON.parse(row.other!)).toEqual({ status_code: 502, error_type: 'upstream_error', error_code: null, admin_info: { use_channel: [5, 9] } });
  });
});
