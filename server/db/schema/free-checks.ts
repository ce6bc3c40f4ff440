import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './users';

// One row per identity (hashed device or network address) that took part in a QR sign-up which
// received the free check; counted over the last day against the per-device and per-address limits.
export const freeCheckGrants = pgTable(
  'free_check_grants',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identityHash: text('identity_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('free_check_grants_identity_idx').on(t.identityHash, t.createdAt)],
);
