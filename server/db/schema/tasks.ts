import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './users';

// The kinds the contract knows (task.yaml TaskKind); each has a job handler in server/jobs/<kind>.ts.
export const taskKinds = ['check', 'aigc', 'aigc-lower', 'rewrite', 'paper', 'ppt', 'chat'] as const;
export type TaskKind = (typeof taskKinds)[number];

export const taskStatuses = ['draft', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

// One table for every long operation of every service; `kind` picks the job handler.
// A running task holds a lease (leaseOwner, leaseExpiresAt) renewed by heartbeats; an expired lease
// means its worker died, and the runner re-queues or fails it.
export const tasks = pgTable(
  'tasks',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    kind: text('kind').$type<TaskKind>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    status: text('status', { enum: taskStatuses }).notNull().default('draft'),
    progress: integer('progress').notNull().default(0),
    priceFen: integer('price_fen').notNull().default(0),
    charCount: integer('char_count').notNull().default(0),
    freeCheck: boolean('free_check').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    error: text('error'),
    offline: boolean('offline').notNull().default(true),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_user_kind_created_idx').on(t.userId, t.kind, t.createdAt),
    index('tasks_queue_idx').on(t.status, t.queuedAt),
    check('tasks_status_check', sql`${t.status} in ('draft', 'queued', 'running', 'done', 'failed', 'cancelled')`),
    check('tasks_progress_check', sql`${t.progress} between 0 and 100`),
    check('tasks_money_check', sql`${t.priceFen} >= 0 and ${t.charCount} >= 0 and ${t.attempts} >= 0`),
  ],
);

export type Task = typeof tasks.$inferSelect;
