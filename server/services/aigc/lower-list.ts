import { and, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AigcDetectionRow, aigcDetections } from '../../db/schema/aigc';
import { type RewriteRow, rewrites } from '../../db/schema/rewrites';
import { type Task, tasks } from '../../db/schema/tasks';
import { offsetOf, type Page, type PageQuery } from '../paging';
import { columnsWithout } from '../tasks/list';
import { lowerCounts, lowerView } from './lower';
import { type AigcFilter, type AigcRecord, countsOf, listDetections, recordView } from './records';

/**
 * query_list of paper_aigc_api: detections (kind detect), 降AIGC records (kind lower, rewording records
 * made from a detection) or both, newest first.
 */
export async function listAigcRecords(db: Executor, userId: string, page: PageQuery, filter: AigcFilter = {}): Promise<Page<AigcRecord>> {
  if (filter.kind === 'detect') return listDetections(db, userId, page, filter);
  const isLower = and(eq(tasks.kind, 'rewrite'), eq(rewrites.source, 'aigc'));
  const conditions: SQL[] = [eq(tasks.userId, userId), filter.kind === 'lower' ? isLower! : or(and(eq(tasks.kind, 'aigc'), isNotNull(aigcDetections.taskId)), isLower)!];
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  const where = and(...conditions);
  // Neither record's whole text is listed: only the columns the views read are.
  const base = () =>
    db.orm
      .select({ task: tasks, detection: columnsWithout(aigcDetections, ['text']), rewrite: columnsWithout(rewrites, ['text']) })
      .from(tasks)
      .leftJoin(aigcDetections, eq(aigcDetections.taskId, tasks.id))
      .leftJoin(rewrites, eq(rewrites.taskId, tasks.id));
  const [found, [{ total }]] = await Promise.all([
    base().where(where).orderBy(desc(tasks.createdAt), desc(tasks.id)).limit(page.pageSize).offset(offsetOf(page)),
    db.orm
      .select({ total: sql<number>`count(*)::int` })
      .from(tasks)
      .leftJoin(aigcDetections, eq(aigcDetections.taskId, tasks.id))
      .leftJoin(rewrites, eq(rewrites.taskId, tasks.id))
      .where(where),
  ]);
  const rows = found as unknown as Array<{ task: Task; detection: Omit<AigcDetectionRow, 'text'> | null; rewrite: Omit<RewriteRow, 'text'> | null }>;
  const ids = rows.map((r) => r.task.id);
  const [detectCounts, lowered] = await Promise.all([countsOf(db, ids), lowerCounts(db, ids)]);
  const records = rows.map((r) =>
    r.detection ? recordView(r.task, r.detection, detectCounts.get(r.task.id) ?? { total: 0, flagged: 0 }) : lowerView(r.task, r.rewrite!, lowered.get(r.task.id)),
  );
  return { ...page, total, records };
}
