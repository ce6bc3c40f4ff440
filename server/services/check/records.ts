import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type CheckRow, checks } from '../../db/schema/checks';
import { type Task, type TaskStatus, tasks } from '../../db/schema/tasks';
import { users } from '../../db/schema/users';
import type { components } from '../../gen/openapi';
import { notFound } from '../../errors';
import { freeCheckAvailable } from '../accounts/users';
import { offsetOf, type Page, type PageQuery } from '../paging';
import { likePattern } from '../tasks/list';
import { taskFields } from '../tasks/tasks';

export type CheckRecord = components['schemas']['CheckRecord'];
export type CheckFigures = components['schemas']['CheckFigures'];

/** The columns a record shows: everything but the stored text and report. */
const recordColumns = {
  task: tasks,
  author: checks.author,
  sourceType: checks.sourceType,
  fileName: checks.fileName,
  addToLibrary: checks.addToLibrary,
  excludeSelf: checks.excludeSelf,
  rewriteMode: checks.rewriteMode,
  rewriteTaskId: checks.rewriteTaskId,
  figures: checks.figures,
  editedFromId: checks.editedFromId,
};

type RecordRow = Pick<
  CheckRow,
  'author' | 'sourceType' | 'fileName' | 'addToLibrary' | 'excludeSelf' | 'rewriteMode' | 'rewriteTaskId' | 'figures' | 'editedFromId'
> & { task: Task };

function rewriteStatus(row: RecordRow): CheckRecord['rewriteStatus'] {
  if (!row.rewriteMode) return 'none';
  if (row.rewriteTaskId) return 'created';
  const finished = row.task.status === 'done' || row.task.status === 'failed' || row.task.status === 'cancelled';
  return finished ? 'unavailable' : 'waiting';
}

/** A check as the contract shows it; `freeCheckNow` is whether the user could still submit a draft for free. */
function recordView(row: RecordRow, freeCheckNow: boolean): CheckRecord {
  const { task } = row;
  return {
    ...taskFields(task),
    author: row.author,
    sourceType: row.sourceType,
    fileName: row.fileName,
    freeCheck: task.status === 'draft' ? freeCheckNow : task.freeCheck,
    addToLibrary: row.addToLibrary,
    excludeSelf: row.excludeSelf,
    figures: task.status === 'done' && row.figures ? (row.figures as unknown as CheckFigures) : null,
    rewriteTaskId: row.rewriteTaskId,
    rewriteMode: row.rewriteMode,
    rewriteStatus: rewriteStatus(row),
    editedFromId: row.editedFromId,
  };
}

export async function hasFreeCheck(db: Executor, userId: string): Promise<boolean> {
  const [user] = await db.orm
    .select({ qrSignup: users.qrSignup, freeCheckUsedAt: users.freeCheckUsedAt, freeCheckWithheld: users.freeCheckWithheld })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(user) && freeCheckAvailable(user);
}

const ownCheck = (userId: string, id: string) => and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'check'));

/** The caller's check; another user's or an unknown id is NOT_FOUND. */
export async function loadCheck(db: Executor, userId: string, id: string): Promise<CheckRecord> {
  const [row] = await db.orm
    .select({
      ...recordColumns,
      qrSignup: users.qrSignup,
      freeCheckUsedAt: users.freeCheckUsedAt,
      freeCheckWithheld: users.freeCheckWithheld,
    })
    .from(tasks)
    .innerJoin(checks, eq(checks.taskId, tasks.id))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(ownCheck(userId, id));
  if (!row) throw notFound();
  return recordView(row, freeCheckAvailable(row));
}

export interface CheckFilter {
  status?: TaskStatus;
  keyword?: string;
}

/** The caller's checks, newest first, by status and a keyword in the title or author. */
export async function listChecks(
  db: Executor,
  userId: string,
  page: PageQuery,
  filter: CheckFilter = {},
): Promise<Page<CheckRecord>> {
  const conditions: SQL[] = [eq(tasks.userId, userId), eq(tasks.kind, 'check')];
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  const keyword = filter.keyword?.trim();
  if (keyword) conditions.push(or(ilike(tasks.title, likePattern(keyword)), ilike(checks.author, likePattern(keyword)))!);
  const where = and(...conditions);
  const [rows, [{ total }], freeCheckNow] = await Promise.all([
    db.orm
      .select(recordColumns)
      .from(tasks)
      .innerJoin(checks, eq(checks.taskId, tasks.id))
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.orm
      .select({ total: sql<number>`count(*)::int` })
      .from(tasks)
      .innerJoin(checks, eq(checks.taskId, tasks.id))
      .where(where),
    hasFreeCheck(db, userId),
  ]);
  return { ...page, total, records: rows.map((row) => recordView(row, freeCheckNow)) };
}
