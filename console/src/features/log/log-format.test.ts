import { describe, expect, it } from 'vitest';
import { detailItems, formatFrt, formatTime, isRequestLog, parseOther, typeLabelKey, typeOptions, colourForUseTime } from './log-format';

const row = (other: unknown, o: { model_name?: string; group?: string } = {}) => ({
  other: typeof other === 'string' ? other : JSON.stringify(other),
  model_name: o.model_name ?? 'gpt-4o',
  group: o.group ?? '',
});

describe('log format', () => {
  it('colours use time: under 101 s green, under 300 s orange, else red', () => {
    expect(colourForUseTime(0)).toBe('green');
    expect(colourForUseTime(100)).toBe('green');
    expect(colourForUseTime(101)).toBe('orange');
    expect(colourForUseTime(299)).toBe('orange');
    expect(colourForUseTime(300)).toBe('red');
    expect(colourForUseTime(5000)).toBe('red');
  });

  it('offers agent share to agents and error logs to admins', () => {
    expect(typeOptions(1)).toEqual([0, 1, 2, 3, 4]);
    expect(typeOptions(10)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(typeOptions(100)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(typeLabelKey(6)).toBe('log.type.6');
    expect(typeLabelKey(9)).toBe('log.type.unknown');
    expect(isRequestLog(2)).toBe(true);
    expect(isRequestLog(6)).toBe(true);
    expect(isRequestLog(1)).toBe(false);
  });

  it('formats times and first-response times', () => {
    expect(formatTime(new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000)).toBe('2030-01-02 03:04:05');
    expect(formatTime(0)).toBe('-');
    expect(formatFrt(850.4)).toBe('850 ms');
    expect(formatFrt(1234)).toBe('1.2 s');
  });

  it('reads other only when it is a JSON object', () => {
    expect(parseOther('')).toBeNull();
    expect(parseOther('not json')).toBeNull();
    expect(parseOther('[1]')).toBeNull();
    expect(parseOther('{"frt":1}')).toEqual({ frt: 1 });
  });

  it('lists consumption details in order, hiding retries from users', () => {
    const other = {
      model_ratio: 2.5, group_ratio: 0.30000000000000004, completion_ratio: 4, cache_tokens: 120, cache_ratio: 0.5, frt: 1520,
      is_model_mapped: true, upstream_model_name: 'gpt-4o-2024-08-06', admin_info: { use_channel: [3, 5, 8] },
    };
    expect(detailItems(row(other, { group: 'vip' }), true)).toEqual([
      { key: 'modelRatio', value: '2.5' },
      { key: 'groupRatio', value: '0.3' },
      { key: 'completionRatio', value: '4' },
      { key: 'cacheTokens', value: '120' },
      { key: 'cacheRatio', value: '0.5' },
      { key: 'frt', value: '1.5 s' },
      { key: 'modelMapped', value: 'gpt-4o → gpt-4o-2024-08-06' },
      { key: 'group', value: 'vip' },
      { key: 'retried', value: '3 → 5 → 8' },
    ]);
    expect(detailItems(row(other), false).map((i) => i.key)).not.toContain('retried');
  });

  it('shows a per-call price instead of the ratio, skips the non-stream frt and a single channel', () => {
    expect(detailItems(row({ model_price: 0.02, model_ratio: 15, group_ratio: 1, frt: -1000, admin_info: { use_channel: [3] } }), true)).toEqual([
      { key: 'modelPrice', value: '$0.02' },
      { key: 'groupRatio', value: '1' },
    ]);
    expect(detailItems(row({ model_price: -1, model_ratio: 15 }), true)).toEqual([{ key: 'modelRatio', value: '15' }]);
  });

  it('adds audio and cache-creation tokens; nothing for empty or broken other', () => {
    expect(detailItems(row({ ws: true, audio_input: 10, audio_output: 20, cache_creation_tokens: 7, reasoning_effort: 'high' }), false)).toEqual([
      { key: 'cacheCreationTokens', value: '7' },
      { key: 'audioInput', value: '10' },
      { key: 'audioOutput', value: '20' },
      { key: 'reasoningEffort', value: 'high' },
    ]);
    expect(detailItems(row(''), true)).toEqual([]);
    expect(detailItems(row('{oops'), true)).toEqual([]);
  });
});
