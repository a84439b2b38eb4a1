// The entity list is explicit (no folder discovery), so check that it is complete and that table names don't clash.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entities } from './entities.js';

const here = dirname(fileURLToPath(import.meta.url));

function entityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? entityFiles(join(dir, d.name)) : d.name.endsWith('.entity.ts') ? [join(dir, d.name)] : [],
  );
}

describe('entity list', () => {
  it('has unique entity names and unique table names', () => {
    const names = entities.map((e) => e.meta.className);
    const tables = entities.map((e) => e.meta.tableName);
    expect(tables.every((t) => typeof t === 'string' && t.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(tables).size).toBe(tables.length);
  });

  it('lists every entity defined in a *.entity.ts file under daemon/modules', async () => {
    const files = entityFiles(here);
    expect(files.length).toBeGreaterThan(0);
    const listed = new Set<unknown>(entities);
    const missing: string[] = [];
    for (const file of files) {
      const mod = (await import(file)) as Record<string, unknown>;
      const exported = Object.entries(mod).filter(([k]) => k.endsWith('Entity'));
      expect(exported.length, `${relative(here, file)} exports no *Entity`).toBeGreaterThan(0);
      for (const [k, v] of exported) if (!listed.has(v)) missing.push(`${relative(here, file)}: ${k}`);
      // Entities must stay driver-neutral (architecture §4.4).
      expect(readFileSync(file, 'utf8')).not.toMatch(/from '@mikro-orm\/(sqlite|postgresql|better-sqlite|libsql|mysql)'/);
    }
    expect(missing).toEqual([]);
  });
});
