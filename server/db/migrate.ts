import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

interface Journal {
  entries: Array<{ tag: string; when: number }>;
}

/**
 * This release's migrations in order, each by the time drizzle records as its `created_at` in
 * drizzle.__drizzle_migrations (and by which it decides what is pending; the hash it records is not compared).
 */
export function migrationTimes(): number[] {
  return readJournal(migrationsFolder).entries.map((e) => e.when);
}

function readJournal(folder: string): Journal {
  return JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/**
 * Runs `fn` with a migrations folder holding only the first `count` migrations, as an older release shipped them:
 * a backup is loaded into the schema it was taken from, and the upgrade test builds a database of an old release.
 */
export async function withMigrationsUpTo<T>(count: number, fn: (folder: string) => Promise<T>): Promise<T> {
  const journal = readJournal(migrationsFolder);
  if (count < 1 || count > journal.entries.length) throw new Error(`没有第 ${count} 个迁移（本版本共 ${journal.entries.length} 个）`);
  const folder = mkdtempSync(join(tmpdir(), 'moyan-migrations-'));
  try {
    const entries = journal.entries.slice(0, count);
    for (const { tag } of entries) cpSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
    cpSync(join(migrationsFolder, 'meta'), join(folder, 'meta'), { recursive: true });
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    return await fn(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// Any number of API and worker processes may start together against one PostgreSQL database; an
// advisory lock lets exactly one of them apply pending migrations while the others wait.
const MIGRATION_LOCK = 724_100_401;

export async function migratePostgres(pool: pg.Pool, folder = migrationsFolder): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function migrateEmbedded(client: PGlite, folder = migrationsFolder): Promise<void> {
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
}
