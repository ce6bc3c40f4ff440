import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { type PackageType, packages } from './packages';
import { users } from './users';

export const orderStatuses = ['pending', 'paid', 'refunded', 'closed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const payChannels = ['sandbox', 'wechat', 'alipay'] as const;
export type PayChannel = (typeof payChannels)[number];

// Name, type, amount and credit are copied from the package at purchase, so later price edits never change an order.
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    orderNo: text('order_no').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id),
    packageName: text('package_name').notNull(),
    packageType: text('package_type').$type<PackageType>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    creditFen: integer('credit_fen').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    payChannel: text('pay_channel', { enum: payChannels }).notNull(),
    providerTradeNo: text('provider_trade_no'),
    // What the buyer scans (WeChat Pay's code_url, Alipay's qr_code), kept so a reopened pay dialog shows it again.
    payCode: text('pay_code'),
    // When the provider was last asked about this pending order (server/services/payments/sync.ts).
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_pending_sync_idx').on(t.syncedAt).where(sql`${t.status} = 'pending'`),
    check('orders_status_check', sql`${t.status} in ('pending', 'paid', 'refunded', 'closed')`),
    check('orders_amount_check', sql`${t.amountFen} > 0 and ${t.creditFen} >= 0`),
  ],
);

export type Order = typeof orders.$inferSelect;
