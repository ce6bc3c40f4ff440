import pino from 'pino';
import { type Config, databaseOptions, loadConfig } from './config';
import { openDatabase } from './db/client';
import { refuseToStart } from './process/refusal';
import { onShutdownSignal } from './process/shutdown';
import { startMetricsServer } from './metrics/server';
import { createRuntime } from './runtime';
import { safeError } from './safe-error';
import { startPaymentSync } from './services/orders/sync';
import { paymentProviders } from './services/payments/providers';
import { loadJobHandlers } from './services/tasks/registry';
import { JobRunner } from './services/tasks/runner';
import { poolCompute } from './workers/compute';
import { closeWorkerPool } from './workers/pool';

// `npm run worker`: job runners as a separate process on the same PostgreSQL database as the API
// (start the API with JOBS_IN_PROCESS=false, or keep both: runners share the queue safely).
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  refuseToStart(error);
}
const log = pino({ level: config.LOG_LEVEL, base: { role: 'worker', pid: process.pid }, serializers: { err: safeError } });
if (!config.DATABASE_URL) {
  log.error('npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, jobs run inside npm start');
  process.exit(1);
}
const db = await openDatabase(databaseOptions(config)).catch(refuseToStart);
const runtime = createRuntime({ config, db, log, compute: poolCompute(config) });
const runner = new JobRunner({ ...runtime, handlers: await loadJobHandlers() });
const paymentSync = startPaymentSync(runtime, await paymentProviders(db, config), log);
// Each worker process serves its own model calls and pool (give each its own METRICS_PORT); the queue, library
// and ledger it reports are the shared database's, the same as the API's.
const metrics = config.METRICS_PORT ? await startMetricsServer(db, config.METRICS_HOST, config.METRICS_PORT).catch(refuseToStart) : undefined;
onShutdownSignal(log, async () => {
  await Promise.all([runner.stop(), paymentSync.stop(), metrics?.close()]);
  await closeWorkerPool();
  await db.close();
});
runner.start();
log.info({ kinds: runner.kinds, concurrency: config.WORKER_CONCURRENCY, workerId: runner.workerId }, 'worker ready');
