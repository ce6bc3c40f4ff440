import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RecheckedParagraph } from '../../engines/similarity/recheck';
import { newId } from '../ids';
import { tasks } from './tasks';

export const workbenchEditKinds = ['typing', 'suggestion', 'rewrite'] as const;
export type WorkbenchEditKind = (typeof workbenchEditKinds)[number];

// 改写工作台 (边改边查): the versions of a finished check's paper as its owner rewrites it. The history is linear:
// edits 1..head are in effect, those after head were undone (redo brings them back, a new edit drops them).
export const workbenches = pgTable('workbenches', {
  checkId: text('check_id')
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  head: integer('head').notNull().default(0),
  /** Edits kept (head of them in effect; the rest can be redone). */
  length: integer('length').notNull().default(0),
  /** The automatic rewrite whose paragraphs were put in (continue from the automatic rewrite). */
  rewriteId: text('rewrite_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// One version: the text one paragraph (by its index in the report) was given, and the re-check it caused
// (that paragraph and the ones beside it, keyed by paragraph index), so reopening never re-runs the engine.
export const workbenchEdits = pgTable(
  'workbench_edits',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    checkId: text('check_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    paragraph: integer('paragraph').notNull(),
    kind: text('kind', { enum: workbenchEditKinds }).notNull(),
    text: text('text').notNull(),
    rechecked: jsonb('rechecked').$type<Record<string, RecheckedParagraph>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workbench_edits_check_seq_idx').on(t.checkId, t.seq), index('workbench_edits_check_paragraph_idx').on(t.checkId, t.paragraph)],
);

export type WorkbenchEdit = typeof workbenchEdits.$inferSelect;
