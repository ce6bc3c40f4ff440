import { type Deps, withDb } from '../../context';
import { conflict } from '../../errors';
import { lockOwnTask, queueDraft } from '../tasks/tasks';
import { type AigcRecord, loadDetection, ownDetection } from './records';

/**
 * machine_submit: charges the detection price from the balance (the free first check is for 查重 only) and
 * queues the draft, in one transaction: a refusal (already submitted, insufficient balance) charges nothing
 * and changes nothing.
 */
export async function submitDetection(deps: Deps, userId: string, id: string): Promise<AigcRecord> {
  await ownDetection(deps.db, userId, id);
  await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'aigc');
    if (task.status !== 'draft') throw conflict('TASK_ALREADY_SUBMITTED', '该论文已提交 AIGC 检测，请勿重复提交');
    await queueDraft(withDb(deps, tx), task, { note: `AIGC检测：${task.title}` });
  });
  return loadDetection(deps.db, userId, id);
}
