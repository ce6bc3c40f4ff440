import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context';
import type { Executor } from '../../db/client';
import {
  type RewriteParagraphRow,
  type RewriteRecordMode,
  type RewriteRow,
  rewriteParagraphs,
  rewrites,
} from '../../db/schema/rewrites';
import { ledgerEntries } from '../../db/schema/ledger';
import { type Task, type TaskStatus, tasks } from '../../db/schema/tasks';
import { conflict, notFound } from '../../errors';
import type { components } from '../../gen/openapi';
import { type PaymentCheck, paymentStatus } from '../billing/charges';
import { removeUnheldOriginal } from '../check/original-refs';
import { offsetOf, type Page, type PageQuery } from '../paging';
import { pageOfTasks } from '../tasks/list';
import { lockOwnTask, taskFields } from '../tasks/tasks';
import { keptCounts } from './sentence-figures';

export type RewriteRecord = components['schemas']['RewriteTask'];
export type ParagraphPair = components['schemas']['ParagraphPair'];
/** paper_machine_api keeps rewrite, strong and polish; machine_api keeps smart and cnki. */
export type RewriteApi = 'paper' | 'machine';

export const PAPER_MODES = ['rewrite', 'strong', 'polish'] as const;
export const MACHINE_MODES = ['smart', 'cnki'] as const;
export const apiOfMode = (mode: RewriteRecordMode): RewriteApi =>
  (PAPER_MODES as readonly string[]).includes(mode) ? 'paper' : 'machine';

export const notFinished = (what = '降重') => conflict('TASK_NOT_FINISHED', `${what}尚未完成，请稍后再试`);
export const rewriteRunning = () => conflict('TASK_RUNNING', '任务正在处理中，请完成后再删除');

const round4 = (n: number | null) => (n === null ? null : Math.round(Math.min(1, Math.max(0, n)) * 10000) / 10000);

interface Counts {
  total: number;
  rewritten: number;
  accepted: number;
  keptInDocx: number;
  refundedFen: number;
}

export function recordView(task: Task, row: Omit<RewriteRow, 'text'>, counts: Counts): RewriteRecord {
  return {
    ...taskFields(task),
    mode: row.mode,
    source: row.source,
    paragraphTotal: counts.total,
    paragraphRewritten: counts.rewritten,
    paragraphAccepted: counts.accepted,
    rewrittenCharCount: row.rewrittenCharCount,
    similarityBefore: round4(row.similarityBefore),
    similarityAfter: round4(row.similarityAfter),
    aigcBefore: round4(row.aigcBefore),
    aigcAfter: round4(row.aigcAfter),
    sourceCheckId: row.sourceCheckId,
    sourceAigcId: row.sourceAigcId,
    recheckId: row.recheckId,
    protectedTerms: row.protectedTerms,
    sentenceRewritten: row.sentenceRewritten,
    sentenceKept: row.sentenceKept,
    keptReasons: keptCounts(row.keptReasons),
    termsChecked: row.termsChecked,
    termsKept: row.termsChecked === null ? null : row.lostTerms.length === 0,
    lostTerms: row.lostTerms,
    docxInPlace: row.fileSha256 !== null,
    paragraphKeptInDocx: row.fileSha256 === null ? 0 : counts.keptInDocx,
    refundedFen: counts.refundedFen,
  };
}

export function pairView(row: RewriteParagraphRow): ParagraphPair {
  const status: TaskStatus = row.status;
  return {
    id: row.id,
    index: row.index,
    original: row.original,
    role: row.role,
    rewritten: row.rewritten,
    status,
    offline: row.offline,
    similarityToOriginal: round4(row.similarityToOriginal),
    bigramOverlap: round4(row.bigramOverlap),
    protectedKept: row.protectedKept,
    termsKept: row.lostTerms === null ? null : row.lostTerms.length === 0,
    lostTerms: row.lostTerms ?? [],
    sentences: row.sentences,
    similarityBefore: round4(row.similarityBefore),
    similarityAfter: round4(row.similarityAfter),
    aigcBefore: round4(row.aigcBefore),
    aigcAfter: round4(row.aigcAfter),
    accepted: row.accepted,
    docxKept: row.docxKept,
  };
}

async function countsOf(db: Executor, ids: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (ids.length === 0) return counts;
  const rows = await db.orm
    .select({
      taskId: rewriteParagraphs.taskId,
      total: sql<number>`count(*)::int`,
      rewritten: sql<number>`count(*) filter (where ${rewriteParagraphs.status} = 'done' and ${rewriteParagraphs.rewritten} <> '')::int`,
      accepted: sql<number>`count(*) filter (where ${rewriteParagraphs.status} = 'done' and ${rewriteParagraphs.rewritten} <> '' and ${rewriteParagraphs.accepted})::int`,
      keptInDocx: sql<number>`count(*) filter (where ${rewriteParagraphs.docxKept} is not null and ${rewriteParagraphs.rewritten} <> '')::int`,
    })
    .from(rewriteParagraphs)
    .where(inArray(rewriteParagraphs.taskId, ids))
    .groupBy(rewriteParagraphs.taskId);
  const refunds = await db.orm
    .select({ taskId: ledgerEntries.taskId, fen: sql<number>`sum(${ledgerEntries.amountFen})::int` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.taskId, ids), eq(ledgerEntries.kind, 'refund')))
    .groupBy(ledgerEntries.taskId);
  const paragraphs = new Map(rows.map((r) => [r.taskId, r]));
  const refunded = new Map(refunds.map((r) => [r.taskId, r.fen]));
  for (const id of ids) counts.set(id, { ...(paragraphs.get(id) ?? NO_COUNTS), refundedFen: refunded.get(id) ?? 0 });
  return counts;
}

