// The migration lists per driver, fed to MikroORM as `migrationsList` (no folder discovery: stack.md pitfall 5).
import type { MigrationObject } from '@mikro-orm/core';
import { migrations as sqlite } from './sqlite/index.js';
import { migrations as postgresql } from './postgresql/index.js';

export const migrationsFor = (kind: 'sqlite' | 'postgresql'): MigrationObject[] => (kind === 'sqlite' ? sqlite : postgresql);
