// Code a relayed call runs never writes an object literal whose spread is followed by named properties
// (`{ ...a, key: v }`): on Node 20 each such property takes a V8 slow path, about 0.7 µs each when `a` was itself
// built by a literal; the consumption log's `{ ...facts, 13 more }` cost 11 µs a call. `Object.assign({}, a, { key:
// v })` does the same in tens of nanoseconds (a spread alone, or spreads only, are fast). A use added later fails
// here, with its place.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HOT = ['daemon/relay', 'daemon/providers', 'daemon/billing', 'daemon/modules/wallet', 'daemon/app/cache'];
/** `{ ...expr, name:` / `{ ...expr, 'name':`, on one line or across lines. */
const SPREAD_THEN_PROPERTY = /\{\s*\.\.\.[^{},;]+,\s*(['"][^'"]+['"]|[A-Za-z_$][\w$]*)\s*:/g;
const uncommented = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('object shapes on the relay path', () => {
  it('the pattern is recognised', () => {
    const hits = (text: string) => [...text.matchAll(SPREAD_THEN_PROPERTY)].length;
    expect(hits('const o = { ...facts, quota: 1 };')).toBe(1);
    expect(hits("headers: { ...auth, 'content-type': 'x' },")).toBe(1);
    expect(hits('log({\n  ...facts,\n  isStream: true,\n});')).toBe(1);
    expect(hits('const o = { ...a, ...b };')).toBe(0);
    expect(hits('const o = { type, ...body };')).toBe(0);
    expect(hits('f({ ...a }, { key: 1 });')).toBe(0);
  });

  it('no spread followed by named properties in code a relayed call runs', () => {
    const found: string[] = [];
    for (const dir of HOT)
      for (const file of sources(join(root, dir))) {
        const text = uncommented(readFileSync(file, 'utf8'));
        for (const m of text.matchAll(SPREAD_THEN_PROPERTY))
          found.push(`${relative(root, file)}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`);
      }
    expect(found).toEqual([]);
  });
});
