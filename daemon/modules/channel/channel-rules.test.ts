import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../app/errors.js';
import {
  abilityRows, isEmbeddingModel, normaliseInput, shouldDisableChannel, splitKeys, splitList, testModelFor, testOutcome,
  testTokenLimit, withStatusReason,
} from './channel-rules.js';

const keyOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof ServiceError ? e.key : String(e);
  }
};

describe('lists and keys', () => {
  it('splits, trims and de-duplicates', () => {
    expect(splitList(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList(['x', ' x', 'y '])).toEqual(['x', 'y']);
    expect(splitList(undefined)).toEqual([]);
    expect(splitKeys('k1\r\n\n k2 \n')).toEqual(['k1', 'k2']);
  });
});

describe('normaliseInput', () => {
  const base = { name: 'n', key: 'k', models: 'm' };
  it('fills create defaults', () => {
    expect(normaliseInput(base, 'create')).toMatchObject({ name: 'n', type: 1, models: 'm', group: 'default' });
    expect(normaliseInput({ ...base, type: 18 }, 'create').other).toBe('v2.1');
    expect(normaliseInput({ ...base, type: 18, other: 'v3.5' }, 'create').other).toBe('v3.5');
    expect(normaliseInput({ ...base, base_url: ' http://h:1/v1/// ' }, 'create').base_url).toBe('http://h:1/v1');
    expect(normaliseInput({ ...base, tag: '  ' }, 'create').tag).toBeNull();
  });
  it.each([
    [{ name: '', key: 'k', models: 'm' }, 'channel.name_key_required'],
    [{ name: 'n', key: '', models: 'm' }, 'channel.name_key_required'],
    [{ name: 'n', key: 'k', models: '' }, 'channel.models_required'],
    [{ ...base, model_mapping: '1' }, 'channel.model_mapping_invalid'],
    [{ ...base, model_mapping: '{"a":{"b":1}}' }, 'channel.model_mapping_invalid'],
    [{ ...base, status_code_mapping: 'null' }, 'channel.status_code_mapping_invalid'],
    [{ ...base, priority: -1000 }, 'channel.priority_invalid'],
    [{ ...base, weight: -1 }, 'channel.weight_invalid'],
    [{ ...base, base_url: 'javascript:alert(1)' }, 'channel.base_url_invalid'],
    [{ ...base, type: 3 }, 'channel.base_url_required'],
    [{ ...base, status: 3 }, 'channel.status_invalid'],
  ])('refuses %j', (input, key) => {
    expect(keyOf(() => normaliseInput(input, 'create'))).toBe(key);
  });
  it('checks only the fields present on update', () => {
    expect(normaliseInput({ priority: -999 }, 'update')).toEqual({ priority: -999 });
    expect(normaliseInput({}, 'update')).toEqual({});
    expect(keyOf(() => normaliseInput({ name: ' ' }, 'update'))).toBe('channel.name_required');
    expect(keyOf(() => normaliseInput({ models: [] }, 'update'))).toBe('channel.models_required');
  });
});

describe('abilities', () => {
  it('one row per group × model, enabled only when the status is 1', () => {
    const rows = abilityRows({ id: 7, models: 'a,b', group: 'g1,g2', status: 1, priority: 3, weight: 2, tag: 't' });
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({ group: 'g1', model: 'a', channel_id: 7, enabled: true, priority: 3, weight: 2, tag: 't' });
    expect(abilityRows({ id: 7, models: 'a', group: '', status: 3, priority: 0, weight: 0, tag: '' })).toEqual([
      { group: 'default', model: 'a', channel_id: 7, enabled: false, priority: 0, weight: 0, tag: null },
    ]);
  });
  it('records the auto-disable reason beside other keys', () => {
    expect(JSON.parse(withStatusReason('{"x":1}', 'why', 5))).toEqual({ x: 1, status_reason: 'why', status_time: 5 });
    expect(JSON.parse(withStatusReason('', 'why', 5))).toEqual({ status_reason: 'why', status_time: 5 });
  });
});

describe('auto-disable decision (reference §3.7)', () => {
  const kw = ['You exceeded your current quota'];
  it.each([
    [{ status: 401, message: 'x' }, 1, true],
    [{ status: 403, message: 'x' }, 24, true],
    [{ status: 403, message: 'x' }, 1, false],
    [{ status: 400, code: 'invalid_api_key', message: 'x' }, 1, true],
    [{ status: 429, type: 'insufficient_quota', message: 'x' }, 1, true],
    [{ status: 429, message: 'you exceeded your current QUOTA, please…' }, 1, true],
    [{ status: 500, message: 'server error' }, 1, false],
    [{ status: 400, code: 'INVALID_ARGUMENT', message: 'API key not valid. Please pass a valid API key.' }, 24, true],
    [{ status: 400, code: 'INVALID_ARGUMENT', message: 'Invalid JSON payload received.' }, 24, false],
    [{ status: 400, message: 'API key not valid.' }, 1, false],
    [{ message: 'timeout', local: true, status: 401 }, 1, false],
  ])('%j on type %i → %s', (f, type, expected) => {
    expect(shouldDisableChannel(f, type, kw)).toBe(expected);
  });

  const args = {
    status: 1, autoBan: true, failure: null, elapsedMs: 100, thresholdSeconds: 5, autoDisableEnabled: false,
    autoEnableEnabled: false, channelType: 1, keywords: [],
  };
  it('test-all outcomes', () => {
    expect(testOutcome(args)).toBeNull();
    expect(testOutcome({ ...args, elapsedMs: 6000 })).toBe('disable'); // slow: regardless of the switch
    expect(testOutcome({ ...args, elapsedMs: 6000, thresholdSeconds: 0 })).toBeNull();
    expect(testOutcome({ ...args, elapsedMs: 6000, autoBan: false })).toBeNull();
    expect(testOutcome({ ...args, failure: { status: 401, message: '' } })).toBeNull(); // switch off
    expect(testOutcome({ ...args, failure: { status: 401, message: '' }, autoDisableEnabled: true })).toBe('disable');
    expect(testOutcome({ ...args, status: 3 })).toBeNull();
    expect(testOutcome({ ...args, status: 3, autoEnableEnabled: true })).toBe('enable');
    expect(testOutcome({ ...args, status: 3, autoEnableEnabled: true, elapsedMs: 9000 })).toBeNull();
    expect(testOutcome({ ...args, status: 2, autoEnableEnabled: true })).toBeNull(); // manual stays off
  });
});

describe('test model', () => {
  it('asked → test_model → first model → gpt-4o-mini, then mapped', () => {
    const ch = { test_model: '', models: 'm1,m2', model_mapping: '{"m1":"up-1"}' };
    expect(testModelFor(ch)).toEqual({ model: 'm1', upstream: 'up-1' });
    expect(testModelFor({ ...ch, test_model: 'tm' })).toEqual({ model: 'tm', upstream: 'tm' });
    expect(testModelFor(ch, ' asked ')).toEqual({ model: 'asked', upstream: 'asked' });
    expect(testModelFor({ test_model: '', models: '', model_mapping: '' }).model).toBe('gpt-4o-mini');
  });
  it('knows embedding models and token limits', () => {
    expect(isEmbeddingModel('text-embedding-3-small', 1)).toBe(true);
    expect(isEmbeddingModel('gpt-4o', 1)).toBe(false);
    expect(isEmbeddingModel('BAAI/bge-large', 1)).toBe(true);
    expect(isEmbeddingModel('anything', 44)).toBe(true);
    expect(testTokenLimit('o3-mini')).toEqual({ field: 'max_completion_tokens', value: 10 });
    expect(testTokenLimit('gpt-4o')).toEqual({ field: 'max_tokens', value: 10 });
    expect(testTokenLimit('gemini-2.5-pro')).toEqual({ field: 'max_tokens', value: 300 });
  });
});
