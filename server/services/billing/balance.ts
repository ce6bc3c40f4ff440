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
