import { afterAll, describe, expect, it } from 'vitest';
import { DocumentError } from '../engines/text/errors';
import type { tasks } from './fixtures/test-tasks';
import { ComputeFailure } from '../compute';
import { WorkerPool } from './pool';

// One thread, so "replaced" is visible as a new thread id.
const pool = new WorkerPool<typeof tasks>({
  threads: 1,
  memoryMb: 64,
  tasks: new URL('./fixtures/test-tasks.ts', import.meta.url),
});
afterAll(() => pool.close());

const run = pool.run.bind(pool);
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('the worker pool', () => {
  it('runs TypeScript tasks in worker threads', async () => {
    expect(await run('double', { n: 21 }, { timeoutMs: 10_000 })).toBe(42);
    expect(await run('threadId', undefined, { timeoutMs: 10_000 })).toBeGreaterThan(0);
  });

  it('brings a refused document back as a DocumentError with its code, message and details', async () => {
    const error = await failure(run('refuse', undefined, { timeoutMs: 10_000 }));
    expect(error).toBeInstanceOf(DocumentError);
    expect(error).toMatchObject({ code: 'CORRUPT_PDF', status: 422, message: 'PDF 文件已损坏或格式不正确，无法读取', details: { page: 3 } });
  });

  it('brings any other error back as an Error, and the worker stays', async () => {
    const error = await failure(run('fail', undefined, { timeoutMs: 10_000 }));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ComputeFailure);
    expect(error).toMatchObject({ name: 'TypeError', message: 'something broke' });
  });

  it('lets a task call back into the thread that started it', async () => {
    const host = { lookup: async (ids: string[]) => ids.map((id) => `文献 ${id}`) };
    expect(await run('askHost', { ids: ['a', 'b'] }, { timeoutMs: 10_000, host })).toEqual(['文献 a', '文献 b']);
  });

  it('replaces a worker that ran out of memory; its task fails, the next one runs', async () => {
    const before = await run('threadId', undefined, { timeoutMs: 10_000 });
    const error = await failure(run('exhaustMemory', undefined, { timeoutMs: 60_000 }));
    expect(error).toBeInstanceOf(ComputeFailure);
    expect((error as ComputeFailure).reason).toBe('memory');
    expect(await run('double', { n: 2 }, { timeoutMs: 10_000 })).toBe(4);
    expect(await run('threadId', undefined, { timeoutMs: 10_000 })).not.toBe(before);
  });

  it('terminates a task that passes its time limit; the next one runs', async () => {
    const error = await failure(run('spin', undefined, { timeoutMs: 200 }));
    expect(error).toBeInstanceOf(ComputeFailure);
    expect((error as ComputeFailure).reason).toBe('timeout');
    expect(await run('double', { n: 5 }, { timeoutMs: 10_000 })).toBe(10);
  });

  it('tells the metrics what it runs, what waits, and the workers it ended by cause', async () => {
    const before = pool.stats();
    const spinning = failure(run('spin', undefined, { timeoutMs: 400 }));
    const waiting = run('double', { n: 4 }, { timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pool.stats()).toMatchObject({ threads: 1, running: 1, waiting: 1 });
    await spinning;
    await waiting;
    const after = pool.stats();
    expect(after).toMatchObject({ running: 0, waiting: 0 });
    expect(after.failures.timeout).toBe(before.failures.timeout + 1);
    expect(after.failures.memory).toBe(before.failures.memory);
  });

  it('counts the time limit from when a worker starts the task, not while it waits in the queue', async () => {
    const slow = failure(run('spin', undefined, { timeoutMs: 500 }));
    const queued = run('double', { n: 3 }, { timeoutMs: 100 });
    expect((await slow) as ComputeFailure).toMatchObject({ reason: 'timeout' });
    expect(await queued).toBe(6);
  });

  it("ends a task when the caller's signal aborts, with the caller's reason", async () => {
    const controller = new AbortController();
    const running = failure(run('spin', undefined, { timeoutMs: 60_000, signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('shutdown')), 100);
    expect(await running).toMatchObject({ message: 'shutdown' });
    expect(await run('double', { n: 1 }, { timeoutMs: 10_000 })).toBe(2);
  });
});
