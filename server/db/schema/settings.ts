import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Process-independent settings, e.g. the generated signing secret of the sandbox payment links, so every
// API and worker process (and every restart) agrees on it.
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
