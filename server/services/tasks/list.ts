import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { type Task, tasks } from '../../db/schema/tasks';
import { offsetOf, type PageQuery } from '../paging';

/** An ILIKE pattern matching `keyword` anywhere, its own %, _ and \ taken literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** A service's table of task details, one row per task (its `taskId`). */
type DetailTable = PgTable & { taskId: PgColumn };

/**
 * One page of tasks joined with their rows in a service's detail table, newest first, and how many match:
 * the records lists of the services (`where` names the owner, the kind and any filter).
 */
export async function pageOfTasks<D extends DetailTable>(
  db: Executor,
  detail: D,
  where: SQL | undefined,
  page: PageQuery,
): Promise<{ rows: Array<{ task: Task; detail: D['$inferSelect'] }>; total: number }> {
  // Drizzle's join types cannot follow a generic table; the rows are typed from D below.
  const table: PgTable = detail;
  const joined = eq(detail.taskId, tasks.id);
  const [rows, [{ total }]] = await Promise.all([
    db.orm
      .select({ task: tasks, detail: table })
      .from(tasks)
      .innerJoin(table, joined)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.orm.select({ total: sql<number>`count(*)::int` }).from(tasks).innerJoin(table, joined).where(where),
  ]);
  return { rows: rows as unknown as Array<{ task: Task; detail: D['$inferSelect'] }>, total };
}
