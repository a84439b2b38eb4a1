import { describe, expect, it } from 'vitest';
import { RESOURCES, type Tree } from './resources';

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((out, [k, v]) => {
    if (typeof v === 'string') out[prefix + k] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
    return out;
  }, {});

const zh = flatten(RESOURCES['zh-CN']);
const en = flatten(RESOURCES['en-US']);
// Every source file as text, to find the literal keys passed to t().
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('translations', () => {
  it('have the same keys in Chinese and English, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries({ ...zh, ...en }).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('cover every literal key used in the source', () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
  });

  it('are really translated: the Chinese texts are Chinese', () => {
    const same = Object.keys(zh).filter((k) => zh[k] === en[k] && !k.startsWith('language.') && k !== 'notFound.title');
    expect(same).toEqual([]);
  });
});
