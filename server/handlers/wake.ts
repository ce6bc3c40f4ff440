import type { AppContext } from '../context';

/** A call that queued work: once it has answered, the in-process job runner is woken for it. */
export async function andWake<T>(app: AppContext, work: Promise<T>): Promise<T> {
  const result = await work;
  app.wakeJobs();
  return result;
}
