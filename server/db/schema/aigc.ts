import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { tasks } from './tasks';

export const aigcSourceTypes = ['upload', 'paste'] as const;
export type AigcSourceType = (typeof aigcSourceTypes)[number];

export const aigcBands = ['high', 'medium', 'low', 'none'] as const;

// What an AIGC detection adds to its task row (tasks.kind = 'aigc'; status, price and progress live
// there). The extracted text is kept so any worker process can score it; an uploaded .docx is kept
// content-addressed under DATA_DIR (file_sha256), so a 降AIGC made from the detection gives that file back
// rewritten in place. `summary` holds the document's figures once scored (AigcSummary in
// server/services/aigc/summary.ts), recomputed when a paragraph is scored again.
export const aigcDetections = pgTable(
  'aigc_detections',
  {
    taskId: text('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    author: text('author').notNull().default(''),
    sourceType: text('source_type', { enum: aigcSourceTypes }).notNull(),
    fileName: text('file_name'),
    fileSha256: text('file_sha256'),
    format: text('format').notNull(),
    text: text('text').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [check('aigc_detections_source_type_check', sql`${t.sourceType} in ('upload', 'paste')`), index('aigc_detections_file_sha256_idx').on(t.fileSha256)],
);

// One scored paragraph of a detection: its text, probability, band and sentences (offsets in code points
// within the paragraph, with their probabilities and reasons). Its id is what reload and
// load_content_by_id take.
export const aigcParagraphs = pgTable(
  'aigc_paragraphs',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    section: text('section'),
    text: text('text').notNull(),
    charCount: integer('char_count').notNull(),
    aiCharCount: integer('ai_char_count').notNull(),
    probability: doublePrecision('probability').notNull(),
    band: text('band', { enum: aigcBands }).notNull(),
    tooShort: boolean('too_short').notNull(),
    sentences: jsonb('sentences').$type<Array<Record<string, unknown>>>().notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('aigc_paragraphs_task_index_unique').on(t.taskId, t.index),
    index('aigc_paragraphs_task_idx').on(t.taskId),
    check('aigc_paragraphs_band_check', sql`${t.band} in ('high', 'medium', 'low', 'none')`),
    check('aigc_paragraphs_counts_check', sql`${t.charCount} >= 0 and ${t.aiCharCount} >= 0 and ${t.index} >= 0`),
  ],
);

export type AigcDetectionRow = typeof aigcDetections.$inferSelect;
export type AigcParagraphRow = typeof aigcParagraphs.$inferSelect;
