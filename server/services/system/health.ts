import { readFileSync } from 'node:fs';
import type { Database } from '../../db/client';

const version = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const startedAt = Date.now();

export async function health(db: Database) {
  let status: 'ok' | 'degraded' = 'ok';
  try {
    await db.sql('select 1');
  } catch {
    status = 'degraded';
  }
  return { status, database: db.engine, version, uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000) };
}
