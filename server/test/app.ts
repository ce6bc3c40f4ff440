import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { type BuildOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { createRuntime, type Runtime, type RuntimeOptions } from '../runtime';
import { poolCompute } from '../workers/compute';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** What the app runs on; a test's own job runner takes it too (`new JobRunner({ ...t.runtime, handlers })`). */
  runtime: Runtime;
  close(): Promise<void>;
}

/** Config for tests: no environment, silent logs, no in-process jobs, generous rate limits. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JOBS_IN_PROCESS: 'false',
      PUBLIC_BASE_URL: 'http://moyan.test',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      POLL_RATE_LIMIT_PER_MINUTE: '10000',
      API_RATE_LIMIT_PER_MINUTE: '10000',
      WORKBENCH_RATE_LIMIT_PER_MINUTE: '10000',
      READ_RATE_LIMIT_PER_MINUTE: '10000',
      CHAT_RATE_LIMIT_PER_MINUTE: '10000',
      // Every test sign-up comes from 127.0.0.1; the limits have their own tests.
      FREE_CHECKS_PER_DEVICE_PER_DAY: '1000',
      FREE_CHECKS_PER_IP_PER_DAY: '100000',
      // Every test account asks from 127.0.0.1 too: the free model uses count per account here.
      FREE_USES_ADDRESS_FACTOR: '1000',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      SIGNUPS_PER_ADDRESS_PER_DAY: '100000',
    }),
    ...overrides,
  };
}

/** A test process's runtime: silent logs and, as in the server, the engines in the worker pool. */
export function testRuntime(db: Database, options: Partial<Omit<RuntimeOptions, 'db'>> = {}): Runtime {
  const config = options.config ?? testConfig();
  return createRuntime({
    ...options,
    config,
    db,
    log: options.log ?? pino({ level: 'silent' }),
    compute: options.compute ?? poolCompute(config),
  });
}

/** The real app on a fresh database (in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Partial<Pick<RuntimeOptions, 'now' | 'compute' | 'llm' | 'log'>> & { db?: Database } & Pick<BuildOptions, 'builtServices' | 'testRoutes'> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const db = options.db ?? (await openTestDatabase());
  const runtime = testRuntime(db, { config, now: options.now, compute: options.compute, llm: options.llm, log: options.log });
  const app = await buildApp({ runtime, builtServices: options.builtServices, testRoutes: options.testRoutes });
  await app.ready();
  return {
    app,
    db,
    config,
    runtime,
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
    },
  };
}

export interface Envelope<T = unknown> {
  success: boolean;
  result: T;
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export function body<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json() as Envelope<T>;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** POST with optional query, JSON body and token. */
export function post(
  app: FastifyInstance,
  url: string,
  options: { query?: Record<string, string | number>; payload?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method: 'POST',
    url,
    query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
  };
  if (options.payload !== undefined) request.payload = options.payload as InjectOptions['payload'];
  return app.inject(request);
}

let counter = 0;

/** Registers a fresh user through the API and returns its token. */
export async function signUp(
  app: FastifyInstance,
  username = `user${++counter}${Date.now().toString(36)}`,
  password = 'Moyan2026!',
  phone?: string,
): Promise<{ token: string; username: string; password: string }> {
  const response = await post(app, '/api/base/login_api/f/register', {
    payload: { username, password, ...(phone ? { phone } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  return { token: body<{ access_token: string }>(response).result.access_token, username, password };
}
