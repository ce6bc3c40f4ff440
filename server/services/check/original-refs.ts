import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { aigcDetections } from '../../db/schema/aigc';
import { checks } from '../../db/schema/checks';
import { rewrites } from '../../db/schema/rewrites';
import { removeOriginal } from './file-store';

/** Whether a check, a rewording record or an AIGC detection still holds the stored original. */
async function stillHeld(db: Executor, sha256: string): Promise<boolean> {
  const [check] = await db.orm.select({ id: checks.taskId }).from(checks).where(eq(checks.fileSha256, sha256)).limit(1);
  if (check) return true;
  const [rewrite] = await db.orm.select({ id: rewrites.taskId }).from(rewrites).where(eq(rewrites.fileSha256, sha256)).limit(1);
  if (rewrite) return true;
  const [detection] = await db.orm.select({ id: aigcDetections.taskId }).from(aigcDetections).where(eq(aigcDetections.fileSha256, sha256)).limit(1);
  return Boolean(detection);
}

/** After a record holding an original is deleted: the file goes too, unless another record holds the same file. */
export async function removeUnheldOriginal(db: Executor, dataDir: string, sha256: string | null): Promise<void> {
  if (sha256 && !(await stillHeld(db, sha256))) await removeOriginal(dataDir, sha256);
}
