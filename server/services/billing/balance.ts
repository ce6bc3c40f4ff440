import type { Executor } from '../../db/client';

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
 */
export async function lockUser(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx.sql('select id from users where id = $1 for update', [userId]);
  return rows.length > 0;
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
