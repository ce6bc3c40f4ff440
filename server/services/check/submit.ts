import { eq } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import { type RewriteMode, checks } from '../../db/schema/checks';
import { conflict } from '../../errors';
import type { Executor } from '../../db/client';
import type { Task } from '../../db/schema/tasks';
import { type ChargePlan, type ChargeQuote, chargePlan, quoteOf } from '../billing/plan';
import { rateOf } from '../billing/prices';
import { getOwnTask, lockOwnTask, queueDraft } from '../tasks/tasks';
import { type CheckRecord, hasFreeCheck, loadCheck } from './records';
import { type CheckWarning, draftWarnings } from './warnings';

const alreadySubmitted = () => conflict('TASK_ALREADY_SUBMITTED', '该论文已提交查重，请勿重复提交');

/** What submitting a draft check charges: its price, or nothing with the free first check. */
async function submitPlan(db: Executor, userId: string, task: Task): Promise<ChargePlan> {
  return chargePlan({
    priceFen: task.priceFen,
    note: `论文查重：${task.title}`,
    charCount: task.charCount,
    rate: await rateOf(db, 'check', task.charCount, task.priceFen),
    freeCheck: await hasFreeCheck(db, userId),
  });
}

/** check_submit's charge (charge_quote). */
export async function checkSubmitPlan(deps: Deps, userId: string, id: string): Promise<ChargePlan> {
  const task = await getOwnTask(deps.db, userId, id, 'check');
  if (task.status !== 'draft') throw alreadySubmitted();
  return submitPlan(deps.db, userId, task);
}

/**
 * check_cost: what submitting the draft costs now, with what the user should know before paying (an
 * empty or small library, a text with little Chinese); a submitted check shows what it was paid with.
 */
export async function checkCost(deps: Deps, userId: string, id: string): Promise<ChargeQuote & { warnings: CheckWarning[] }> {
  const task = await getOwnTask(deps.db, userId, id, 'check');
  if (task.status === 'draft') {
    const [cost, warnings] = await Promise.all([quoteOf(deps.db, userId, await submitPlan(deps.db, userId, task)), draftWarnings(deps, id, task.charCount)]);
    return { ...cost, warnings };
  }
  const paid = chargePlan({ priceFen: task.priceFen, note: `论文查重：${task.title}`, charCount: task.charCount, freeCheck: task.freeCheck });
  return { ...(await quoteOf(deps.db, userId, paid)), enough: true, balanceAfterFen: null, warnings: [] };
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
    if (task.status !== 'draft') throw alreadySubmitted();
    const plan = await submitPlan(tx, userId, task);
    await tx.orm
      .update(checks)
      .set({
        addToLibrary: input.addToLibrary ?? false,
        excludeSelf: input.excludeSelf ?? true,
        rewriteMode: input.rewriteMode ?? null,
      })
      .where(eq(checks.taskId, task.id));
    await queueDraft(withDb(deps, tx), task, { note: plan.note, useFreeCheck: plan.freeCheck });
  });
  return loadCheck(deps.db, userId, input.id);
}
