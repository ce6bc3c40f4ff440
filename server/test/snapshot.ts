import { expect } from 'vitest';
import type { Executor } from '../db/client';

const tables = ['users', 'access_tokens', 'qr_sessions', 'packages', 'orders', 'ledger_entries', 'tasks'] as const;

/** Every row of the tables a request could change. */
export async function snapshot(db: Executor): Promise<Record<string, unknown[]>> {
  const entries: Array<[string, unknown[]]> = [];
  for (const table of tables) {
    entries.push([table, await db.sql(`select * from ${table} order by 1`)]);
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
