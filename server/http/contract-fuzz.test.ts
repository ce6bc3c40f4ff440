import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../handlers';
import { isNotImplemented } from '../handlers/not-implemented';
import type { OperationId } from '../handlers/types';
import { issueToken } from '../services/accounts/tokens';
import { modelFeatureOf } from '../services/llm/required';
import { createTestApp, type TestApp } from '../test/app';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { depsFor, grant } from '../test/fixtures';
import { type FuzzRequest, type IdPool, nulInEachField, requestFor, requestWithId } from '../test/fuzz-requests';
import { dereference } from '../test/schema-arbitraries';
import { users } from '../db/schema/users';
import { loadContract, type OperationInfo, operationsOf } from './contract';

// Every operation of the bundled contract (a call added later is covered without a list to update),
// fed generated requests, valid-ish and hostile, with and without a token: no answer is a 5xx (but the
// 501 of a service that is not built yet), and every failure is the error envelope in Chinese.
// The model calls (chat) are answered by the fake model, so they do their real work here: no 503 is excused.
// A second pass fuzzes the calls marked x-moyan-model on a server without a model: there a 503 is expected,
// but only MODEL_NOT_CONFIGURED on a call that declares its 503; any other 5xx still fails.
// Seeded and bounded: the same requests every run. To replay one failure, fast-check prints its seed
// and path; to search wider for a while, raise FUZZ_RUNS (e.g. FUZZ_RUNS=500 npx vitest run <this file>).
const SEED = 20_260_808;
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const contract = loadContract();
const operations: Array<[string, OperationInfo]> = [...operationsOf(contract).values()].map((info) => [
  info.operation.operationId,
  { ...info, operation: dereference(info.operation, contract) },
]);

const CHINESE = /[\u3400-\u9fff]/;

describe('fuzz: every operation answers generated and hostile requests without a 5xx', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let userId: string;
  const ids: IdPool = [];

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL });
    const [user] = await t.db.orm.insert(users).values({ username: 'fuzz_user', qrSignup: true }).returning({ id: users.id });
    userId = user.id;
    await grant(t.db, userId, 10_000_000);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  // A fresh token per request: a call that signs out must not leave the next ones anonymous.
  const send = async (info: OperationInfo, request: FuzzRequest): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = {};
    if (request.auth === 'valid') headers.authorization = `Bearer ${(await issueToken(depsFor(t.db), userId)).access_token}`;
    if (request.auth === 'forged') headers.authorization = 'Bearer mya_forged\u00e9';
    if (request.body?.contentType) headers['content-type'] = request.body.contentType;
    const options: InjectOptions = {
      method: info.method as InjectOptions['method'],
      url: `${info.path}${request.query ? `?${request.query}` : ''}`,
      headers,
    };
    if (request.body) options.payload = request.body.payload;
    return t.app.inject(options);
  };

  it('covers the whole contract', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations)('%s', async (operationId, info) => {
    const placeholder = isNotImplemented(handlers[operationId as OperationId]);
    await fc.assert(
      fc.asyncProperty(requestFor(info, ids), async (request) => {
        const response = await send(info, request);
        const problem = problemWith(response, placeholder);
        if (problem) throw new Error(`${response.statusCode} ${problem}: ${response.body.slice(0, 300)}`);
        // The authorization matrix, anonymous and forged columns: a secured call never answers without a valid token.
        if (info.secured && request.auth !== 'valid' && response.statusCode !== 401) {
          throw new Error(`${response.statusCode} without a valid token (${request.auth}), expected 401: ${response.body.slice(0, 300)}`);
        }
        if (response.statusCode < 300) harvestIds(response, ids);
      }),
      { seed: SEED, numRuns: RUNS, examples: nulInEachField(info, SEED).map((request) => [request]) },
    );
    // Logging in hashes a password on each run; a wider search (FUZZ_RUNS) gets the time it needs.
  }, 30_000 + RUNS * 500);

  // The authorization matrix, other-user column, generated like the rest: the ids the fuzz user's records
  // got above (less those another user sees too: packages, shared settings) go into every id field of every
  // secured call, sent by a second user. No such call may succeed: another user's record is not found (404)
  // and stays as it was. Runs after the fuzz above (vitest runs a file's tests in order), on its harvest.
  describe("another user's ids", () => {
    const addressed = operations.filter(([, info]) => info.secured && requestWithId(info, 'x', SEED) !== undefined);
    let intruder: string;
    let ownIds: string[] = [];
    const notFound = new Set<string>();

    beforeAll(async () => {
      const [user] = await t.db.orm.insert(users).values({ username: 'fuzz_intruder', qrSignup: true }).returning({ id: users.id });
      intruder = user.id;
      await grant(t.db, intruder, 10_000_000);
      // What the intruder sees of its own accord (lists, packages, its own account) is not someone else's.
      const seen: IdPool = [];
      for (const [, info] of operations) {
        if (info.method !== 'GET' && !/(query|list|load|info|current|package)/i.test(info.path)) continue;
        const response = await t.app.inject({
          method: info.method as InjectOptions['method'],
          url: info.path,
          headers: { authorization: `Bearer ${(await issueToken(depsFor(t.db), intruder)).access_token}` },
        });
        if (response.statusCode < 300) harvestIds(response, seen);
      }
      ownIds = ids.filter((id) => !seen.includes(id) && id !== userId);
    });

    it('has records of the fuzz user to aim at, and calls that take an id', () => {
      expect(ownIds.length).toBeGreaterThan(3);
      expect(addressed.length).toBeGreaterThan(20);
    });

    it.each(addressed)('%s', async (operationId, info) => {
      const placeholder = isNotImplemented(handlers[operationId as OperationId]);
      for (const id of ownIds) {
        const request = requestWithId(info, id, SEED) as FuzzRequest;
        const headers: Record<string, string> = { authorization: `Bearer ${(await issueToken(depsFor(t.db), intruder)).access_token}` };
        if (request.body?.contentType) headers['content-type'] = request.body.contentType;
        const response = await t.app.inject({
          method: info.method as InjectOptions['method'],
          url: `${info.path}${request.query ? `?${request.query}` : ''}`,
          headers,
          ...(request.body && { payload: request.body.payload }),
        });
        const problem = problemWith(response, placeholder);
        if (problem) throw new Error(`${response.statusCode} ${problem}: ${response.body.slice(0, 300)}`);
        if (response.statusCode < 300) throw new Error(`${response.statusCode}: another user's ${id} answered: ${response.body.slice(0, 300)}`);
        if (response.statusCode === 404) notFound.add(operationId);
      }
    }, 60_000);

    // Not only refused by validation: most calls got as far as looking the record up, and did not find it.
    it('reached the owner check of most calls (404)', () => {
      expect(notFound.size / addressed.length).toBeGreaterThan(0.5);
    });
  });
});

