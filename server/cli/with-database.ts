import { loadConfig } from '../config';
import type { Deps } from '../context';
import { type Database, openDatabase } from '../db/client';

/**
 * Opens the configured database (applying migrations), runs `fn`, closes it. With the embedded
 * database held by a running server, the command goes through the server's local socket.
 */
export async function withDatabase<T>(fn: (deps: Deps & { db: Database }) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
    socket: 'connect-when-busy',
  });
  try {
    return await fn({ db, config, now: () => new Date() });
  } finally {
    await db.close();
  }
}

/** Parses a non-negative integer option (amounts in fen, counts). */
export function fen(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100_000_000) throw new Error(`不是有效的金额（分）：${value}`);
  return n;
}

export function yuan(amountFen: number): string {
  return (amountFen / 100).toFixed(2);
}
