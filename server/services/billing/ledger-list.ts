import type { Executor } from '../../db/client';
import type { LedgerKind } from '../../db/schema/ledger';
import { type PageQuery, offsetOf } from '../paging';

export interface LedgerEntryView {
  id: string;
  kind: LedgerKind;
  amountFen: number;
  balanceAfterFen: number;
  orderId: string | null;
  taskId: string | null;
  note: string;
  createdAt: string;
}

/** The caller's ledger, newest first, each entry with the running balance after it. */
export async function listLedger(db: Executor, userId: string, page: PageQuery) {
  // The balance is the ledger's sum (balanceOf), read in the same pass as the count.
  const [{ total, balanceFen }] = await db.sql<{ total: number; balanceFen: number }>(
    'select count(*)::int as total, coalesce(sum(amount_fen), 0)::int as "balanceFen" from ledger_entries where user_id = $1',
    [userId],
  );
  const rows = await db.sql<Omit<LedgerEntryView, 'createdAt'> & { createdAt: string }>(
    `select id, kind, "amountFen", "balanceAfterFen", "orderId", "taskId", note,
            to_char("createdAt" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
     from (
       select id, kind, amount_fen as "amountFen", order_id as "orderId", task_id as "taskId", note, seq,
              created_at as "createdAt",
              (sum(amount_fen) over (order by seq rows between unbounded preceding and current row))::int as "balanceAfterFen"
       from ledger_entries where user_id = $1
     ) running
     order by seq desc
     limit $2 offset $3`,
    [userId, page.pageSize, offsetOf(page)],
  );
  return {
    records: rows as LedgerEntryView[],
    total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    balanceFen,
  };
}
