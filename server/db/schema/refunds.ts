import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { orders } from './orders';

export const refundStatuses = ['processing', 'succeeded', 'declined'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

// A refund of a paid order to the channel it was paid through. While `processing` its amount is held
// (billing/balance.ts availableFen); the ledger's reversal is written when the provider confirms. A
// declined refund may be asked again, so only one refund per order can be processing or succeeded.
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundNo: text('refund_no').notNull().unique(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('processing'),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_live_uq').on(t.orderId).where(sql`${t.status} <> 'declined'`),
    check('payment_refunds_status_check', sql`${t.status} in ('processing', 'succeeded', 'declined')`),
    check('payment_refunds_amount_check', sql`${t.amountFen} > 0`),
  ],
);

export type PaymentRefund = typeof paymentRefunds.$inferSelect;
