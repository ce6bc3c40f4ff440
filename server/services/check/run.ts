import { eq } from 'drizzle-orm';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import type { ReportFigures } from '../../engines/similarity/types';
import { libraryFor, librarySearchParams } from '../library/library';
import { libraryScope } from '../library/scope';
import type { JobRun } from '../tasks/jobs';

export class CheckMissing extends Error {}

/**
 * Runs the similarity engine on a check's stored text against the reference library and stores the
 * report. The submission itself is never a candidate (its own library entry is excluded), and it joins
 * the library only afterwards and only when its author chose so. Safe to run again (a resumed job).
 */
export async function runCheck(
  { db, compute, signal, config }: Pick<JobRun, 'db' | 'compute' | 'signal' | 'config'>,
  taskId: string,
  progress: (percent: number) => Promise<void> = async () => undefined,
): Promise<ReportFigures> {
  const [row] = await db.orm
    .select({
      userId: tasks.userId,
      title: tasks.title,
      text: checks.text,
      addToLibrary: checks.addToLibrary,
      excludeSelf: checks.excludeSelf,
    })
    .from(checks)
    .innerJoin(tasks, eq(tasks.id, checks.taskId))
    .where(eq(checks.taskId, taskId));
  if (!row) throw new CheckMissing(`check ${taskId} has no stored text`);
  await progress(10);

  // 检测范围 as it stands now, kept with the report: the library grows, the report must not change.
  const scope = await libraryScope(db);
  const library = libraryFor(db, compute, signal);
  const options = { excludeDocumentIds: [taskId], ownerId: row.userId, excludeOwn: row.excludeSelf, params: librarySearchParams(config) };
  const report = await compute.checkText({ text: row.text, options }, library, { signal });
  await progress(80);

  await db.orm
    .update(checks)
    .set({ figures: { ...report.figures }, report: { ...report, scope }, reportedAt: new Date() })
    .where(eq(checks.taskId, taskId));
  if (row.addToLibrary) {
    await progress(90);
    await library.addDocuments([{ id: taskId, title: row.title, text: row.text, ownerId: row.userId, origin: 'submission' }]);
  }
  return report.figures;
}
