import { type Deps, withDb } from '../../context';
import type { Executor } from '../../db/client';
import type { Task } from '../../db/schema/tasks';
import { conflict } from '../../errors';
import { type ChargePlan, chargePlan } from '../billing/plan';
import { rateOf } from '../billing/prices';
import { lockOwnTask, queueDraft } from '../tasks/tasks';
import { type AigcRecord, loadDetection, ownDetection } from './records';

async function submitPlan(db: Executor, task: Task): Promise<ChargePlan> {
  if (task.status !== 'draft') throw conflict('TASK_ALREADY_SUBMITTED', '该论文已提交 AIGC 检测，请勿重复提交');
  return chargePlan({
    priceFen: task.priceFen,
    note: `AIGC检测：${task.title}`,
    charCount: task.charCount,
    rate: await rateOf(db, 'aigc', task.charCount, task.priceFen),
  });
}

/** machine_submit's charge (charge_quote). */
export async function detectionSubmitPlan(deps: Deps, userId: string, id: string): Promise<ChargePlan> {
  return submitPlan(deps.db, (await ownDetection(deps.db, userId, id)).task);
}

/**
 * machine_submit: charges the detection price from the balance (the free first check is for 查重 only) and
 * queues the draft, in one transaction: a refusal (already submitted, insufficient balance) charges nothing
 * and changes nothing.
 */
export async function submitDetection(deps: Deps, userId: string, id: string): Promise<AigcRecord> {
  await ownDetection(deps.db, userId, id);
  await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'aigc');
    const plan = await submitPlan(tx, task);
    await queueDraft(withDb(deps, tx), task, { note: plan.note });
  });
  return loadDetection(deps.db, userId, id);
}
