import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import { libraryFor } from '../library/library';
import { lockOwnTask } from '../tasks/tasks';
import { checkRunning } from './errors';
import { removeUnheldOriginal } from './original-refs';

/**
 * delete: removes the record, its report and its place in the reference library; the original file
 * goes too unless another record (a check, a rewording, a detection) holds the same file. A queued or
 * running check is refused (409).
 */
export async function deleteCheck(deps: Deps, userId: string, id: string): Promise<{ id: string; deleted: true }> {
  const sha256 = await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'check');
    if (task.status === 'queued' || task.status === 'running') throw checkRunning();
    const [check] = await tx.orm.select({ sha256: checks.fileSha256 }).from(checks).where(eq(checks.taskId, id));
    await libraryFor(tx, deps.compute).removeDocuments([id]);
    await tx.orm.delete(tasks).where(eq(tasks.id, id));
    return check?.sha256 ?? null;
  });
  await removeUnheldOriginal(deps.db, deps.config.DATA_DIR, sha256);
  return { id, deleted: true };
}
