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
    await db.sql<{ name: string; columns: number }>(
      `select t.table_name as name, count(c.column_name)::int as columns
       from information_schema.tables t join information_schema.columns c using (table_schema, table_name)
       where t.table_schema = current_schema() and t.table_type = 'BASE TABLE' group by 1 order by 1`,
    )
  ).filter(({ name }) => !NOT_STORED.includes(name));
  const entries: Array<[string, unknown[]]> = [];
  for (const { name, columns } of tables) {
    // Ordered by up to its first three columns (a table may have fewer).
    const order = Array.from({ length: Math.min(3, columns) }, (_, i) => i + 1).join(', ');
    entries.push([name, await db.sql(`select * from "${name}" order by ${order}`)]);
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
