import { readFileSync } from 'node:fs';
import type { Database } from '../../db/client';
import type { LlmGateway } from '../../engines/llm';

const version = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const startedAt = Date.now();

// Load balancers and monitors poll this; the database is pinged at most once a second, whatever the
// request rate, so the route stays as cheap as a bare route while still noticing a lost database.
const PING_INTERVAL_MS = 1000;
const pings = new WeakMap<Database, { at: number; ok: Promise<boolean> }>();

function ping(db: Database): Promise<boolean> {
  const last = pings.get(db);
  if (last && Date.now() - last.at < PING_INTERVAL_MS) return last.ok;
  const ok = db.sql('select 1').then(
    () => true,
    () => false,
  );
  pings.set(db, { at: Date.now(), ok });
  return ok;
}

export async function health(db: Database, llm: Pick<LlmGateway, 'models'>) {
  const status: 'ok' | 'degraded' = (await ping(db)) ? 'ok' : 'degraded';
  // Which models answer, never the endpoint's address or key.
  const models = llm.models();
  return {
    status,
    database: db.engine,
    version,
    uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
    model: { configured: Object.values(models).some((m) => m !== null), models },
  };
}