describe('fuzz without a model: calls that need one answer 503 MODEL_NOT_CONFIGURED, as declared, and no other 5xx', () => {
  const modelOperations = operations.filter(([, info]) => modelFeatureOf(info.operation) !== undefined);
  let t: TestApp;
  let token: string;
  const statuses = new Map<string, number[]>();

  beforeAll(async () => {
    t = await createTestApp();
    const [user] = await t.db.orm.insert(users).values({ username: 'fuzz_nomodel', qrSignup: true }).returning({ id: users.id });
    await grant(t.db, user.id, 10_000_000);
    token = (await issueToken(depsFor(t.db), user.id)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the calls marked x-moyan-model, each declaring its 503', () => {
    expect(modelOperations.map(([id]) => id)).toEqual(expect.arrayContaining(['chatGptCompletions', 'chatGptCompletionsStream']));
    for (const [id, info] of modelOperations) expect(Object.keys(info.operation.responses ?? {}), id).toContain('503');
  });

  it.each(modelOperations)('%s', async (operationId, info) => {
    const seen: number[] = [];
    statuses.set(operationId, seen);
    await fc.assert(
      fc.asyncProperty(requestFor(info, []), async (request) => {
        const headers: Record<string, string> = {};
        if (request.auth === 'valid') headers.authorization = `Bearer ${token}`;
        if (request.auth === 'forged') headers.authorization = 'Bearer mya_forged\u00e9';
        if (request.body?.contentType) headers['content-type'] = request.body.contentType;
        const response = await t.app.inject({
          method: info.method as InjectOptions['method'],
          url: `${info.path}${request.query ? `?${request.query}` : ''}`,
          headers,
          ...(request.body && { payload: request.body.payload }),
        });
        seen.push(response.statusCode);
        const problem = problemWith(response, false, true);
        if (problem) throw new Error(`${response.statusCode} ${problem}: ${response.body.slice(0, 300)}`);
        // Without a model nothing is ever answered.
        if (response.statusCode < 300) throw new Error(`${response.statusCode} answered without a model: ${response.body.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
    // The generated requests include valid ones, so the refusal itself was reached, not only validation.
    expect(seen, operationId).toContain(503);
  }, 30_000 + RUNS * 500);
});

/**
 * Why an answer breaks the promise, or null when it keeps it. `modelMissing`: the server has no model and the
 * call is marked x-moyan-model, so 503 MODEL_NOT_CONFIGURED is its declared answer (and no other 5xx is).
 */
function problemWith(response: LightMyRequestResponse, placeholder: boolean, modelMissing = false): string | null {
  const status = response.statusCode;
  if (status === 503 && modelMissing) {
    const code = (response.json() as { error?: { code?: unknown } }).error?.code;
    if (code !== 'MODEL_NOT_CONFIGURED') return 'is a 503 that is not MODEL_NOT_CONFIGURED';
  } else if (status >= 500 && !(status === 501 && placeholder)) return 'is a server error';
  if (status < 300) return null;
  let envelope: { success?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    envelope = response.json();
  } catch {
    return 'is not JSON';
  }
  const { code, message } = envelope.error ?? {};
  if (envelope.success !== false || typeof code !== 'string' || code === '') return 'is not the error envelope';
  if (typeof message !== 'string' || !CHINESE.test(message)) return 'has no Chinese message';
  if (status === 501 && code !== 'NOT_IMPLEMENTED') return 'is a 501 that is not NOT_IMPLEMENTED';
  return null;
}

// Ids of records the app created, so later requests address real records, not only made-up ones.
function harvestIds(response: LightMyRequestResponse, ids: IdPool): void {
  if (!String(response.headers['content-type']).includes('json')) return;
  const pending: unknown[] = [response.json()];
  while (pending.length > 0 && ids.length < 500) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && /(^id$|Id$)/.test(key) && !ids.includes(item)) ids.push(item);
      else pending.push(item);
    }
  }
}
