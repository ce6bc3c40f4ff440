import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { KEEP_REASONS } from '../../engines/docx/keep-reasons';
import type { KeptReason, ParagraphRole, SentenceStatus } from '../../engines/rewrite';
import { newId } from '../ids';
import { tasks } from './tasks';

export const rewriteRecordModes = ['rewrite', 'strong', 'polish', 'smart', 'cnki'] as const;
export type RewriteRecordMode = (typeof rewriteRecordModes)[number];

export const rewriteSources = ['upload', 'check', 'aigc', 'check-aigc'] as const;
export type RewriteSource = (typeof rewriteSources)[number];

export const paragraphStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ParagraphStatus = (typeof paragraphStatuses)[number];

// What a rewording task (tasks.kind = 'rewrite') adds to its task row: the text as submitted, the mode,
// the protected terms and the whole-text figures before and after (copy ratio against our library, AI share).
// An uploaded .docx is kept content-addressed under DATA_DIR (file_sha256; also the .docx of the check or
// detection the record was made from): its downloads are that file rewritten in place.
export const rewrites = pgTable(
  'rewrites',
  {
    taskId: text('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** paper_machine_api (rewrite, strong, polish) or machine_api (smart, cnki). */
    api: text('api', { enum: ['paper', 'machine'] }).notNull(),
    mode: text('mode', { enum: rewriteRecordModes }).notNull(),
    source: text('source', { enum: rewriteSources }).notNull().default('upload'),
    sourceType: text('source_type', { enum: ['upload', 'paste'] }).notNull(),
    fileName: text('file_name'),
    fileSha256: text('file_sha256'),
    text: text('text').notNull(),
    protectedTerms: jsonb('protected_terms').$type<string[]>().notNull().default([]),
    seed: integer('seed').notNull().default(1),
    sourceCheckId: text('source_check_id'),
    sourceAigcId: text('source_aigc_id'),
    recheckId: text('recheck_id'),
    rewrittenCharCount: integer('rewritten_char_count'),
    similarityBefore: real('similarity_before'),
    similarityAfter: real('similarity_after'),
    aigcBefore: real('aigc_before'),
    aigcAfter: real('aigc_after'),
    /** The document's terms the engine found (关键词, title, compounds) with the user's: what the term check reads. */
    terms: jsonb('terms').$type<string[]>().notNull().default([]),
    /** Sentences rewritten and kept in the whole text, counted when the rewrite is done (null before). */
    sentenceRewritten: integer('sentence_rewritten'),
    sentenceKept: integer('sentence_kept'),
    keptReasons: jsonb('kept_reasons').$type<Partial<Record<KeptReason, number>>>().notNull().default({}),
    /** The term check over the whole rewrite: how many terms occur in the original, and those lost (null before). */
    termsChecked: integer('terms_checked'),
    lostTerms: jsonb('lost_terms').$type<string[]>().notNull().default([]),
  },
  (t) => [check('rewrites_api_check', sql`${t.api} in ('paper', 'machine')`), index('rewrites_file_sha256_idx').on(t.fileSha256)],
);

export type RewriteRow = typeof rewrites.$inferSelect;

// One paragraph pair of a rewording task, with the figures measured by our own engines.
export const rewriteParagraphs = pgTable(
  'rewrite_paragraphs',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    original: text('original').notNull(),
    /** What the paragraph is (only body paragraphs are rewritten; the others are kept for their role). */
    role: text('role').$type<ParagraphRole>().notNull().default('body'),
    rewritten: text('rewritten').notNull().default(''),
    /** Every sentence of the original: rewritten, or kept and why. */
    sentences: jsonb('sentences').$type<SentenceStatus[]>().notNull().default([]),
    status: text('status', { enum: paragraphStatuses }).notNull().default('queued'),
    offline: boolean('offline').notNull().default(true),
    /** Share of the rewrite's characters in runs of 13+ shared with the original (engine figure). */
    similarityToOriginal: real('similarity_to_original'),
    bigramOverlap: real('bigram_overlap'),
    protectedKept: boolean('protected_kept'),
    /** The term check (term-check.ts) on this pair: the terms the rewrite lost; null before it is rewritten. */
    lostTerms: jsonb('lost_terms').$type<string[]>(),
    similarityBefore: real('similarity_before'),
    similarityAfter: real('similarity_after'),
    aigcBefore: real('aigc_before'),
    aigcAfter: real('aigc_after'),
    accepted: boolean('accepted').notNull().default(true),
    /** Why the rewrite cannot be written into the uploaded .docx where the paragraph is (null: it can, or no .docx). */
    docxKept: text('docx_kept', { enum: KEEP_REASONS }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rewrite_paragraphs_task_index_idx').on(t.taskId, t.index),
    index('rewrite_paragraphs_status_idx').on(t.status),
  ],
);

export type RewriteParagraphRow = typeof rewriteParagraphs.$inferSelect;
