import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Model work given away free, counted per (action, subject, day): the subject is an account
// (`user:<id>`) or a hashed network address (`address:<sha256>`), the day a calendar day in China time.
// Rows older than two days are deleted as new ones are counted.
export const freeUses = pgTable(
  'free_uses',
  {
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    day: text('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.action, t.subject, t.day] }), index('free_uses_day_idx').on(t.day)],
);
