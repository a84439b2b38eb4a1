// The migrations per driver, fed to MikroORM as `migrationsList` (no folder discovery: stack.md pitfall 5). Their
// names are known without loading their code, so a start with nothing to apply never loads @mikro-orm/migrations
// (umzug and its command-line packages: ~3 MB of every serving process's heap).
import type { MigrationObject } from '@mikro-orm/core';
import { names as sqlite } from './sqlite/names.js';
import { names as postgresql } from './postgresql/names.js';

export type MigrationDriver = 'sqlite' | 'postgresql';

/** The names of the driver's migrations, oldest first. */
export const migrationNames = (kind: MigrationDriver): readonly string[] => (kind === 'sqlite' ? sqlite : postgresql);

/** The driver's migrations with their classes (loads @mikro-orm/migrations). */
export const loadMigrations = async (kind: MigrationDriver): Promise<MigrationObject[]> =>
  (kind === 'sqlite' ? await import('./sqlite/index.js') : await import('./postgresql/index.js')).migrations;
