import { expect } from 'vitest';
import type { Executor } from '../db/client';

// Counters of requests, not anything a request stores: a refused request counts towards its rate limit.
const NOT_STORED = ['rate_limit_windows'];

/**
 * Every row of every table of the schema (a table added later is covered without a list to update), but the rate
 * limits' counters.
 */
export async function snapshot(db: Executor): Promise<Record<string, unknown[]>> {
  const tables = (
    await db.sql<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )
  ).filter(({ name }) => !NOT_STORED.includes(name));
  const entries: Array<[string, unknown[]]> = [];
  for (const { name } of tables) {
    entries.push([name, await db.sql(`select * from "${name}" order by 1, 2, 3`)]);
  }
  return Object.fromEntries(entries);
}

/** Runs `action` and asserts that no stored row changed. */
export async function expectNoChange<T>(db: Executor, action: () => Promise<T>): Promise<T> {
  const before = await snapshot(db);
  const result = await action();
  expect(await snapshot(db)).toEqual(before);
  return result;
}
