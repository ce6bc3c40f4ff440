import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type User, users } from '../../db/schema/users';

/** The balance is the sum of the user's ledger; it is never stored anywhere else. */
export async function balanceOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db.sql<{ balance: number }>(
    'select coalesce(sum(amount_fen), 0)::int as balance from ledger_entries where user_id = $1',
    [userId],
  );
  return row.balance;
}

/**
 * Locks the user's row for the rest of the transaction, so balance checks and ledger inserts of
 * concurrent transactions for the same user run one after another (FOR UPDATE works on both engines).
 * Returns the locked row, or undefined for an unknown user.
 */
export async function lockUser(tx: Executor, userId: string): Promise<User | undefined> {
  const [user] = await tx.orm.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

export interface Totals {
  balanceFen: number;
  totalRechargeFen: number;
  totalSpentFen: number;
}

export async function totalsOf(db: Executor, userId: string): Promise<Totals> {
  const [row] = await db.sql<Totals>(
    `select
       coalesce(sum(amount_fen), 0)::int as "balanceFen",
       coalesce(sum(amount_fen) filter (where kind in ('recharge', 'reversal')), 0)::int as "totalRechargeFen",
       (-coalesce(sum(amount_fen) filter (where kind in ('charge', 'refund')), 0))::int as "totalSpentFen"
     from ledger_entries where user_id = $1`,
    [userId],
  );
  return row;
}

/**
 * The balance less what refunds waiting for their provider hold (an order's credit leaves the ledger
 * only when the provider confirms the refund, so until then it must not be spent). What charges check.
 */
export async function spendableFen(db: Executor, userId: string): Promise<number> {
  const [row] = await db.sql<{ held: number }>(
    `select coalesce(sum(o.credit_fen), 0)::int as held
     from payment_refunds r join orders o on o.id = r.order_id
     where o.user_id = $1 and r.status = 'processing'`,
    [userId],
  );
  return (await balanceOf(db, userId)) - row.held;
}
