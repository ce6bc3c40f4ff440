import pino from 'pino';
import { inlineCompute } from '../compute';
import { databaseOptions, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createRuntime, type Runtime } from '../runtime';
import { safeError } from '../safe-error';

/**
 * Opens the configured database (applying migrations), runs `fn` on the CLI's runtime (engines in this thread,
 * logs as JSON on stderr), closes it. With the embedded database held by a running server, the command goes
 * through the server's local socket.
 */
export async function withDatabase<T>(fn: (runtime: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = await openDatabase({
    ...databaseOptions(config),
    poolSize: 2,
    socket: 'connect-when-busy',
  });
  try {
    const log = pino({ level: config.LOG_LEVEL, base: { role: 'cli' }, serializers: { err: safeError } }, pino.destination(2));
    return await fn(createRuntime({ config, db, log, compute: inlineCompute() }));
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
