// Billing is a pure module (architecture §4.2, §4.9): no ORM, Fastify, undici, clock or randomness inside.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('daemon/billing purity', () => {
  it.each(files)('%s imports only itself, the contract, node:module and gpt-tokenizer', (f) => {
    const src = readFileSync(join(dir, f), 'utf8');
    for (const [, spec] of src.matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      expect(/^\.\/[\w.-]+\.js$/.test(spec) || /^\.\.\/contract\/[\w.-]+\.js$/.test(spec) || spec === 'node:module', `${f}: ${spec}`).toBe(true);
    }
    expect(src).not.toMatch(/Date\.now|new Date\(|Math\.random|performance\.now/);
  });
});
