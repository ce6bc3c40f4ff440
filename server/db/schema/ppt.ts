import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Slide } from '@common/slides/deck';
import { newId } from '../ids';
import { tasks } from './tasks';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBufferLike)),
});

export const pptSources = ['topic', 'paper'] as const;
export type PptSource = (typeof pptSources)[number];

// What a slide deck (tasks.kind = 'ppt') adds to its task row: settings, the source (topic or the paper's
// text), the deck model as edited (autosaved), and the rendered .pptx once the task is done.
export const pptDecks = pgTable(
  'ppt_decks',
  {
    taskId: text('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    templateId: text('template_id').notNull(),
    scene: text('scene').notNull(),
    pageCount: integer('page_count').notNull(),
    source: text('source', { enum: pptSources }).notNull(),
    topic: text('topic'),
    paperText: text('paper_text'),
    slides: jsonb('slides').$type<Slide[]>().notNull().default([]),
    /** How the outline was drafted: model, offline (extracted from the paper without a model) or user. */
    outlineBy: text('outline_by', { enum: ['model', 'offline', 'user'] })
      .notNull()
      .default('user'),
    pptx: bytea('pptx'),
    renderedSlideCount: integer('rendered_slide_count'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ppt_decks_source_check', sql`${t.source} in ('topic', 'paper')`), check('ppt_decks_page_count_check', sql`${t.pageCount} between 5 and 50`)],
);

export type PptDeckRow = typeof pptDecks.$inferSelect;

// Operator-editable option lists (ai_sys_config_api): ppt_scene (毕业答辩, 开题报告 ...) and ppt_page_count.
export const sysConfigs = pgTable(
  'ai_sys_configs',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    entity: text('entity', { enum: ['ppt_scene', 'ppt_page_count'] }).notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_sys_configs_entity_key_idx').on(t.entity, t.key), index('ai_sys_configs_entity_sort_idx').on(t.entity, t.sort)],
);

export type SysConfigRow = typeof sysConfigs.$inferSelect;
