import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The per-minute request limits' counters on PostgreSQL (server/http/rate-limit-store.ts), so every API process
// counts the same requests: one row per (route, user or address), its window's start and the requests in it.
// The embedded database serves one process, which counts in memory instead.
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
