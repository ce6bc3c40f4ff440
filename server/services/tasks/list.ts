import { desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { type Task, tasks } from '../../db/schema/tasks';
import { offsetOf, type PageQuery } from '../paging';

/** An ILIKE pattern matching `keyword` anywhere, its own %, _ and \ taken literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** A service's table of task details, one row per task (its `taskId`). */
type DetailTable = PgTable & { taskId: PgColumn };

/** A table's columns without `omit`, for a select that leaves big columns out. */
export function columnsWithout(table: PgTable, omit: readonly string[]): Record<string, PgColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !omit.includes(name)));
}

/**
 * One page of tasks joined with their rows in a service's detail table, newest first, and how many match:
 * the records lists of the services (`where` names the owner, the kind and any filter). `omit` leaves out
 * the detail's big columns a list never shows (a paper's whole text, a rendered file): read for every row
 * of every list call, they made a list of a few records take a second.
 */
export async function pageOfTasks<D extends DetailTable, K extends keyof D['$inferSelect'] & string = never>(
  db: Executor,
  detail: D,
  where: SQL | undefined,
  page: PageQuery,
  omit: readonly K[] = [],
): Promise<{ rows: Array<{ task: Task; detail: Omit<D['$inferSelect'], K> }>; total: number }> {
  // Drizzle's join types cannot follow a generic table; the rows are typed from D below.
  const table: PgTable = detail;
  const columns = columnsWithout(table, omit);
  const joined = eq(detail.taskId, tasks.id);
  const [rows, [{ total }]] = await Promise.all([
    db.orm
      .select({ task: tasks, detail: columns })
      .from(tasks)
      .innerJoin(table, joined)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.orm.select({ total: sql<number>`count(*)::int` }).from(tasks).innerJoin(table, joined).where(where),
  ]);
  return { rows: rows as unknown as Array<{ task: Task; detail: Omit<D['$inferSelect'], K> }>, total };
}
