// Running the Pact verifier against a provider, shared by `npm run pact:verify` (verify.ts) and the
// mutation tests (mutations.provider.test.ts).
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { logOptions } from '../server/http/logging';
import { createRuntime } from '../server/runtime';
import { FAKE_MODEL, startFakeLlm } from '../server/test/fake-llm';
import { startFakePay } from '../server/test/fake-pay';
import { poolCompute } from '../server/workers/compute';
import { closeWorkerPool } from '../server/workers/pool';
import { PROVIDER_STATES_PATH, registerProviderStates } from './state-endpoint';

process.env.PACT_DO_NOT_TRACK = 'true';

export const PACT_DIR = 'contracts/pacts';

/** The pact files (*.json) of a folder, as absolute paths. */
export function pactFilesIn(dir: string): string[] {
  const folder = resolve(dir);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .map((f) => resolve(folder, f));
}

export interface RunningProvider {
  baseUrl: string;
  /** The server's provider-state endpoint, as a backend team's server offers its own. */
  statesUrl: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Our server in this process on a random loopback port, on a fresh in-memory database, with the
 * provider-state endpoint switched on (PACT_PROVIDER_STATES=on): the verifier reaches it exactly as it
 * reaches any other team's server. `env` overrides the environment (VALIDATE_RESPONSES=false in the
 * mutation tests); `configure` may add hooks before the server starts. Chat is answered by the repo's fake
 * model (server/test/fake-llm.ts), payments by its fake WeChat Pay and Alipay (server/test/fake-pay), never
 * a real provider.
 */
export async function startOurProvider(
  options: { env?: Record<string, string>; configure?: (app: FastifyInstance) => void } = {},
): Promise<RunningProvider> {
  const model = await startFakeLlm();
  const pay = await startFakePay();
  // No LLM_ setting of the environment reaches it: only the fake model answers.
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('LLM_')));
  const config = loadConfig({
    ...environment,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    JOBS_IN_PROCESS: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    POLL_RATE_LIMIT_PER_MINUTE: '10000',
    API_RATE_LIMIT_PER_MINUTE: '10000',
    READ_RATE_LIMIT_PER_MINUTE: '10000',
    // The order pacts pay through the sandbox, whatever HOST the environment names.
    PAYMENT_SANDBOX: 'on',
    PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
    PACT_PROVIDER_STATES: 'on',
    LLM_BASE_URL: model.url,
    LLM_MODEL: FAKE_MODEL,
    // WeChat Pay and Alipay are the repo's fakes (server/test/fake-pay), never the real providers.
    ...pay.env,
    ...options.env,
  });
  const db = await openDatabase({ memory: true });
  const runtime = createRuntime({ config, db, log: pino(logOptions(config)), compute: poolCompute(config) });
  const app = await buildApp({ runtime, testRoutes: registerProviderStates });
  options.configure?.(app);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    statesUrl: `${baseUrl}${PROVIDER_STATES_PATH}`,
    app,
    close: async () => {
      await app.close();
      await closeWorkerPool();
      await db.close();
      await model.close();
      await pay.close();
    },
  };
}

export interface Verification {
  passed: boolean;
  /** Descriptions of the interactions that failed. */
  failing: string[];
  /** The verifier's own message when it could not run or its report could not be read. */
  error?: string;
}

/**
 * Replays the pacts against providerBaseUrl. Provider states go to providerStatesSetupUrl as the Pact
 * verifier's state-change request, POST {state, params, action: setup | teardown}; without it no state is
 * set up. (pact-js marks this option deprecated in favour of JavaScript state handlers, which only work
 * inside the provider's own process; the URL is how the verifier sets states up on any server.)
 */
export async function verifyPacts(options: {
  providerBaseUrl: string;
  providerStatesSetupUrl?: string;
  pactUrls: string[];
  logLevel?: 'info' | 'warn' | 'error';
}): Promise<Verification> {
  try {
    const report = await new Verifier({
      provider: 'moyan-api',
      providerBaseUrl: options.providerBaseUrl,
      providerStatesSetupUrl: options.providerStatesSetupUrl,
      pactUrls: options.pactUrls,
      logLevel: options.logLevel ?? 'warn',
    }).verifyProvider();
    return { passed: true, failing: failingOf(report) ?? [] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failing = failingOf(message);
    return failing ? { passed: false, failing } : { passed: false, failing: [], error: message };
  }
}

// The verifier's JSON report (pactffi_verifier_json) names each interaction and its result.
function failingOf(report: string): string[] | undefined {
  try {
    const parsed = JSON.parse(report) as { interactionResults?: Array<{ description: string; result: string }> };
    return (parsed.interactionResults ?? []).filter((r) => r.result !== 'OK').map((r) => r.description);
  } catch {
    return undefined;
  }
}
