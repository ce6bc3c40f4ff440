import type { Deps } from '../../context';
import { pptDecks } from '../../db/schema/ppt';
import { tasks } from '../../db/schema/tasks';
import { defenceDeck, templateOrDefault } from '../../engines/slides/index';
import { renderDeck } from '../../engines/slides/pptx';
import { priceFor } from '../billing/prices';

export interface SeededDeck {
  id: string;
  userId: string;
  title: string;
  status: 'draft' | 'done';
  templateId?: string;
}

/**
 * Writes a slide deck directly (provider states of the contract tests, demo data): the default defence
 * deck, no charge, no queue; a finished one with its rendered .pptx. Writing it again resets it.
 */
export async function storeDeck(deps: Deps, input: SeededDeck): Promise<void> {
  const done = input.status === 'done';
  const now = deps.now();
  const templateId = input.templateId ?? 'tpl-academic-blue';
  const slides = defenceDeck({ title: input.title, speaker: '张三', supervisor: '李四 教授', institution: '某某大学 计算机学院', date: '2026年5月' });
  const rendered = done ? await renderDeck(slides, templateOrDefault(templateId), { title: input.title }) : null;
  const task = {
    kind: 'ppt' as const,
    userId: input.userId,
    title: input.title,
    status: input.status,
    progress: done ? 100 : 0,
    priceFen: await priceFor(deps.db, 'ppt', 1),
    charCount: 0,
    attempts: 0,
    error: null,
    offline: true,
    createdAt: now,
    updatedAt: now,
    finishedAt: done ? now : null,
  };
  const deck = {
    templateId,
    scene: 'thesis_defense',
    pageCount: 10,
    source: 'paper' as const,
    topic: null,
    paperText: null,
    slides,
    outlineBy: 'offline' as const,
    pptx: rendered ? rendered.data : null,
    renderedSlideCount: rendered ? rendered.slideCount : null,
    updatedAt: now,
  };
  await deps.db.transaction(async (tx) => {
    await tx.orm.insert(tasks).values({ id: input.id, ...task }).onConflictDoUpdate({ target: tasks.id, set: task });
    await tx.orm.insert(pptDecks).values({ taskId: input.id, ...deck }).onConflictDoUpdate({ target: pptDecks.taskId, set: deck });
  });
}
