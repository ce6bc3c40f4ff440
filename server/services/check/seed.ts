import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import { workbenchEdits, workbenches } from '../../db/schema/workbench';
import { countChars } from '@common/char-count';
import { priceFor } from '../billing/prices';
import { runCheck } from './run';

export interface SeededCheck {
  id: string;
  userId: string;
  title: string;
  author: string;
  text: string;
}

/**
 * Writes a pasted check directly (provider states of the contract tests, demo data): no charge, no
 * queue. Writing it again resets the record to this state, whatever happened to it since.
 */
async function storeCheck(deps: Deps, input: SeededCheck, finished: boolean): Promise<void> {
  const charCount = countChars(input.text);
  const now = deps.now();
  const task = {
    kind: 'check' as const,
    userId: input.userId,
    title: input.title,
    status: finished ? ('done' as const) : ('draft' as const),
    progress: finished ? 100 : 0,
    priceFen: await priceFor(deps.db, 'check', charCount),
    charCount,
    freeCheck: false,
    attempts: 0,
    error: null,
    result: null,
    leaseOwner: null,
    leaseExpiresAt: null,
    heartbeatAt: null,
    createdAt: now,
    updatedAt: now,
    queuedAt: null,
    startedAt: null,
    finishedAt: finished ? now : null,
  };
  const check = {
    author: input.author,
    sourceType: 'paste' as const,
    fileName: null,
    fileSha256: null,
    format: 'paste',
    text: input.text,
    addToLibrary: false,
    excludeSelf: true,
    rewriteMode: null,
    rewriteTaskId: null,
    editedFromId: null,
    figures: null,
    report: null,
    reportedAt: null,
  };
  await deps.db.transaction(async (tx) => {
    await tx.orm.insert(tasks).values({ id: input.id, ...task }).onConflictDoUpdate({ target: tasks.id, set: task });
    await tx.orm.insert(checks).values({ taskId: input.id, ...check }).onConflictDoUpdate({ target: checks.taskId, set: check });
    await tx.orm.delete(workbenchEdits).where(eq(workbenchEdits.checkId, input.id));
    await tx.orm.delete(workbenches).where(eq(workbenches.checkId, input.id));
    // New checks of its edited text stay the caller's records, no longer the rechecks of this one.
    await tx.orm.update(checks).set({ editedFromId: null }).where(eq(checks.editedFromId, input.id));
    if (finished) await runCheck({ db: tx, compute: deps.compute }, input.id);
  });
}

/** A finished check with a real report, computed against the library as it is now. */
export function storeFinishedCheck(deps: Deps, input: SeededCheck): Promise<void> {
  return storeCheck(deps, input, true);
}

/** An unpaid draft, as check_init leaves one, ready for check_cost and check_submit. */
export function storeDraftCheck(deps: Deps, input: SeededCheck): Promise<void> {
  return storeCheck(deps, input, false);
}
