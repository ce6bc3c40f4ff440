import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type LedgerEntry, ledgerEntries } from '../../db/schema/ledger';
import { type TaskStatus, tasks } from '../../db/schema/tasks';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../errors';
import { freeCheckNotice } from '../accounts/free-check-allowance';
import { freeCheckAvailable } from '../accounts/users';
import { balanceOf, lockUser } from './balance';

/** How a charge paid by the free first check is noted in the ledger (after the action's own note). */
export const FREE_CHECK_NOTE = '（首次免费）';

const insufficientBalance = () => conflict('INSUFFICIENT_BALANCE', '余额不足，请先充值');

export interface ChargeInput {
  taskId: string;
  userId: string;
  amountFen: number;
  note: string;
  /** Use the account's first free check (QR sign-ups) instead of the balance, if still available. */
  useFreeCheck?: boolean;
}

/**
 * Charges a task exactly once: a second call returns the first charge. Runs in its own transaction
 * (or the caller's) with the user's row locked, so concurrent charges can never overdraw the balance.
 */
export async function chargeTask(db: Executor, input: ChargeInput): Promise<LedgerEntry> {
  if (!Number.isInteger(input.amountFen) || input.amountFen < 0) throw new Error('amountFen must be a non-negative integer');
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (!user) throw notFound();
    const existing = await entryFor(tx, input.taskId, 'charge');
    if (existing) return existing;

    let amount = input.amountFen;
    let note = input.note;
    if (input.useFreeCheck) {
      if (!freeCheckAvailable(user)) {
        throw conflict('FREE_CHECK_USED', freeCheckNotice(user.freeCheckWithheld) ?? '首次免费查重已使用');
      }
      await tx.orm.update(users).set({ freeCheckUsedAt: new Date() }).where(eq(users.id, input.userId));
      await tx.orm.update(tasks).set({ freeCheck: true }).where(eq(tasks.id, input.taskId));
      amount = 0;
      note = `${note}${FREE_CHECK_NOTE}`;
    } else if ((await balanceOf(tx, input.userId)) < amount) {
      throw insufficientBalance();
    }
    const [entry] = await tx.orm
      .insert(ledgerEntries)
      .values({ userId: input.userId, kind: 'charge', amountFen: -amount, taskId: input.taskId, note: note.slice(0, 200) })
      .returning();
    return entry;
  });
}

/**
 * Gives a failed or cancelled task its charge back, exactly once; a free check becomes available
 * again. Returns null when the task was never charged.
 */
export async function refundTask(db: Executor, taskId: string, note: string): Promise<LedgerEntry | null> {
  return db.transaction(async (tx) => {
    const charge = await entryFor(tx, taskId, 'charge');
    if (!charge) return null;
    await lockUser(tx, charge.userId);
    const existing = await entryFor(tx, taskId, 'refund');
    if (existing) return existing;
    const [task] = await tx.orm.select({ freeCheck: tasks.freeCheck }).from(tasks).where(eq(tasks.id, taskId));
    if (task?.freeCheck) {
      await tx.orm.update(users).set({ freeCheckUsedAt: null }).where(eq(users.id, charge.userId));
    }
    const [entry] = await tx.orm
      .insert(ledgerEntries)
      .values({ userId: charge.userId, kind: 'refund', amountFen: -charge.amountFen, taskId, note: note.slice(0, 200) })
      .returning();
    return entry;
  });
}

async function entryFor(db: Executor, taskId: string, kind: 'charge' | 'refund'): Promise<LedgerEntry | undefined> {
  const [entry] = await db.orm
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.taskId, taskId), eq(ledgerEntries.kind, kind)))
    .limit(1);
  return entry;
}

export interface PaymentCheck {
  paid: boolean;
  orderId: string | null;
  status: TaskStatus;
  priceFen: number;
}

/** check_order_id: whether the caller's task has been paid (charged and not refunded). */
export async function paymentStatus(db: Executor, userId: string, taskId: string): Promise<PaymentCheck> {
  const [task] = await db.orm
    .select({ status: tasks.status, priceFen: tasks.priceFen })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
    .limit(1);
  if (!task) throw notFound();
  const charge = await entryFor(db, taskId, 'charge');
  const refund = charge ? await entryFor(db, taskId, 'refund') : undefined;
  return {
    paid: Boolean(charge) && !refund,
    orderId: charge?.id ?? null,
    status: task.status,
    priceFen: task.priceFen,
  };
}

