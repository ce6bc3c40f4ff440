import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './users';

export const signInMethods = ['password', 'register', 'qr'] as const;
export type SignInMethod = (typeof signInMethods)[number];

// Access tokens are opaque; only their SHA-256 hash is stored. Each is one signed-in device or browser,
// listed in the account centre by how it signed in and the browser it was issued to (User-Agent).
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
    method: text('method', { enum: signInMethods }).notNull().default('password'),
    userAgent: text('user_agent'),
    // Refreshed at most every few minutes when the token is looked up (not on every call).
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_tokens_user_idx').on(t.userId),
    check('access_tokens_method_check', sql`${t.method} in ('password', 'register', 'qr')`),
  ],
);
