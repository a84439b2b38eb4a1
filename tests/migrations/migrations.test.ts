// Every migration of the driver under test (GATEWAY_TEST_DB) applied to an empty database must give exactly the
// schema the entities describe; re-running is a no-op; and a conditional quota debit never overdraws under concurrency.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { raw } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorFor, openOrm, pendingMigrationNames, type Orm } from '../../daemon/app/orm.js';
import { entities } from '../../daemon/modules/entities.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { loadMigrations, migrationNames } from '../../migrations/index.js';
import { freshDb, type TestDb } from '../helpers/db.js';

const EXPECTED_TABLES = [
  'abilities',
  'agent_options',
  'agents',
  'cache_changes',
  'cache_epochs',
  'channels',
  'invoices',
  'logs',
  'midjourneys',
  'options',
  'quota_data',
  'redemptions',
  'sessions',
  'settlements',
  'setups',
  'tasks',
  'tokens',
  'top_ups',
  'users',
  'verifications',
];

let db: TestDb;
let orm: Orm;

beforeAll(async () => {
  db = await freshDb();
  orm = await openOrm(db.target, { migrate: true });
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

async function tableNames(): Promise<string[]> {
  const conn = orm.em.getConnection();
  const rows: { name: string }[] =
    db.kind === 'sqlite'
      ? await conn.execute(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
      : await conn.execute(`select table_name as name from information_schema.tables where table_schema = 'public'`);
  return rows.map((r) => r.name).sort();
}

describe(`migrations (${process.env.GATEWAY_TEST_DB ?? 'sqlite'})`, () => {
  it('sqlite and postgresql have the same migrations, in the same order', () => {
    const names = (kind: 'sqlite' | 'postgresql') => migrationNames(kind).map((n) => n.replace(/^Migration\d{14}_?/, ''));
    expect(names('sqlite').length).toBeGreaterThan(0);
    expect(names('sqlite')).toEqual(names('postgresql'));
  });

  it('names.ts lists exactly the migrations of index.ts, for both drivers', async () => {
    for (const kind of ['sqlite', 'postgresql'] as const) expect((await loadMigrations(kind)).map((m) => m.name)).toEqual(migrationNames(kind));
  });

  it('leaves no difference between the migrated schema and the entities', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('creates every entity table', async () => {
    const tables = await tableNames();
    for (const t of EXPECTED_TABLES) expect(tables).toContain(t);
    const entityTables = entities.map((e) => e.meta.tableName).sort();
    expect(entityTables).toEqual(EXPECTED_TABLES);
    expect(tables).toContain('mikro_orm_migrations');
  });

  it('is idempotent: a second up() applies nothing', async () => {
    expect(await pendingMigrationNames(orm, db.kind)).toEqual([]);
    const migrator = await migratorFor(orm, db.kind);
    expect(await migrator.up()).toEqual([]);
    expect(await migrator.getPendingMigrations()).toEqual([]);
    const executed = await migrator.getExecutedMigrations();
    expect(executed.map((m) => m.name)).toEqual(migrationNames(db.kind));
  });

  it('opening an up-to-date database does not load the migrator; a new one does', async () => {
    const child = async (target: TestDb['target']) => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', new URL('./open-orm-child.ts', import.meta.url).pathname, JSON.stringify(target)]);
      return JSON.parse(stdout) as { migratorLoaded: boolean };
    };
    expect(await child(db.target)).toEqual({ migratorLoaded: false });
    const fresh = await freshDb();
    try {
      expect(await child(fresh.target)).toEqual({ migratorLoaded: true });
      // ...and that first open applied every migration.
      expect(await child(fresh.target)).toEqual({ migratorLoaded: false });
    } finally {
      await fresh.drop();
    }
  }, 60_000);

  it('20 concurrent conditional debits of 7 on quota 100: 14 succeed, 2 left, never negative', async () => {
    const em = orm.em.fork();
    const user = em.create(UserEntity, { username: 'race', password: 'x', quota: 100 });
    await em.flush();
    const id = user.id;

    const debit = async (): Promise<number> => {
      const res = await orm.em
        .fork()
        .createQueryBuilder(UserEntity)
        .update({ quota: raw('quota - ?', [7]) })
        .where({ id, quota: { $gte: 7 } })
        .execute('run');
      return (res as { affectedRows: number }).affectedRows;
    };
    const results = await Promise.all(Array.from({ length: 20 }, debit));

    expect(results.filter((n) => n === 1)).toHaveLength(14);
    expect(results.filter((n) => n === 0)).toHaveLength(6);
    const after = await orm.em.fork().findOneOrFail(UserEntity, { id });
    expect(after.quota).toBe(100 - 14 * 7);
  });
});
