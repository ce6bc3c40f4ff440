import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { orders } from './orders';
import { tasks } from './tasks';
import { users } from './users';

// recharge: a paid order credits the balance; reversal: a refunded order takes that credit back;
// charge: a task's price; refund: a failed task's price back; grant: credit given by an operator;
// deduction: balance an operator took back (never below zero).
export const ledgerKinds = ['recharge', 'reversal', 'charge', 'refund', 'grant', 'deduction'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

// Append-only: a balance is the sum of amountFen. The partial unique indexes make "credit an order once",
// "charge a task once" and "refund a task once" hold even under concurrent or repeated calls.
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    // Insertion order, for running balances (created_at can tie within one transaction).
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    orderId: text('order_id').references(() => orders.id),
    taskId: text('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_seq_idx').on(t.userId, t.seq),
    uniqueIndex('ledger_order_kind_uq').on(t.orderId, t.kind).where(sql`${t.orderId} is not null`),
    uniqueIndex('ledger_task_kind_uq').on(t.taskId, t.kind).where(sql`${t.taskId} is not null`),
    check('ledger_kind_check', sql`${t.kind} in ('recharge', 'reversal', 'charge', 'refund', 'grant', 'deduction')`),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
