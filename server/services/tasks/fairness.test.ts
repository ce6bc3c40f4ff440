import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type TaskKind, tasks } from '../../db/schema/tasks';
import { testConfig, testRuntime } from '../../test/app';
import { openTestDatabase } from '../../test/database';
import { depsFor, grant, makeUser } from '../../test/fixtures';
import type { JobHandler } from './jobs';
import { JobRunner } from './runner';
import { createTask, submitTask } from './tasks';

// One account must not hold the job slots (issue 21): two papers of one account waiting on a model held both
// of the 2 slots, and another account's short 查重 waited minutes. Now work that waits on a model has slots of
// its own, and within each kind of work an account runs at most its share while other accounts take turns.

const log = pino({ level: 'silent' });

describe('job slots shared fairly between accounts and kinds of work', () => {
  let db: Database;
  const runners: JobRunner[] = [];
  /** Jobs that wait until released, as a paper waits on a slow model. */
  const held = new Set<() => void>();
  const waitingJob: JobHandler = (ctx) =>
    new Promise((resolve) => {
      const release = () => {
        held.delete(release);
        resolve({});
      };
      held.add(release);
      ctx.signal.addEventListener('abort', release);
    });
  const quickJob: JobHandler = async () => ({ result: { ok: true } });

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    for (const release of [...held]) release();
    await Promise.all(runners.splice(0).map((r) => r.stop(2000)));
    await db.sql("update tasks set status = 'cancelled' where status in ('queued', 'running')");
  });
  afterAll(() => db.close());

  const account = async () => {
    const userId = await makeUser(db);
    await grant(db, userId, 100_000);
    return userId;
  };
  const queue = async (userId: string, kind: TaskKind) => {
    const deps = depsFor(db);
    const task = await createTask(deps, { kind, userId, title: kind, priceFen: 100 });
    return (await submitTask(deps, userId, task.id, { note: '测试扣费' })).id;
  };
  const started = (handlers: Partial<Record<TaskKind, JobHandler>>, overrides: Partial<Config> = {}) => {
    const runner = new JobRunner({
      ...testRuntime(db, { log, config: testConfig({ JOB_POLL_MS: 50, ...overrides }) }),
      handlers: new Map(Object.entries(handlers) as Array<[TaskKind, JobHandler]>),
    });
    runners.push(runner);
    runner.start();
    return runner;
  };
  const statuses = async (ids: string[]) =>
    (await db.orm.select({ id: tasks.id, status: tasks.status }).from(tasks).where(inArray(tasks.id, ids))).map((t) => t.status).sort();
  const status = async (id: string) => (await db.orm.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id)))[0].status;
  const waitFor = async (what: string, condition: () => Promise<boolean>) => {
    const deadline = Date.now() + 15_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`${what} did not happen`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it("runs another account's 查重 while one account's papers wait on the model", async () => {
    const flooder = await account();
    const other = await account();
    const papers = [await queue(flooder, 'paper'), await queue(flooder, 'paper')];
    started({ paper: waitingJob, check: quickJob });
    await waitFor('both papers running', async () => (await statuses(papers)).every((s) => s === 'running'));

    const check = await queue(other, 'check');
    await waitFor("the other account's check done", async () => (await status(check)) === 'done');
    expect(await statuses(papers)).toEqual(['running', 'running']);
  });

  it("runs another account's 查重 while one account's checks fill the queue: one at a time each, in turn", async () => {
    const flooder = await account();
    const other = await account();
    const flood = [await queue(flooder, 'check'), await queue(flooder, 'check'), await queue(flooder, 'check')];
    started({ check: waitingJob });
    await waitFor('a flood check running', async () => (await statuses(flood)).includes('running'));

    const check = await queue(other, 'check');
    await waitFor("the other account's check running", async () => (await status(check)) === 'running');
    // WORKER_ACCOUNT_CONCURRENCY (1): the flooder holds one of the two slots, never both.
    expect(await statuses(flood)).toEqual(['queued', 'queued', 'running']);
  });

  it("holds an account to its share across several runners, and runs its next task once one ends", async () => {
    const flooder = await account();
    const flood = [await queue(flooder, 'check'), await queue(flooder, 'check'), await queue(flooder, 'check')];
    for (let i = 0; i < 3; i++) started({ check: waitingJob });
    await waitFor('a flood check running', async () => (await statuses(flood)).includes('running'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statuses(flood)).toEqual(['queued', 'queued', 'running']);

    const [first] = [...held];
    first();
    await waitFor('the next flood check running', async () => (await statuses(flood)).join() === 'done,queued,running');
  });

  it('lets an account run more at once when its share allows', async () => {
    const userId = await account();
    const flood = [await queue(userId, 'check'), await queue(userId, 'check'), await queue(userId, 'check')];
    started({ check: waitingJob }, { WORKER_CONCURRENCY: 3, WORKER_ACCOUNT_CONCURRENCY: 2 });
    await waitFor('two checks running', async () => (await statuses(flood)).filter((s) => s === 'running').length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statuses(flood)).toEqual(['queued', 'running', 'running']);
  });
});
