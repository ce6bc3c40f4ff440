import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './users';

// Access tokens are opaque; only their SHA-256 hash is stored.
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);
