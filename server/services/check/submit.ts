import { eq } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import { type RewriteMode, checks } from '../../db/schema/checks';
import { conflict } from '../../errors';
import { balanceOf } from '../billing/balance';
import { type Quote, quote } from '../billing/charges';
import { getOwnTask, lockOwnTask, queueDraft } from '../tasks/tasks';
import { type CheckRecord, hasFreeCheck, loadCheck } from './records';
import { type CheckWarning, draftWarnings } from './warnings';

/**
 * check_cost: what submitting the draft costs now, with what the user should know before paying (an
 * empty or small library, a text with little Chinese); a submitted check shows what it was paid with.
 */
export async function checkCost(deps: Deps, userId: string, id: string): Promise<Quote & { warnings: CheckWarning[] }> {
  const task = await getOwnTask(deps.db, userId, id, 'check');
  if (task.status === 'draft') {
    const [cost, warnings] = await Promise.all([quote(deps.db, userId, task.priceFen, true), draftWarnings(deps, id, task.charCount)]);
    return { ...cost, warnings };
  }
  return { priceFen: task.priceFen, balanceFen: await balanceOf(deps.db, userId), freeCheck: task.freeCheck, enough: true, warnings: [] };
}

export interface SubmitInput {
  id: string;
  addToLibrary?: boolean;
  excludeSelf?: boolean;
  /** check_machine_submit: reword the flagged paragraphs once the check is done. */
  rewriteMode?: RewriteMode;
}

/**
 * check_submit / check_machine_submit: records the options, charges the price (or uses the free first
 * check of a QR sign-up while it is available) and queues the check, all in one transaction: a refusal
 * (already submitted, insufficient balance) leaves nothing charged and nothing changed.
 */
export async function submitCheck(deps: Deps, userId: string, input: SubmitInput): Promise<CheckRecord> {
  await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, input.id, 'check');
    if (task.status !== 'draft') throw conflict('TASK_ALREADY_SUBMITTED', '该论文已提交查重，请勿重复提交');
    const freeCheck = await hasFreeCheck(tx, userId);
    await tx.orm
      .update(checks)
      .set({
        addToLibrary: input.addToLibrary ?? false,
        excludeSelf: input.excludeSelf ?? true,
        rewriteMode: input.rewriteMode ?? null,
      })
      .where(eq(checks.taskId, task.id));
    await queueDraft(withDb(deps, tx), task, { note: `论文查重：${task.title}`, useFreeCheck: freeCheck });
  });
  return loadCheck(deps.db, userId, input.id);
}
