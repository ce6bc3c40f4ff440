import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';

// One row per network address (hashed; IPv6 by its /64) that took part in a new account, by the register
// call or a QR sign-up; counted against SIGNUPS_PER_ADDRESS_PER_HOUR and _PER_DAY, deleted after two days.
export const signups = pgTable(
  'signups',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    addressHash: text('address_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signups_address_idx').on(t.addressHash, t.createdAt)],
);
