// Opens MikroORM on SQLite (embedded, default) or PostgreSQL, from the same entity definitions, and applies
// pending migrations. Driver packages are imported lazily so a SQLite install never loads pg and vice versa, and the
// migrator only when the database lacks one of this build's migrations.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MikroORM, Options } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/knex';
import type { IMigrator } from '@mikro-orm/core';
import type { GatewayConfig } from '../../config/schema.js';
import { entities } from '../modules/entities.js';
import { loadMigrations, migrationNames } from '../../migrations/index.js';

export type DbKind = 'sqlite' | 'postgresql';
export type Orm = MikroORM & { em: EntityManager };

export const dbKindOf = (config: Pick<GatewayConfig, 'database'>): DbKind =>
  config.database.url ? 'postgresql' : 'sqlite';

export const sqlitePath = (config: Pick<GatewayConfig, 'data_dir'>): string => join(config.data_dir, 'gateway.db');

export interface OrmTarget {
  kind: DbKind;
  /** SQLite file path, or PostgreSQL URL. */
  location: string;
  poolMax?: number;
  debug?: boolean;
}

export const targetOf = (config: GatewayConfig): OrmTarget => {
  const kind = dbKindOf(config);
  if (kind === 'sqlite') mkdirSync(config.data_dir, { recursive: true });
  return {
    kind,
    location: kind === 'sqlite' ? sqlitePath(config) : config.database.url,
    poolMax: config.database.pool_max,
    debug: config.database.debug,
  };
};

const MIGRATIONS_TABLE = 'mikro_orm_migrations';

export function ormOptions(t: OrmTarget): Options {
  const common: Options = {
    entities,
    debug: t.debug ?? false,
    allowGlobalContext: false,
    forceUndefined: false,
    migrations: {
      tableName: MIGRATIONS_TABLE,
      // Filled by migratorFor() when a migration is to run or be listed.
      migrationsList: [],
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
  };
  if (t.kind === 'sqlite') {
    return {
      ...common,
      dbName: t.location,
      pool: {
        min: 1,
        max: 1,
        // WAL + busy timeout: a CLI command and the daemon can share the file (architecture §4.7).
        afterCreate: (conn: SqliteConn, done: (err: Error | null, conn: SqliteConn) => void) => {
          conn.serialize(() => {
            conn.run('PRAGMA journal_mode = WAL');
            conn.run('PRAGMA busy_timeout = 5000');
            conn.run('PRAGMA synchronous = NORMAL');
            // Statement journals and sort/temp b-trees in memory: a batched log insert inside a transaction would
            // otherwise create, write and delete a temporary file several times a second.
            conn.run('PRAGMA temp_store = MEMORY');
            conn.run('PRAGMA foreign_keys = ON', (err: Error | null) => done(err, conn));
          });
        },
      },
    };
  }
  return { ...common, clientUrl: t.location, pool: { min: 0, max: t.poolMax ?? 20 } };
}

interface SqliteConn {
  serialize(fn: () => void): void;
  run(sql: string, cb?: (err: Error | null) => void): void;
}

export async function openOrm(t: OrmTarget, opts: { migrate?: boolean } = {}): Promise<Orm> {
  const options = ormOptions(t);
  const orm =
    t.kind === 'sqlite'
      ? await (await import('@mikro-orm/sqlite')).MikroORM.init(options as never)
      : await (await import('@mikro-orm/postgresql')).MikroORM.init(options as never);
  if ((opts.migrate ?? true) && (await pendingMigrationNames(orm as unknown as Orm, t.kind)).length) await (await migratorFor(orm as unknown as Orm, t.kind)).up();
  return orm as unknown as Orm;
}

/** This build's migrations that the database has not run; all of them when it has no migrations table yet. */
export async function pendingMigrationNames(orm: Orm, kind: DbKind): Promise<string[]> {
  let done: Set<string>;
  try {
    const rows = await orm.em.getConnection().execute<{ name: string }[]>(`select name from ${MIGRATIONS_TABLE}`);
    done = new Set(rows.map((r: { name: string }) => r.name));
  } catch {
    return [...migrationNames(kind)];
  }
  return migrationNames(kind).filter((n) => !done.has(n));
}

/** MikroORM's migrator with this build's migrations (loads @mikro-orm/migrations on first use). */
export async function migratorFor(orm: Orm, kind: DbKind): Promise<IMigrator> {
  const options = orm.config.get('migrations');
  if (!options.migrationsList?.length) {
    options.migrationsList = await loadMigrations(kind);
    const { Migrator } = await import('@mikro-orm/migrations');
    Migrator.register(orm);
  }
  return orm.getMigrator();
}
