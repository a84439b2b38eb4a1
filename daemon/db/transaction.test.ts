// The product's code never calls the MikroORM methods that enter an AsyncLocalStorage (transaction.ts says why):
// em.transactional, em.flush (and persistAndFlush), em.findAndCount. A use added later fails here, with its place.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FORBIDDEN = /\.(transactional|flush|persistAndFlush|removeAndFlush|findAndCount)\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === '__fixtures__' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('no AsyncLocalStorage through MikroORM', () => {
  it('daemon and CLI code uses inTransaction() and native writes only', () => {
    const found: string[] = [];
    for (const file of [...sources(join(root, 'daemon')), ...sources(join(root, 'cli'))]) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/^\s*(\/\/|\*)/.test(line)) return; // comments may name them
        // the usage writer's own flush() and other non-ORM flushes are fine: only entity-manager receivers count
        if (FORBIDDEN.test(line) && /\b(em|tx|fork\(\)|this\.em|d\.em|deps\.em)\s*\.\s*(transactional|flush|persistAndFlush|removeAndFlush|findAndCount)\(/.test(line))
          found.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
