import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { tasks } from './tasks';

// One row per model call (server/engines/llm): what it cost in tokens and how it went, per task.
// usage_source: api when the endpoint reported the usage, counted when the server estimated it.
export const llmCalls = pgTable(
  'llm_calls',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    taskId: text('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    model: text('model').notNull(),
    outcome: text('outcome', { enum: ['complete', 'aborted', 'failed'] }).notNull(),
    errorKind: text('error_kind'),
    finishReason: text('finish_reason'),
    promptTokens: integer('prompt_tokens').notNull(),
    completionTokens: integer('completion_tokens').notNull(),
    usageSource: text('usage_source', { enum: ['api', 'counted'] }).notNull(),
    attempts: integer('attempts').notNull(),
    firstTokenMs: integer('first_token_ms'),
    totalMs: integer('total_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('llm_calls_task_idx').on(t.taskId),
    check('llm_calls_outcome_check', sql`${t.outcome} in ('complete', 'aborted', 'failed')`),
    check('llm_calls_usage_check', sql`${t.usageSource} in ('api', 'counted') and ${t.promptTokens} >= 0 and ${t.completionTokens} >= 0`),
  ],
);

export type LlmCallRow = typeof llmCalls.$inferSelect;
