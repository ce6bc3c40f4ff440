import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pptDecks } from '../../db/schema/ppt';
import { tasks } from '../../db/schema/tasks';
import type { RenderedDeck } from '../../engines/slides/pptx';
import type { Slide } from '@common/slides/deck';

export class DeckMissing extends Error {}

export type DeckRenderer = (input: { slides: Slide[]; templateId: string; title: string }) => Promise<RenderedDeck>;

/** The ppt job: the deck as saved rendered to .pptx (in a worker thread) and stored with the task. */
export async function runPptRender(
  db: Executor,
  taskId: string,
  progress: (percent: number) => Promise<void>,
  render: DeckRenderer,
): Promise<{ slideCount: number; split: number; shrunk: number; offline: boolean }> {
  const [row] = await db.orm
    .select({ deck: pptDecks, title: tasks.title })
    .from(pptDecks)
    .innerJoin(tasks, eq(tasks.id, pptDecks.taskId))
    .where(eq(pptDecks.taskId, taskId));
  if (!row) throw new DeckMissing(`ppt ${taskId} has no deck`);
  await progress(10);
  const rendered = await render({ slides: row.deck.slides, templateId: row.deck.templateId, title: row.title });
  await progress(90);
  await db.orm
    .update(pptDecks)
    .set({ pptx: new Uint8Array(rendered.data), renderedSlideCount: rendered.slideCount, updatedAt: new Date() })
    .where(eq(pptDecks.taskId, taskId));
  return { slideCount: rendered.slideCount, split: rendered.split, shrunk: rendered.shrunk, offline: row.deck.outlineBy !== 'model' };
}
