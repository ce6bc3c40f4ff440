import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Orm } from './client';

/** How a connection takes COPY data: node-postgres streams it, PGlite reads it from a blob. */
export type CopyDriver = 'node-postgres' | 'pglite';

export interface CopyOptions {
  /**
   * COPY … FREEZE: the rows frozen and marked all-visible as they are written. Only into a table created or truncated at
   * the same transaction level, with no cursor open; snapshots taken before the commit see the rows too.
   */
  freeze?: boolean;
}

/** A value as a field of COPY's text format: NULL as \N; backslash, tab, newline and carriage return escaped. */
export function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * Runs COPY `table` (`columns`) FROM `rows` (pieces of COPY's text format, each whole lines) on the connection of a drizzle
 * transaction. drizzle keeps that connection as its session's client (node-postgres: the pool's client the
 * transaction holds; PGlite: its Transaction); the library tests on both databases exercise it.
 */
export async function copyRows(
  driver: CopyDriver,
  tx: Orm,
  table: string,
  columns: string[],
  rows: string[],
  { freeze = false }: CopyOptions = {},
): Promise<void> {
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  const statement = (source: string) => `copy ${table} (${columns.join(', ')}) from ${source}${freeze ? ' with (freeze)' : ''}`;
  if (driver === 'pglite') {
    await (client as Transaction).query(statement(`'/dev/blob'`), [], { blob: new Blob(rows) });
    return;
  }
  await pipeline(Readable.from(rows), (client as pg.PoolClient).query(copyFrom(statement('stdin'))));
}
