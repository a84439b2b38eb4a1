// One statement on a PostgreSQL maintenance connection (CREATE/DROP DATABASE cannot run in a pool's transaction).
import pg from 'pg';

export async function pgAdminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
