// Replays the consumer pacts (contracts/pacts/*.json) against a provider.
//   npm run pact:verify                                   our app in-process, in-memory PGlite, random port
//   npm run pact:verify -- --provider-base-url URL [--database-url PG_URL]
//                                                         any running server; the provider states are
//                                                         seeded into its PostgreSQL (DATABASE_URL)
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Verifier } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Deps } from '../server/context';
import { type Database, openDatabase } from '../server/db/client';
import { providerStates } from './provider-states';

process.env.PACT_DO_NOT_TRACK = 'true';

const { values } = parseArgs({
  options: {
    'provider-base-url': { type: 'string' },
    'database-url': { type: 'string' },
    'pact-dir': { type: 'string', default: 'contracts/pacts' },
  },
});

const pactDir = resolve(values['pact-dir'] ?? 'contracts/pacts');
const pactUrls = readdirSync(pactDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => resolve(pactDir, f));
if (pactUrls.length === 0) {
  console.error(`No pact files in ${pactDir}; run npm run test:contract first`);
  process.exit(1);
}

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  JOBS_IN_PROCESS: 'false',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  POLL_RATE_LIMIT_PER_MINUTE: '10000',
  API_RATE_LIMIT_PER_MINUTE: '10000',
  // The order pacts pay through the sandbox, whatever HOST the environment names.
  PAYMENT_SANDBOX: 'on',
});

let db: Database;
let app: FastifyInstance | undefined;
let providerBaseUrl = values['provider-base-url'];
if (providerBaseUrl) {
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('The provider states seed the server’s database: pass --database-url or set DATABASE_URL');
    process.exit(1);
  }
  db = await openDatabase({ databaseUrl, poolSize: 2 });
} else {
  db = await openDatabase({ memory: true });
  app = await buildApp({ config: { ...config, PUBLIC_BASE_URL: 'http://127.0.0.1:8080' }, db });
  providerBaseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
}

const deps: Deps = { db, config, now: () => new Date() };
let failed = false;
try {
  await new Verifier({
    provider: 'moyan-api',
    providerBaseUrl,
    pactUrls,
    stateHandlers: providerStates(deps),
    logLevel: 'warn',
  }).verifyProvider();
  console.log(`Pact verification passed against ${providerBaseUrl} (${pactUrls.length} pact file(s))`);
} catch (error) {
  failed = true;
  console.error(`Pact verification failed against ${providerBaseUrl}: ${failedInteractions(error)}`);
} finally {
  await app?.close();
  await db.close();
}
process.exit(failed ? 1 : 0);

// The verifier already printed the detailed report; name the failing interactions once more.
function failedInteractions(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  try {
    const report = JSON.parse(message) as { interactionResults?: Array<{ description: string; result: string }> };
    const failing = (report.interactionResults ?? []).filter((r) => r.result !== 'OK').map((r) => r.description);
    if (failing.length > 0) return failing.join('; ');
  } catch {
    // not a JSON report: print it as it is
  }
  return message;
}
