import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { ledgerEntries } from '../../db/schema/ledger';
import { type Task, type TaskKind, tasks } from '../../db/schema/tasks';
import { testConfig, testRuntime } from '../../test/app';
import { openTestDatabase } from '../../test/database';
import { depsFor, grant, makeUser } from '../../test/fixtures';
import { balanceOf } from '../billing/balance';
import { type JobHandler, JobFailure } from './jobs';
import { JobRunner } from './runner';
import { createTask, submitTask } from './tasks';

const log = pino({ level: 'silent' });

describe('job runner', () => {
  let db: Database;
  let userId: string;
  beforeAll(async () => {
    db = await openTestDatabase();
    userId = await makeUser(db);
    await grant(db, userId, 100_000);
  });
  afterAll(async () => {
    await db.close();
  });

  const runner = (handlers: Partial<Record<TaskKind, JobHandler>>, overrides = {}) =>
    new JobRunner({
      ...testRuntime(db, { log, config: testConfig({ JOB_LEASE_SECONDS: 30, JOB_POLL_MS: 50, ...overrides }) }),
      handlers: new Map(Object.entries(handlers) as Array<[TaskKind, JobHandler]>),
    });
  const queued = async (kind: TaskKind = 'check', maxAttempts = 3, priceFen = 500) => {
    const deps = depsFor(db);
    const task = await createTask(deps, { kind, userId, title: '任务', priceFen, maxAttempts });
    return submitTask(deps, userId, task.id, { note: '测试扣费' });
  };
  const load = async (id: string): Promise<Task> => (await db.orm.select().from(tasks).where(eq(tasks.id, id)))[0];
  const entries = (taskId: string) => db.orm.select().from(ledgerEntries).where(eq(ledgerEntries.taskId, taskId));
  const expireLease = (id: string) => db.sql("update tasks set lease_expires_at = now() - interval '1 second' where id = $1", [id]);

  it('runs a queued task to done with progress and result, charged once', async () => {
    const task = await queued();
    const seen: number[] = [];
    const r = runner({
      check: async (ctx) => {
        await ctx.progress(40);
        seen.push((await load(ctx.task.id)).progress);
        return { result: { score: 0.12 }, offline: true };
      },
    });
    expect(await r.drain()).toBe(1);
    const done = await load(task.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, attempts: 1, result: { score: 0.12 }, leaseOwner: null });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(seen).toEqual([40]);
    expect((await entries(task.id)).map((e) => [e.kind, e.amountFen])).toEqual([['charge', -500]]);
  });

  it('fails a task whose handler throws and refunds it, with the user-facing message of a JobFailure', async () => {
    const before = await balanceOf(db, userId);
    const failing = await queued();
    const crashing = await queued('aigc');
    await runner({
      check: async () => {
        throw new JobFailure('无法读取该文档中的文字');
      },
      aigc: async () => {
        throw new Error('internal detail that users must not see');
      },
    }).drain();
    expect(await load(failing.id)).toMatchObject({ status: 'failed', error: '无法读取该文档中的文字' });
    expect(await load(crashing.id)).toMatchObject({ status: 'failed', error: '处理失败，费用已退回，请稍后重试' });
    for (const task of [failing, crashing]) {
      expect((await entries(task.id)).map((e) => e.kind).sort()).toEqual(['charge', 'refund']);
    }
    expect(await balanceOf(db, userId)).toBe(before);
  });

  it('claims only the kinds it has handlers for', async () => {
    const paper = await queued('paper');
    expect(await runner({ check: async () => ({}) }).drain()).toBe(0);
    expect((await load(paper.id)).status).toBe('queued');
    await runner({ paper: async () => ({}) }).drain();
    expect((await load(paper.id)).status).toBe('done');
  });

  it('resumes a task whose process died (expired lease) without charging again', async () => {
    const task = await queued();
    const dead = runner({ check: async () => ({}) });
    expect((await dead.claim())?.id).toBe(task.id);
    expect(await load(task.id)).toMatchObject({ status: 'running', attempts: 1, leaseOwner: dead.workerId });
    await expireLease(task.id);
    const survivor = runner({ check: async () => ({ result: { resumed: true } }) });
    expect(await survivor.drain()).toBe(1);
    expect(await load(task.id)).toMatchObject({ status: 'done', attempts: 2, result: { resumed: true } });
    expect((await entries(task.id)).map((e) => e.kind)).toEqual(['charge']);
  });

  it('fails and refunds, once, a task interrupted more often than its attempts allow', async () => {
    const before = await balanceOf(db, userId);
    const task = await queued('check', 2);
    for (let i = 0; i < 2; i++) {
      const doomed = runner({ check: async () => ({}) });
      expect((await doomed.claim())?.id).toBe(task.id);
      await expireLease(task.id);
      await doomed.recoverExpired();
    }
    expect(await load(task.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      error: '任务多次中断未能完成，费用已退回，请重新提交',
    });
    expect(await runner({ check: async () => ({}) }).recoverExpired()).toBe(0);
    expect((await entries(task.id)).map((e) => e.kind).sort()).toEqual(['charge', 'refund']);
    expect(await balanceOf(db, userId)).toBe(before);
  });

  it('ignores the late result of a worker that lost its lease', async () => {
    const task = await queued();
    let release: () => void = () => undefined;
    const slow = runner({
      check: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { result: { from: 'slow' } };
      },
    });
    const slowRun = slow.drain();
    await waitFor(async () => (await load(task.id)).status === 'running');
    await expireLease(task.id);
    await runner({ check: async () => ({ result: { from: 'fast' } }) }).drain();
    release();
    await slowRun;
    expect(await load(task.id)).toMatchObject({ status: 'done', result: { from: 'fast' } });
    expect((await entries(task.id)).map((e) => e.kind)).toEqual(['charge']);
  });

  it('on shutdown lets a running job checkpoint and re-queues it; the next runner resumes from the checkpoint', async () => {
    const task = await queued();
    const first = runner({
      check: async (ctx) => {
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
        await ctx.checkpoint({ paragraphsDone: 3 });
        return {};
      },
    });
    first.start();
    await waitFor(async () => (await load(task.id)).status === 'running');
    await first.stop(2000);
    const requeued = await load(task.id);
    expect(requeued).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null });
    expect(requeued.payload).toMatchObject({ checkpoint: { paragraphsDone: 3 } });

    await runner({
      check: async (ctx) => ({ result: { resumedFrom: (ctx.task.payload.checkpoint as { paragraphsDone: number }).paragraphsDone } }),
    }).drain();
    expect(await load(task.id)).toMatchObject({ status: 'done', attempts: 1, result: { resumedFrom: 3 } });
  });

  it('runs every task exactly once when several runners compete for the queue', async () => {
    const ids = new Set((await Promise.all(Array.from({ length: 12 }, () => queued('ppt')))).map((t) => t.id));
    const runs: string[] = [];
    const handler: JobHandler = async (ctx) => {
      runs.push(ctx.task.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {};
    };
    const runners = [runner({ ppt: handler }), runner({ ppt: handler }), runner({ ppt: handler })];
    await Promise.all(runners.map((r) => r.drain()));
    expect(runs).toHaveLength(12);
    expect(new Set(runs)).toEqual(ids);
  });

  it('started in the background, picks up work when woken', async () => {
    const r = runner({ ppt: async () => ({ result: { ok: true } }) }, { JOB_POLL_MS: 60_000 });
    r.start();
    try {
      const task = await queued('ppt');
      r.wake();
      await waitFor(async () => (await load(task.id)).status === 'done');
    } finally {
      await r.stop(1000);
    }
  });

  it('does not lose a wake that arrives while it is claiming: a task queued then runs without waiting for the poll', async () => {
    const r = runner({ ppt: async () => ({ result: { ok: true } }) }, { JOB_POLL_MS: 60_000 });
    const claim = r.claim.bind(r);
    let queuedMidClaim: Promise<Task> | undefined;
    vi.spyOn(r, 'claim').mockImplementation(async (workClass) => {
      const found = await claim(workClass);
      // The claim found nothing; the task is queued and the wake sent before the loop goes to sleep.
      queuedMidClaim ??= queued('ppt').then((task) => {
        r.wake();
        return task;
      });
      await queuedMidClaim;
      return found;
    });
    r.start();
    try {
      await waitFor(async () => queuedMidClaim !== undefined);
      const task = await queuedMidClaim!;
      await waitFor(async () => (await load(task.id)).status === 'done', 5_000);
    } finally {
      await r.stop(1000);
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
