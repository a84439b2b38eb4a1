// A fresh, empty database for one test file: a new SQLite file, or a new PostgreSQL database on 127.0.0.1:5432.
// The driver comes from GATEWAY_TEST_DB (set per vitest project), so every DB suite runs on both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgAdminQuery } from '../../daemon/db/pg-admin.js';
import type { DbKind, OrmTarget } from '../../daemon/app/orm.js';

export const PG_ADMIN_URL = process.env.GATEWAY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const testDbKind = (): DbKind => (process.env.GATEWAY_TEST_DB === 'postgresql' ? 'postgresql' : 'sqlite');

export interface TestDb {
  kind: DbKind;
  target: OrmTarget;
  /** Data directory for this test (SQLite file, session secret). */
  dataDir: string;
  /** Value for config database.url ('' for SQLite). */
  url: string;
  drop(): Promise<void>;
}

export async function freshDb(kind: DbKind = testDbKind()): Promise<TestDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-test-'));
  if (kind === 'sqlite') {
    return {
      kind,
      dataDir,
      url: '',
      target: { kind, location: join(dataDir, 'gateway.db') },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    kind,
    dataDir,
    url,
    target: { kind, location: url, poolMax: 5 },
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const adminQuery = (sql: string) => pgAdminQuery(PG_ADMIN_URL, sql);