const NO_COUNTS: Counts = { total: 0, rewritten: 0, accepted: 0, keptInDocx: 0, refundedFen: 0 };

const own = (userId: string, id: string, api?: RewriteApi) =>
  and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'rewrite'), api ? eq(rewrites.api, api) : undefined);

/** The caller's rewording record; another user's, another API's or an unknown id is NOT_FOUND. */
export async function loadRewrite(db: Executor, userId: string, id: string, api?: RewriteApi): Promise<RewriteRecord> {
  const [row] = await db.orm
    .select({ task: tasks, rewrite: rewrites })
    .from(tasks)
    .innerJoin(rewrites, eq(rewrites.taskId, tasks.id))
    .where(own(userId, id, api));
  if (!row) throw notFound();
  const counts = await countsOf(db, [id]);
  return recordView(row.task, row.rewrite, counts.get(id) ?? NO_COUNTS);
}

export async function loadOwnRow(db: Executor, userId: string, id: string, api?: RewriteApi) {
  const [row] = await db.orm
    .select({ task: tasks, rewrite: rewrites })
    .from(tasks)
    .innerJoin(rewrites, eq(rewrites.taskId, tasks.id))
    .where(own(userId, id, api));
  if (!row) throw notFound();
  return row;
}

export interface RewriteFilter {
  mode?: RewriteRecordMode;
  status?: TaskStatus;
}

export async function listRewrites(
  db: Executor,
  userId: string,
  api: RewriteApi,
  page: PageQuery,
  filter: RewriteFilter = {},
): Promise<Page<RewriteRecord>> {
  const conditions: SQL[] = [eq(tasks.userId, userId), eq(tasks.kind, 'rewrite'), eq(rewrites.api, api)];
  if (filter.mode) conditions.push(eq(rewrites.mode, filter.mode));
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  const { rows, total } = await pageOfTasks(db, rewrites, and(...conditions), page, ['text']);
  const counts = await countsOf(db, rows.map((r) => r.task.id));
  return { ...page, total, records: rows.map((r) => recordView(r.task, r.detail, counts.get(r.task.id) ?? NO_COUNTS)) };
}

/** query_content_list: the record's paragraph pairs in order. */
export async function listPairs(db: Executor, userId: string, id: string, page: PageQuery): Promise<Page<ParagraphPair>> {
  await loadOwnRow(db, userId, id);
  const where = eq(rewriteParagraphs.taskId, id);
  const [rows, [{ total }]] = await Promise.all([
    db.orm.select().from(rewriteParagraphs).where(where).orderBy(asc(rewriteParagraphs.index)).limit(page.pageSize).offset(offsetOf(page)),
    db.orm.select({ total: sql<number>`count(*)::int` }).from(rewriteParagraphs).where(where),
  ]);
  return { ...page, total, records: rows.map(pairView) };
}

/** A paragraph pair of one of the caller's records (with its task); others' are NOT_FOUND. */
export async function ownPair(db: Executor, userId: string, pairId: string) {
  const [row] = await db.orm
    .select({ pair: rewriteParagraphs, task: tasks, rewrite: rewrites })
    .from(rewriteParagraphs)
    .innerJoin(tasks, eq(tasks.id, rewriteParagraphs.taskId))
    .innerJoin(rewrites, eq(rewrites.taskId, tasks.id))
    .where(and(eq(rewriteParagraphs.id, pairId), eq(tasks.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function loadPair(db: Executor, userId: string, pairId: string): Promise<ParagraphPair> {
  return pairView((await ownPair(db, userId, pairId)).pair);
}

/** accept_content: use the rewrite (true) or keep the original (false) in the download. */
export async function acceptPair(deps: Deps, userId: string, pairId: string, accepted: boolean): Promise<ParagraphPair> {
  const { pair } = await ownPair(deps.db, userId, pairId);
  if (pair.status !== 'done') throw notFinished('本段改写');
  const [updated] = await deps.db.orm
    .update(rewriteParagraphs)
    .set({ accepted, updatedAt: deps.now() })
    .where(eq(rewriteParagraphs.id, pairId))
    .returning();
  return pairView(updated);
}

/**
 * delete: the record and its pairs (and its .docx unless another record holds the same file); nothing
 * refunded; a queued or running task is refused.
 */
export async function deleteRewrite(deps: Deps, userId: string, id: string, api: RewriteApi): Promise<{ id: string; deleted: true }> {
  const { rewrite } = await loadOwnRow(deps.db, userId, id, api);
  await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'rewrite');
    if (task.status === 'queued' || task.status === 'running') throw rewriteRunning();
    await tx.orm.delete(tasks).where(eq(tasks.id, id));
  });
  await removeUnheldOriginal(deps.db, deps.config.DATA_DIR, rewrite.fileSha256);
  return { id, deleted: true };
}

/** check_order_id: whether the record is paid, and the ledger entry that paid it. */
export async function rewritePayment(db: Executor, userId: string, id: string): Promise<PaymentCheck> {
  await loadOwnRow(db, userId, id);
  return paymentStatus(db, userId, id);
}
