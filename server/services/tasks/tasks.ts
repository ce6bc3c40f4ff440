import { and, eq, inArray } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import type { Executor } from '../../db/client';
import { type Task, type TaskKind, tasks } from '../../db/schema/tasks';
import { conflict, notFound } from '../../errors';
import { chargeTask } from '../billing/charges';

export interface NewTask {
  kind: TaskKind;
  userId: string;
  title?: string;
  priceFen: number;
  charCount?: number;
  offline?: boolean;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

/** A task starts as a draft: priced, not paid, not queued. */
export async function createTask(deps: Deps, input: NewTask): Promise<Task> {
  const [task] = await deps.db.orm
    .insert(tasks)
    .values({
      kind: input.kind,
      userId: input.userId,
      title: input.title ?? '',
      priceFen: input.priceFen,
      charCount: input.charCount ?? 0,
      offline: input.offline ?? true,
      payload: input.payload ?? {},
      maxAttempts: input.maxAttempts ?? deps.config.JOB_MAX_ATTEMPTS,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    })
    .returning();
  return task;
}

const ownTask = (db: Executor, userId: string, id: string, kind?: TaskKind) =>
  db.orm
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), kind ? eq(tasks.kind, kind) : undefined))
    .limit(1);

/** The caller's task of this kind; another user's (or another kind's) id is NOT_FOUND. */
export async function getOwnTask(db: Executor, userId: string, id: string, kind?: TaskKind): Promise<Task> {
  const [task] = await ownTask(db, userId, id, kind);
  if (!task) throw notFound();
  return task;
}

/** getOwnTask with the task's row locked for the rest of the transaction. */
export async function lockOwnTask(tx: Executor, userId: string, id: string, kind?: TaskKind): Promise<Task> {
  const [task] = await ownTask(tx, userId, id, kind).for('update');
  if (!task) throw notFound();
  return task;
}

export interface SubmitOptions {
  /** Ledger note, e.g. "论文查重：<title>". */
  note: string;
  useFreeCheck?: boolean;
}

/**
 * draft -> queued: charges the task (once; or uses the free check) and queues it, atomically.
 * A second submit answers 409 and charges nothing.
 */
export async function submitTask(deps: Deps, userId: string, id: string, options: SubmitOptions): Promise<Task> {
  return deps.db.transaction(async (tx) => queueDraft(withDb(deps, tx), await lockOwnTask(tx, userId, id), options));
}

/** submitTask's work on a task the caller has already locked (lockOwnTask) in the transaction `deps.db`. */
export async function queueDraft(deps: Deps, task: Task, options: SubmitOptions): Promise<Task> {
  if (task.status !== 'draft') throw conflict('TASK_ALREADY_SUBMITTED', '该任务已提交，请勿重复提交');
  await chargeTask(deps.db, {
    taskId: task.id,
    userId: task.userId,
    amountFen: task.priceFen,
    note: options.note,
    useFreeCheck: options.useFreeCheck,
  });
  const now = deps.now();
  const [queued] = await deps.db.orm
    .update(tasks)
    .set({ status: 'queued', queuedAt: now, updatedAt: now })
    .where(eq(tasks.id, task.id))
    .returning();
  return queued;
}

export interface TaskProgressView {
  id: string;
  kind: TaskKind;
  status: Task['status'];
  progress: number;
  error: string | null;
  updatedAt: string;
}

/** Progress of the caller's tasks among `ids`; others' and unknown ids are left out. */
export async function taskProgress(db: Executor, userId: string, ids: string[]): Promise<TaskProgressView[]> {
  if (ids.length === 0) return [];
  const rows = await db.orm
    .select({
      id: tasks.id,
      kind: tasks.kind,
      status: tasks.status,
      progress: tasks.progress,
      error: tasks.error,
      updatedAt: tasks.updatedAt,
    })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.id, [...new Set(ids)])));
  const order = new Map<string, number>();
  ids.forEach((id, i) => order.has(id) || order.set(id, i));
  return rows
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** The shape every service record shares (common.yaml Task). */
export function taskFields(task: Task) {
  return {
    id: task.id,
    title: task.title,
    status: task.status,
    progress: task.progress,
    priceFen: task.priceFen,
    charCount: task.charCount,
    createdAt: task.createdAt.toISOString(),
    finishedAt: task.finishedAt?.toISOString() ?? null,
    error: task.error,
    offline: task.offline,
  };
}
