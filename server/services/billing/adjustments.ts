import type { Executor } from '../../db/client';
import { type LedgerEntry, ledgerEntries } from '../../db/schema/ledger';
import { badRequest, conflict, notFound } from '../../errors';
import { balanceOf, lockUser, spendableFen } from './balance';

export const MAX_ADJUSTMENT_FEN = 100_000_000;

export interface Adjustment {
  userId: string;
  /** Positive: credit (ledger kind grant); negative: take back (kind deduction). */
  amountFen: number;
  reason: string;
}

/**
 * An operator's credit or deduction, appended to the ledger with its reason. A deduction larger than
 * the balance is refused, so the balance never goes below zero.
 */
export async function adjustBalance(db: Executor, input: Adjustment): Promise<{ entry: LedgerEntry; balanceFen: number }> {
  const reason = input.reason.trim();
  if (!Number.isInteger(input.amountFen) || input.amountFen === 0 || Math.abs(input.amountFen) > MAX_ADJUSTMENT_FEN) {
    throw badRequest(`金额应为非零整数（分），绝对值不超过 ${MAX_ADJUSTMENT_FEN}`);
  }
  if (!reason || reason.length > 200) throw badRequest('原因不能为空，且不超过 200 字');
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, input.userId))) throw notFound();
    const balance = await balanceOf(tx, input.userId);
    if (input.amountFen < 0 && (await spendableFen(tx, input.userId)) + input.amountFen < 0) {
      throw conflict('INSUFFICIENT_BALANCE', `余额只有 ${balance} 分，不能扣减 ${-input.amountFen} 分（余额不能为负）`);
    }
    const [entry] = await tx.orm
      .insert(ledgerEntries)
      .values({ userId: input.userId, kind: input.amountFen > 0 ? 'grant' : 'deduction', amountFen: input.amountFen, note: reason })
      .returning();
    return { entry, balanceFen: balance + input.amountFen };
  });
}
