import type { FastifyBaseLogger } from 'fastify';
import type { Compute } from './compute';
import type { Config } from './config';
import type { Database } from './db/client';
import { createLlmGateway, type LlmGateway, llmSettings } from './engines/llm';
import { observeModelCall } from './metrics/registry';
import { recordModelCalls } from './services/llm/calls';

/**
 * What a process runs on, built once at its start: the API (server/server.ts: the app and its in-process job
 * runner share it), `npm run worker` (server/worker.ts) and the CLI (server/cli/with-database.ts).
 */
export interface Runtime {
  db: Database;
  config: Config;
  now(): Date;
  log: FastifyBaseLogger;
  /** The one model gateway of this process (server/engines/llm); every model call goes through it. */
  llm: LlmGateway;
  /** Where engine work runs: the worker pool (server and worker) or this thread (tests and the CLI). */
  compute: Compute;
}

export interface RuntimeOptions {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  compute: Compute;
  now?: () => Date;
  /** Default: a gateway from config.LLM_*, recording every call in llm_calls and the metrics. */
  llm?: LlmGateway;
}

export function createRuntime(options: RuntimeOptions): Runtime {
  const { config, db, log } = options;
  const record = recordModelCalls(db);
  return {
    db,
    config,
    now: options.now ?? (() => new Date()),
    log,
    llm:
      options.llm ??
      createLlmGateway(llmSettings(config), {
        onCall: (call) => {
          observeModelCall(call);
          return record(call);
        },
        log,
      }),
    compute: options.compute,
  };
}
