import { describe, expect, it } from 'vitest';
import { mayUseGroup, parseAllowGroups, parseModelsRatio, usableGroups } from './user-overrides.js';

describe('parseModelsRatio', () => {
  it('null for nothing listed: empty text, {}, or text that is not a JSON object', () => {
    for (const text of ['', '  ', '{}', '[1]', 'not json', '{"a":-1}']) expect(parseModelsRatio(text), text).toBeNull();
  });
  it('a table of the valid entries (0 included), as the site\'s ratio options are read', () => {
    expect([...parseModelsRatio('{"gpt-x":2,"free":0,"bad":"3","__proto__":1.5}')!]).toEqual([['gpt-x', 2], ['free', 0], ['__proto__', 1.5]]);
  });
});

describe('parseAllowGroups', () => {
  it('null when empty; names trimmed, blanks dropped', () => {
    expect(parseAllowGroups('')).toBeNull();
    expect(parseAllowGroups(' , ,')).toBeNull();
    expect([...parseAllowGroups(' gold, svip ,,gold')!]).toEqual(['gold', 'svip']);
  });
});

describe('usableGroups', () => {
  const labels = { own: 'Your group', allowed: 'Granted' };
  const listed = { default: 'Default', vip: 'VIP' };
  it('own first, then UserUsableGroups, then allow_groups; descriptions from UserUsableGroups when it has them', () => {
    expect([...usableGroups('mine', listed, new Set(['gold', 'vip']), labels)]).toEqual([
      ['mine', 'Your group'], ['default', 'Default'], ['vip', 'VIP'], ['gold', 'Granted'],
    ]);
    expect([...usableGroups('vip', listed, null, labels)]).toEqual([['vip', 'VIP'], ['default', 'Default']]);
  });
});

describe('mayUseGroup', () => {
  const listed = new Set(['default', 'vip']);
  it('own group, a UserUsableGroups group, or one of allow_groups', () => {
    expect(mayUseGroup('mine', 'mine', listed, null)).toBe(true);
    expect(mayUseGroup('vip', 'default', listed, null)).toBe(true);
    expect(mayUseGroup('gold', 'default', listed, null)).toBe(false);
    expect(mayUseGroup('gold', 'default', listed, new Set(['gold']))).toBe(true);
    expect(mayUseGroup('svip', 'default', listed, new Set(['gold']))).toBe(false);
  });
});
