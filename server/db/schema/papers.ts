import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Outline } from '../../engines/writing/types';
import { newId } from '../ids';
import { tasks } from './tasks';

export const paperApis = ['ai', 'info'] as const;
export const paperForms = ['ai', 'thesis', 'journal'] as const;
export const paperStages = ['outline', 'writing', 'done'] as const;
export const paperDegrees = ['junior-college', 'bachelor', 'master', 'doctor', 'journal'] as const;
export const paperSectionStatuses = ['draft', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type PaperSectionStatus = (typeof paperSectionStatuses)[number];
export const paperMaterialKinds = ['proposal', 'literature-review', 'acknowledgement'] as const;
export type PaperMaterialKind = (typeof paperMaterialKinds)[number];

export interface StoredMaterial {
  kind: PaperMaterialKind;
  content: string;
  status: PaperSectionStatus;
  offline: boolean;
}

// What a paper (tasks.kind = 'paper') adds to its task row: the brief, the user's references (GB/T 7714
// lines, the only ones the paper may cite), the outline, the abstract and the companion materials.
// ai_paper_info_api papers are `api = 'ai'`; the classic forms of paper_info_api are `api = 'info'`.
export const papers = pgTable(
  'papers',
  {
    taskId: text('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    api: text('api', { enum: paperApis }).notNull(),
    form: text('form', { enum: paperForms }).notNull(),
    discipline: text('discipline').notNull(),
    degree: text('degree', { enum: paperDegrees }).notNull(),
    targetLength: integer('target_length').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    requirements: text('requirements').notNull().default(''),
    author: text('author').notNull().default(''),
    institution: text('institution').notNull().default(''),
    englishAbstract: boolean('english_abstract').notNull().default(false),
    outline: jsonb('outline').$type<Outline>(),
    /** model: the model's outline; template: the offline template (shown as 模板). */
    outlineSource: text('outline_source', { enum: ['model', 'template'] }),
    stage: text('stage', { enum: paperStages }).notNull().default('outline'),
    abstract: text('abstract').notNull().default(''),
    abstractEn: text('abstract_en'),
    materials: jsonb('materials').$type<StoredMaterial[]>().notNull().default([]),
    /** Citation numbers the model used that pointed to no supplied reference (removed), over the whole paper. */
    removedCitations: integer('removed_citations').notNull().default(0),
  },
  (t) => [
    check('papers_api_check', sql`${t.api} in ('ai', 'info')`),
    check('papers_stage_check', sql`${t.stage} in ('outline', 'writing', 'done')`),
    check('papers_length_check', sql`${t.targetLength} > 0`),
  ],
);

export type PaperRow = typeof papers.$inferSelect;

// One row of the paper's outline: a chapter (level 1) or a section (level 2). A chapter with sections is a
// heading only (targetLength 0, done at once); the others are written, each stored as it is written.
export const paperSections = pgTable(
  'paper_sections',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    level: integer('level').notNull(),
    heading: text('heading').notNull(),
    chapterHeading: text('chapter_heading').notNull(),
    targetLength: integer('target_length').notNull().default(0),
    points: jsonb('points').$type<string[]>().notNull().default([]),
    content: text('content').notNull().default(''),
    charCount: integer('char_count').notNull().default(0),
    /** The running summary later sections are written from. */
    summary: text('summary').notNull().default(''),
    status: text('status', { enum: paperSectionStatuses }).notNull().default('queued'),
    error: text('error'),
    offline: boolean('offline').notNull().default(false),
    removedCitations: jsonb('removed_citations').$type<number[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paper_sections_task_index_idx').on(t.taskId, t.index),
    index('paper_sections_status_idx').on(t.status),
    check('paper_sections_level_check', sql`${t.level} between 1 and 3`),
  ],
);

export type PaperSectionRow = typeof paperSections.$inferSelect;
