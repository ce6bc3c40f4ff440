import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { handlers } from '../handlers';
import { isNotImplemented } from '../handlers/not-implemented';
import type { Database } from '../db/client';
import { safeError } from '../safe-error';
import { loadContract, operationsOf } from './contract';
import { JobRunner } from '../services/tasks/runner';
import { createTask, submitTask } from '../services/tasks/tasks';
import { body, post, signUp, testRuntime } from '../test/app';
import { openTestDatabase } from '../test/database';
import { depsFor, grant, makeUser } from '../test/fixtures';

// A value as a request or a paper would carry it; it must never reach the logs.
const SECRET = '论文全文-secret-7f3a9c';

function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('error logs carry ids and codes, never request values or query parameters', () => {
  let db: Database;
  let app: FastifyInstance;
  const logs = captured();
  beforeAll(async () => {
    db = await openTestDatabase();
    // pino's default serializers, as a logger handed in from outside would have: the error handler
    // itself must keep the values out.
    app = await buildApp({ runtime: testRuntime(db, { log: pino({ level: 'info' }, logs.stream) }) });
    app.post('/test/orm-failure', async () => db.orm.execute(sql`select ${SECRET}::uuid`));
    app.post('/test/raw-failure', async () => db.sql('select $1::int', [SECRET]));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each(['/test/orm-failure', '/test/raw-failure'])('a failed query at %s: 500 envelope, logged with its SQLSTATE only', async (url) => {
    logs.lines.length = 0;
    const response = await post(app, url);
    expect(response.statusCode).toBe(500);
    expect(body(response).error).toEqual({ code: 'INTERNAL_ERROR', message: '服务器开小差了，请稍后重试' });
    expect(response.body).not.toContain(SECRET);
    const failure = logs.records().find((r) => r.msg === 'request failed');
    expect(failure).toBeDefined();
    expect(JSON.stringify(failure)).toMatch(/22P02/);
    expect(logs.lines.join('\n')).not.toContain(SECRET);
    expect(logs.lines.join('\n')).not.toContain('params');
  });

  it('a 501 of a service not built yet is logged at info level, without a stack', async () => {
    const placeholder = unbuiltOperation();
    // Every service built: no call answers 501 any more, and nothing is left to log at that level.
    if (!placeholder) return expect(Object.values(handlers).filter(isNotImplemented)).toEqual([]);
    const { token } = await signUp(app);
    logs.lines.length = 0;
    const response = await post(app, placeholder.path, { token, ...placeholder.request });
    expect(response.statusCode).toBe(501);
    const records = logs.records();
    expect(records.find((r) => r.code === 'NOT_IMPLEMENTED')).toMatchObject({
      level: 30,
      msg: 'request refused',
      operationId: placeholder.operationId,
    });
    expect(records.filter((r) => Number(r.level) >= 40)).toEqual([]);
    expect(logs.lines.join('\n')).not.toContain('stack');
  });
});

/** A POST operation still answered by the 501 placeholder, with its JSON request example (or no body). */
function unbuiltOperation() {
  for (const [operationId, info] of operationsOf(loadContract())) {
    const handler = (handlers as Record<string, unknown>)[operationId];
    if (info.method !== 'POST' || !isNotImplemented(handler)) continue;
    const content = info.operation.requestBody?.content;
    if (!content) return { operationId, path: info.path, request: {} };
    const json = content['application/json'] as { example?: unknown } | undefined;
    if (json?.example !== undefined) return { operationId, path: info.path, request: { payload: json.example } };
  }
  return undefined;
}

describe('the job runner logs a failed job by ids and codes', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('a job that fails on a query with the paper in its parameters', async () => {
    const userId = await makeUser(db);
    await grant(db, userId, 10_000);
    const deps = depsFor(db);
    const task = await createTask(deps, { kind: 'check', userId, title: '任务', priceFen: 300 });
    await submitTask(deps, userId, task.id, { note: '测试扣费' });
    const logs = captured();
    const runner = new JobRunner({
      ...testRuntime(db, { log: pino({ level: 'info' }, logs.stream) }),
      handlers: new Map([
        [
          'check',
          async () => {
            await db.sql('select $1::int', [SECRET]);
          },
        ],
      ]),
    });
    expect(await runner.drain()).toBe(1);
    const failed = logs.records().find((r) => r.msg === 'job failed');
    expect(failed).toMatchObject({ taskId: task.id, kind: 'check' });
    expect(JSON.stringify(failed)).toMatch(/22P02/);
    expect(logs.lines.join('\n')).not.toContain(SECRET);
  });
});

describe('safeError', () => {
  it('keeps the kind, SQLSTATE and identifiers of a database error and blanks quoted values', () => {
    const error = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), {
      severity: 'ERROR',
      code: '22P02',
      detail: `Key (username)=(${SECRET}) already exists.`,
      table: 'users',
      params: [SECRET],
      query: 'select $1::uuid',
    });
    const safe = safeError(error);
    expect(safe).toMatchObject({
      type: 'Error',
      code: '22P02',
      severity: 'ERROR',
      table: 'users',
      message: 'invalid input syntax for type uuid: "…"',
    });
    expect(JSON.stringify(safe)).not.toContain(SECRET);
    expect(safe.stack).toMatch(/^Error: invalid input syntax for type uuid: "…"\n {4}at /);
  });

  it('follows causes and tolerates values that are not errors', () => {
    const wrapped = new Error('outer', { cause: new TypeError(`bad "${SECRET}"`) });
    expect(safeError(wrapped).cause).toMatchObject({ type: 'TypeError', message: 'bad "…"' });
    expect(safeError(SECRET)).toEqual({ type: 'string', message: '(a non-error value was thrown)', stack: '' });
    expect(safeError(safeError(wrapped))).toEqual(safeError(wrapped));
  });
});
