import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';

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
    failedLogins: integer('failed_logins').notNull().default(0),
    failedLoginsSince: timestamp('failed_logins_since', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_failed_logins_check', sql`${t.failedLogins} >= 0`)],
);

export type User = typeof users.$inferSelect;
