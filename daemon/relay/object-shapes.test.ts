// Code a relayed call runs never writes an object literal whose spread is followed by named properties
// (`{ ...a, key: v }`): on Node 20 each such property takes a V8 slow path, about 0.7 µs each when `a` was itself
// built by a literal; the consumption log's `{ ...facts, 13 more }` cost 11 µs a call. `Object.assign({}, a, { key:
// v })` does the same in tens of nanoseconds (a spread alone, or spreads only, are fast). A use added later fails
// here, with its place.
//
// Nor does it define an accessor on an object literal (`{ get x() { … } }`, or Object.defineProperty with `get`):
// each such object, its getter closing over the call, gets its own hidden class in old space, and those keep every
// object the call reaches alive through young-generation GCs. Measured in the benchmark: 15-19 % of a call's
// allocation promoted instead of 1-3 %, and scavenges at 5 % of the time instead of 1.5 %. A class with a prototype
// getter costs nothing of the kind.
import ts from 'typescript';
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

  /** Accessors defined per object: getters/setters in object literals, and Object.defineProperty(…, { get/set }). */
  function perObjectAccessors(file: string, text: string): string[] {
    const src = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const out: string[] = [];
    const at = (n: ts.Node) => `${file}:${src.getLineAndCharacterOfPosition(n.getStart(src)).line + 1}: ${n.getText(src).split('\n')[0].slice(0, 60)}`;
    const visit = (n: ts.Node): void => {
      if ((ts.isGetAccessorDeclaration(n) || ts.isSetAccessorDeclaration(n)) && ts.isObjectLiteralExpression(n.parent)) out.push(at(n));
      if (
        ts.isCallExpression(n) && n.getText(src).startsWith('Object.defineProperty') &&
        n.arguments.some((a) => ts.isObjectLiteralExpression(a) && a.properties.some((p) => p.name && ['get', 'set'].includes(p.name.getText(src))))
      )
        out.push(at(n));
      ts.forEachChild(n, visit);
    };
    visit(src);
    return out;
  }

  it('the accessor rule is recognised', () => {
    expect(perObjectAccessors('a.ts', 'const o = { a: 1, get x() { return 2; } };')).toHaveLength(1);
    expect(perObjectAccessors('a.ts', 'f({ set y(v: number) {} });')).toHaveLength(1);
    expect(perObjectAccessors('a.ts', "Object.defineProperty(o, 'x', { get: () => 1 });")).toHaveLength(1);
    expect(perObjectAccessors('a.ts', 'class C { get x() { return 1; } }')).toHaveLength(0);
    expect(perObjectAccessors('a.ts', 'const o = { get: () => 1, x() { return 2; } };')).toHaveLength(0);
  });

  it('no accessor defined per object in code a relayed call runs', () => {
    const found: string[] = [];
    for (const dir of HOT)
      for (const file of sources(join(root, dir))) found.push(...perObjectAccessors(relative(root, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
