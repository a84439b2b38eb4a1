// The contract is shared with the console: it may import only typebox (and only in schemas.ts), and itself.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const importsOf = (f: string) =>
  [...readFileSync(join(dir, f), 'utf8').matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);

describe('daemon/contract', () => {
  it.each(files)('%s imports nothing but typebox and the contract itself', (f) => {
    for (const spec of importsOf(f)) expect(spec === 'typebox' || /^\.\/[\w.-]+\.js$/.test(spec), `${f}: ${spec}`).toBe(true);
  });
  it('only schemas.ts imports typebox, so the console can import the rest without it', () => {
    const users = files.filter((f) => importsOf(f).includes('typebox'));
    expect(users).toEqual(['schemas.ts']);
  });
});
