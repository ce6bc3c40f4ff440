import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Executor } from './db/client';
import type { LlmGateway } from './engines/llm';
import type { PaymentProviders } from './services/payments/providers';
import type { QrLoginProvider } from './services/qr-login/provider';
import type { ServiceName } from './services/system/capabilities';

/** What a service needs: a database (or an open transaction), the configuration and the clock. */
export interface Deps {
  db: Executor;
  config: Config;
  now(): Date;
}

/** What the app hands every handler. */
export interface AppContext extends Deps {
  db: Database;
  log: FastifyBaseLogger;
  /** Wakes the in-process job runner after a task was queued; a no-op when jobs run elsewhere. */
  wakeJobs(): void;
  payments: PaymentProviders;
  qrLogin: QrLoginProvider;
  /** Services whose handlers do real work (no 501 placeholder left); see services/system/capabilities. */
  builtServices: ReadonlySet<ServiceName>;
  /** The one model gateway of this process (server/engines/llm); every model call goes through it. */
  llm: LlmGateway;
}

export function withDb(deps: Deps, db: Executor): Deps {
  return { db, config: deps.config, now: deps.now };
}
