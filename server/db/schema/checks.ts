import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tasks } from './tasks';

export const checkSourceTypes = ['upload', 'paste'] as const;
export type CheckSourceType = (typeof checkSourceTypes)[number];

export const rewriteModes = ['rewrite', 'strong', 'smart', 'cnki'] as const;
export type RewriteMode = (typeof rewriteModes)[number];

// What a plagiarism check adds to its task row (tasks.kind = 'check'; status, price and progress live
// there). The extracted text is kept here, so any worker process can run the check; the uploaded
// original is kept content-addressed under DATA_DIR (file_sha256). The report is stored once the job
// finishes, so reopening it never runs the engine again.
export const checks = pgTable(
  'checks',
  {
    taskId: text('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    author: text('author').notNull().default(''),
    sourceType: text('source_type', { enum: checkSourceTypes }).notNull(),
    fileName: text('file_name'),
    fileSha256: text('file_sha256'),
    format: text('format').notNull(),
    text: text('text').notNull(),
    addToLibrary: boolean('add_to_library').notNull().default(false),
    excludeSelf: boolean('exclude_self').notNull().default(true),
    rewriteMode: text('rewrite_mode', { enum: rewriteModes }),
    rewriteTaskId: text('rewrite_task_id'),
    /** A check of a 改写工作台's edited text: the check whose workbench it came from (its report links back). */
    editedFromId: text('edited_from_id'),
    figures: jsonb('figures').$type<Record<string, unknown>>(),
    report: jsonb('report').$type<Record<string, unknown>>(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [
    index('checks_file_sha256_idx').on(t.fileSha256),
    index('checks_edited_from_idx').on(t.editedFromId),
    check('checks_source_type_check', sql`${t.sourceType} in ('upload', 'paste')`),
  ],
);

export type CheckRow = typeof checks.$inferSelect;
