import { eq } from 'drizzle-orm';
import { pptDecks } from '../../db/schema/ppt';
import { tasks } from '../../db/schema/tasks';
import type { JobRun } from '../tasks/jobs';

export class DeckMissing extends Error {}

/** The ppt job: the deck as saved rendered to .pptx (in a worker thread) and stored with the task. */
export async function runPptRender(
  { db, compute, signal }: Pick<JobRun, 'db' | 'compute' | 'signal'>,
  taskId: string,
  progress: (percent: number) => Promise<void>,
): Promise<{ slideCount: number; split: number; shrunk: number; offline: boolean }> {
  const [row] = await db.orm
    .select({ deck: pptDecks, title: tasks.title })
    .from(pptDecks)
    .innerJoin(tasks, eq(tasks.id, pptDecks.taskId))
    .where(eq(pptDecks.taskId, taskId));
  if (!row) throw new DeckMissing(`ppt ${taskId} has no deck`);
  await progress(10);
  const rendered = await compute.renderPptx({ slides: row.deck.slides, templateId: row.deck.templateId, title: row.title }, { signal });
  await progress(90);
  await db.orm
    .update(pptDecks)
    .set({ pptx: new Uint8Array(rendered.data), renderedSlideCount: rendered.slideCount, updatedAt: new Date() })
    .where(eq(pptDecks.taskId, taskId));
  return { slideCount: rendered.slideCount, split: rendered.split, shrunk: rendered.shrunk, offline: row.deck.outlineBy !== 'model' };
}
