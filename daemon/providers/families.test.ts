// The contract's channel-type table (shared with the console) and the registry of provider families must agree:
// the console marks a type "not relayed" from the table, the relay refuses it from the registry.
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../contract/channel-types.js';
import { families, familyFor } from './registry.js';
import { modelsUrl, OPENAI_TYPES } from './openai/vendors.js';

describe('channel types ⇄ provider families', () => {
  it('every type is relayed by exactly the family the contract names (or by none)', () => {
    const mismatches = CHANNEL_TYPES.filter((t) => (familyFor(t.id)?.id ?? null) !== t.family).map((t) => `${t.id}: contract ${t.family}, registry ${familyFor(t.id)?.id ?? null}`);
    expect(mismatches).toEqual([]);
  });

  it('no family claims a type the contract does not list', () => {
    const known = new Set(CHANNEL_TYPES.map((t) => t.id));
    expect(families.flatMap((f) => f.channelTypes).filter((id) => !known.has(id))).toEqual([]);
  });

  it('the OpenAI-compatible vendor rows are exactly the contract rows of the openai family', () => {
    expect([...OPENAI_TYPES].sort((a, b) => a - b)).toEqual(CHANNEL_TYPES.filter((t) => t.family === 'openai').map((t) => t.id));
  });

  it('an openai-family type offers a model list exactly when its vendor row says where it is', () => {
    for (const t of CHANNEL_TYPES.filter((x) => x.family === 'openai'))
      expect(modelsUrl(t.id, 'http://h', '') !== null, String(t.id)).toBe(t.fetch_models);
  });
});
