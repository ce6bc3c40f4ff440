import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Failed password logins per (login name as typed, network address), both hashed: the back-off
// applies to one name from one address, whether or not the name exists.
export const loginThrottles = pgTable(
  'login_throttles',
  {
    nameHash: text('name_hash').notNull(),
    addressHash: text('address_hash').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.nameHash, t.addressHash] }), index('login_throttles_last_failure_idx').on(t.lastFailureAt)],
);
