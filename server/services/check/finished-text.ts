import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import { notFound } from '../../errors';

/**
 * The text of one of the caller's finished checks, for a next step started from its report (学术库降重,
 * AIGC检测): the student pastes nothing again. Another's check, an unfinished one or none is NOT_FOUND.
 */
export async function finishedCheckText(deps: Deps, userId: string, checkId: string): Promise<string> {
  const [row] = await deps.db.orm
    .select({ status: tasks.status, text: checks.text })
    .from(tasks)
    .innerJoin(checks, eq(checks.taskId, tasks.id))
    .where(and(eq(tasks.id, checkId), eq(tasks.userId, userId), eq(tasks.kind, 'check')));
  if (!row || row.status !== 'done') throw notFound();
  return row.text;
}
