import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';

// Why a QR sign-up got no free check: its device or its network address had already received the
// day's allowance (FREE_CHECKS_PER_DEVICE_PER_DAY, FREE_CHECKS_PER_IP_PER_DAY).
export const freeCheckWithheldReasons = ['device', 'address'] as const;
export type FreeCheckWithheldReason = (typeof freeCheckWithheldReasons)[number];

// A QR sign-up has no password: the phone's device key (stored hashed) is its identity.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    username: text('username').notNull().unique(),
    phone: text('phone').unique(),
    passwordHash: text('password_hash'),
    deviceKeyHash: text('device_key_hash').unique(),
    avatar: text('avatar').notNull().default('/avatar/default.png'),
    qrSignup: boolean('qr_signup').notNull().default(false),
    freeCheckUsedAt: timestamp('free_check_used_at', { withTimezone: true }),
    freeCheckWithheld: text('free_check_withheld', { enum: freeCheckWithheldReasons }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

export type User = typeof users.$inferSelect;
