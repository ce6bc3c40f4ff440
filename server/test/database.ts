import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { migratedTemplate } from './database-template';

// One fresh database per test file: in-memory PGlite by default, or, when TEST_DATABASE_URL points at a
// PostgreSQL server whose role may create databases, a new database there that is dropped on close.
// (A database rather than a schema: drizzle-kit qualifies foreign keys with "public".)
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ memory: true, loadDataDir: await migratedTemplate() });

  const fresh = await createTestDatabase(serverUrl);
  const db = await openDatabase({ databaseUrl: fresh.url, poolSize: 5 });
  return {
    ...db,
    close: async () => {
      await db.close();
      await fresh.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server `serverUrl` names (its role may create databases): its URL,
 * for this process or for server processes a test starts, and `drop`, which ends whatever is still connected.
 * Without a server (TEST_DATABASE_URL unset) the test fails saying how to get one: it never skips.
 */
export async function createTestDatabase(serverUrl: string | undefined): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) {
    throw new Error(
      'This test needs PostgreSQL: set TEST_DATABASE_URL to a server whose role may create databases, e.g. ' +
        'TEST_DATABASE_URL="$(sh scripts/ci-postgres.sh | tail -n 1)" npm run test:pg',
    );
  }
  const name = `moyan_test_${randomBytes(6).toString('hex')}`;
  await queryOnce(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    // WITH (FORCE) cannot end an autovacuum worker (a superuser's process) on PostgreSQL 15: after a large import
    // one may hold the database for a while, so the drop waits for it (42501) up to a minute.
    for (let waited = 0; ; waited += 1000) {
      try {
        await queryOnce(serverUrl, `drop database if exists ${name} with (force)`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '42501' || waited >= 60_000) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  return { url: url.toString(), drop };
}

/** One statement on its own connection to `url` (a test's look at a server it holds no pool for): its rows. */
export async function queryOnce<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
