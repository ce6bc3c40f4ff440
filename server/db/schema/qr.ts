import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './users';

// pending -> scanned -> confirmed -> consumed (the desktop poll received its token). The desktop polls
// with the id from its own browser (requester_device_hash); the QR code carries only the scan token.
export const qrSessions = pgTable(
  'qr_sessions',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    scanTokenHash: text('scan_token_hash').notNull(),
    status: text('status', { enum: ['pending', 'scanned', 'confirmed', 'consumed'] })
      .notNull()
      .default('pending'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    // The desktop that asked for the code (hashed network address and device cookie), counted with
    // the phone's against the daily free-check allowance when the code signs up a new account. Only a
    // poll with that device cookie receives the token.
    requesterAddressHash: text('requester_address_hash'),
    requesterDeviceHash: text('requester_device_hash'),
    // A signed-in account asking to link WeChat (a WeChat scan then links instead of signing in).
    linkUserId: text('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('qr_sessions_scan_token_hash_unique').on(t.scanTokenHash),
    check('qr_sessions_status_check', sql`${t.status} in ('pending', 'scanned', 'confirmed', 'consumed')`),
  ],
);

export type QrSession = typeof qrSessions.$inferSelect;
