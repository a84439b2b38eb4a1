import { describe, expect, it } from 'vitest';
import {
  ARCO_TAG_COLOUR, formatBalance, formatDuration, groupOptions, responseTimeColour, statusReason, toRows, typeLabel,
} from './channel-format';
import { channel } from './channel.fixture';

describe('response-time colours (spec 3 §9)', () => {
  it.each([
    [0, 'grey'], [1, 'green'], [1000, 'green'], [1001, 'lime'], [3000, 'lime'], [3001, 'yellow'], [5000, 'yellow'],
    [5001, 'red'], [60_000, 'red'],
  ] as const)('%i ms → %s', (ms, colour) => {
    expect(responseTimeColour(ms)).toBe(colour);
  });
  it('maps yellow onto Arco gold and formats durations', () => {
    expect(ARCO_TAG_COLOUR.yellow).toBe('gold');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(3)).toBe('3 ms');
    expect(formatDuration(999.6)).toBe('1000 ms');
  });
});

describe('channel display', () => {
  it('reads the auto-disable reason and time', () => {
    expect(statusReason(channel({ other_info: '{"status_reason":"HTTP 401","status_time":5}' }))).toEqual({ status_reason: 'HTTP 401', status_time: 5 });
    expect(statusReason(channel({ other_info: '' }))).toBeNull();
    expect(statusReason(channel({ other_info: 'oops' }))).toBeNull();
    expect(statusReason(channel({ other_info: '{"x":1}' }))).toBeNull();
  });
  it('names types in the console language and shows balances only where they exist', () => {
    expect(typeLabel(8, 'en-US')).toBe('Custom channel');
    expect(typeLabel(8, 'zh-CN')).toBe('自定义渠道');
    expect(typeLabel(999, 'en-US')).toBe('#999');
    expect(formatBalance(1, 87.655)).toBe('$87.66');
    expect(formatBalance(43, 12.5)).toBe('¥12.50');
    expect(formatBalance(14, 5)).toBeNull();
  });
  it('groups tag mode rows under their tag', () => {
    const rows = toRows([
      channel({ id: 1, tag: 'A', group: 'vip', models: 'm1' }),
      channel({ id: 2, tag: 'A', status: 2, group: 'default', models: 'm2' }),
      channel({ id: 3 }),
    ], true);
    expect(rows.map((r) => r.rowKey)).toEqual(['tag:A', '3']);
    expect(rows[0]).toMatchObject({ name: 'A', group: 'vip,default', models: 'm1,m2', tagRow: { tag: 'A', enabled: 1 } });
    expect(rows[0].children!.map((c) => c.id)).toEqual([1, 2]);
    expect(toRows([channel({ id: 1, tag: 'A' })], false)[0].children).toBeUndefined();
  });
  it('offers the groups of the group ratios', () => {
    expect(groupOptions('{"default":1,"vip":1.5}', ['x'])).toEqual(['default', 'vip', 'x']);
    expect(groupOptions('not json')).toEqual(['default']);
  });
});
