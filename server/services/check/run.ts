import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import { checkText } from '../../engines/similarity/check';
import type { ReportFigures } from '../../engines/similarity/types';
import { ReferenceLibrary } from '../library/library';
import type { TextPreparer } from '../library/prepare';
import { libraryScope } from '../library/scope';

export class CheckMissing extends Error {}

/** Where the CPU work runs: in this thread by default; the check job passes the worker pool's versions. */
export interface CheckWork {
  check?: typeof checkText;
  prepare?: TextPreparer;
}

/**
 * Runs the similarity engine on a check's stored text against the reference library and stores the
 * report. The submission itself is never a candidate (its own library entry is excluded), and it joins
 * the library only afterwards and only when its author chose so. Safe to run again (a resumed job).
 */
export async function runCheck(
  db: Executor,
  taskId: string,
  progress: (percent: number) => Promise<void> = async () => undefined,
  work: CheckWork = {},
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
  const library = new ReferenceLibrary(db, undefined, work.prepare);
  const report = await (work.check ?? checkText)(row.text, library, {
    excludeDocumentIds: [taskId],
    ownerId: row.userId,
    excludeOwn: row.excludeSelf,
  });
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
