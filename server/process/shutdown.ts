import type { FastifyBaseLogger } from 'fastify';

/**
 * SIGTERM / SIGINT: stop accepting work, let running jobs checkpoint, close the database, exit 0.
 * A second signal exits at once.
 */
export function onShutdownSignal(log: FastifyBaseLogger, shutdown: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    shutdown().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
