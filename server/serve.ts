import pino from 'pino';
import { type BuildOptions, buildApp } from './app';
import { type Config, databaseOptions, loadConfig } from './config';
import { openDatabase } from './db/client';
import { logOptions } from './http/logging';
import { startMetricsServer } from './metrics/server';
import { refuseToStart } from './process/refusal';
import { onShutdownSignal } from './process/shutdown';
import { createRuntime } from './runtime';
import { logLibraryState } from './services/library';
import { startPaymentSync } from './services/orders/sync';
import { paymentProviders } from './services/payments/providers';
import { loadJobHandlers } from './services/tasks/registry';
import { JobRunner } from './services/tasks/runner';
import { poolCompute } from './workers/compute';
import { closeWorkerPool, workerPool } from './workers/pool';

// `npm start` / `npm run serve`: the API, the built SPA and (unless JOBS_IN_PROCESS=false) the job
// runner in one process, on the embedded database unless DATABASE_URL names a PostgreSQL server.
// A setting or a data directory it cannot use: one line saying so, exit code 1 (process/refusal.ts).
// contracts/serve.ts (npm run pact:serve) runs the same with the Pact provider-state endpoint.
export async function serve(options: Pick<BuildOptions, 'testRoutes'> = {}): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    refuseToStart(error);
  }
  // With the embedded database, npm run cli reaches it through a socket in DATA_DIR while this runs.
  const db = await openDatabase({ ...databaseOptions(config), socket: 'serve' }).catch(refuseToStart);
  const runtime = createRuntime({ config, db, log: pino(logOptions(config)), compute: poolCompute(config) });
  let runner: JobRunner | undefined;
  const payments = await paymentProviders(db, config);
  const app = await buildApp({ runtime, serveSpa: true, wakeJobs: () => runner?.wake(), testRoutes: options.testRoutes, payments });
  if (config.JOBS_IN_PROCESS) {
    runner = new JobRunner({ ...runtime, handlers: await loadJobHandlers() });
  }
  // Pending WeChat Pay / Alipay orders are asked about where jobs run (here, or in npm run worker).
  const paymentSync = config.JOBS_IN_PROCESS ? startPaymentSync(runtime, payments, app.log) : undefined;

  const metrics = config.METRICS_PORT ? await startMetricsServer(db, config.METRICS_HOST, config.METRICS_PORT).catch(refuseToStart) : undefined;
  onShutdownSignal(app.log, async () => {
    await Promise.all([app.close(), runner?.stop(), paymentSync?.stop(), metrics?.close()]);
    await closeWorkerPool();
    await db.close();
  });

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await db.close();
    process.exit(1);
  }
  runner?.start();
  if (config.PAYMENT_SANDBOX && config.NODE_ENV === 'production') {
    app.log.warn('沙箱支付在生产环境中开启（PAYMENT_SANDBOX_IN_PRODUCTION）：任何人拿到支付链接都能不付款为账户充值，切勿用于真实用户');
  }
  // Parsing, the engine and report rendering run in worker threads; the first starts now, once the API answers.
  workerPool(config);
  await logLibraryState(db, app.log, config.LIBRARY_SMALL_DOCUMENTS);
  app.log.info(
    {
      url: config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`,
      database: db.engine,
      jobs: runner ? runner.kinds : 'external',
      metrics: metrics ? `http://${config.METRICS_HOST}:${metrics.port}/metrics` : 'off',
    },
    '墨研 server ready',
  );
}
