import { describe, expect, it } from 'vitest';
import { applyParamOverride } from './param-override.js';

describe('applyParamOverride', () => {
  it('sets and replaces top-level keys, keeping the rest', () => {
    expect(applyParamOverride({ model: 'm', temperature: 1, messages: [] }, { temperature: 0.2, top_p: 0.9 })).toEqual({
      model: 'm', temperature: 0.2, messages: [], top_p: 0.9,
    });
  });
  it('may set the upstream model too, without changing the input object', () => {
    const body = { model: 'm' };
    expect(applyParamOverride(body, { model: 'x' })).toEqual({ model: 'x' });
    expect(body).toEqual({ model: 'm' });
    expect(applyParamOverride(body, null)).toBe(body);
  });
});
