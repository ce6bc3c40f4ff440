import type { Deps } from '../../context';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import { countChars } from '../../engines/text/count';
import { priceFor } from '../billing/prices';
import { runCheck } from './run';

export interface FinishedCheck {
  id: string;
  userId: string;
  title: string;
  author: string;
  text: string;
}

/**
 * A finished check with a real report, written directly (provider states of the contract tests, demo
 * data): no charge, no queue. Running it again replaces the record.
 */
export async function storeFinishedCheck(deps: Deps, input: FinishedCheck): Promise<void> {
  const charCount = countChars(input.text);
  const now = deps.now();
  const task = {
    kind: 'check' as const,
    userId: input.userId,
    title: input.title,
    status: 'done' as const,
    progress: 100,
    priceFen: await priceFor(deps.db, 'check', charCount),
    charCount,
    createdAt: now,
    updatedAt: now,
    finishedAt: now,
  };
  const check = { author: input.author, sourceType: 'paste' as const, format: 'paste', text: input.text };
  await deps.db.transaction(async (tx) => {
    await tx.orm.insert(tasks).values({ id: input.id, ...task }).onConflictDoUpdate({ target: tasks.id, set: task });
    await tx.orm.insert(checks).values({ taskId: input.id, ...check }).onConflictDoUpdate({ target: checks.taskId, set: check });
    await runCheck(tx, input.id);
  });
}
