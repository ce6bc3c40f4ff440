import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { aigcDetections, aigcParagraphs } from '../../db/schema/aigc';
import { tasks } from '../../db/schema/tasks';
import { countChars } from '@common/char-count';
import { priceFor } from '../billing/prices';
import { rowValues } from './run';
import { scoreDetection } from '../../engines/aigc/scored';

export interface SeededDetection {
  id: string;
  userId: string;
  title: string;
  text: string;
  status: 'draft' | 'queued' | 'done';
}

/**
 * Writes a detection directly (provider states of the contract tests, demo data): no charge, no queue; a
 * finished one is scored by the detector here, its paragraphs with the ids `<id>-p<index>`. Writing it again
 * resets the record to this state.
 */
export async function storeDetection(deps: Deps, input: SeededDetection): Promise<void> {
  const charCount = countChars(input.text);
  const done = input.status === 'done';
  const scored = done ? scoreDetection(input.text) : null;
  const now = deps.now();
  const task = {
    kind: 'aigc' as const,
    userId: input.userId,
    title: input.title,
    status: input.status,
    progress: done ? 100 : 0,
    priceFen: await priceFor(deps.db, 'aigc', charCount),
    charCount,
    attempts: 0,
    error: null,
    offline: true,
    createdAt: now,
    updatedAt: now,
    queuedAt: input.status === 'draft' ? null : now,
    finishedAt: done ? now : null,
  };
  const detection = {
    author: '张三',
    sourceType: 'paste' as const,
    fileName: null,
    format: 'paste',
    text: input.text,
    summary: scored ? { ...scored.summary } : null,
    reportedAt: done ? now : null,
  };
  await deps.db.transaction(async (tx) => {
    await tx.orm.insert(tasks).values({ id: input.id, ...task }).onConflictDoUpdate({ target: tasks.id, set: task });
    await tx.orm.insert(aigcDetections).values({ taskId: input.id, ...detection }).onConflictDoUpdate({ target: aigcDetections.taskId, set: detection });
    await tx.orm.delete(aigcParagraphs).where(eq(aigcParagraphs.taskId, input.id));
    if (!scored) return;
    await tx.orm.insert(aigcParagraphs).values(scored.paragraphs.map((p) => ({ id: `${input.id}-p${p.index}`, ...rowValues(input.id, p) })));
  });
}
