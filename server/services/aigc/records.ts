import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context';
import type { Executor } from '../../db/client';
import { type AigcDetectionRow, type AigcParagraphRow, aigcDetections, aigcParagraphs } from '../../db/schema/aigc';
import { type Task, type TaskStatus, tasks } from '../../db/schema/tasks';
import { notFound } from '../../errors';
import type { components } from '../../gen/openapi';
import { type PaymentCheck, paymentStatus } from '../billing/charges';
import { removeUnheldOriginal } from '../check/original-refs';
import { offsetOf, type Page, type PageQuery } from '../paging';
import { pageOfTasks } from '../tasks/list';
import { lockOwnTask, taskFields } from '../tasks/tasks';
import { detectionRunning } from './errors';
import { type AigcSummary, bandLimits, type StoredSentence } from '../../engines/aigc/scored';

export type AigcRecord = components['schemas']['AigcRecord'];
export type AigcDetail = components['schemas']['AigcDetail'];
export type AigcParagraph = components['schemas']['AigcParagraph'];
type AigcKind = components['schemas']['AigcKind'];

const round4 = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10000) / 10000;

interface Counts {
  total: number;
  flagged: number;
}
const NO_COUNTS: Counts = { total: 0, flagged: 0 };

/** The figures of a finished detection; null before (a draft, queued, running or failed record). */
export function summaryOf(task: Task, row: Pick<AigcDetectionRow, 'summary'>): AigcSummary | null {
  return task.status === 'done' && row.summary ? (row.summary as unknown as AigcSummary) : null;
}

export function recordView(task: Task, row: Omit<AigcDetectionRow, 'text'>, counts: Counts): AigcRecord {
  const summary = summaryOf(task, row);
  return {
    ...taskFields(task),
    kind: 'detect',
    author: row.author,
    sourceType: row.sourceType,
    fileName: row.fileName,
    method: summary ? (summary.detector.llm ? 'llm-perplexity' : 'offline-model') : null,
    aiCharRatio: summary ? round4(summary.aiCharRatio) : null,
    band: summary ? summary.band : null,
    score: summary ? Math.round(summary.score * 100) : null,
    aiCharCount: summary ? summary.aiChars : null,
    detector: summary
      ? {
          name: summary.detector.name,
          version: summary.detector.version,
          threshold: summary.detector.threshold,
          falseAccusationRate: Number.isFinite(summary.detector.falseAccusationRate) ? round4(summary.detector.falseAccusationRate) : null,
          llm: summary.detector.llm,
          bands: bandLimits(),
        }
      : null,
    paragraphTotal: summary ? counts.total : 0,
    paragraphFlagged: summary ? counts.flagged : 0,
    paragraphRewritten: 0,
    sourceId: null,
    mode: null,
    aiCharRatioBefore: null,
    aiCharRatioAfter: null,
    recheckId: null,
  };
}

export function paragraphView(row: AigcParagraphRow): AigcParagraph {
  return {
    id: row.id,
    index: row.index,
    section: row.section,
    text: row.text,
    charCount: row.charCount,
    aiCharCount: row.aiCharCount,
    aiProbability: round4(row.probability),
    band: row.band,
    tooShort: row.tooShort,
    sentences: (row.sentences as unknown as StoredSentence[]).map((s) => ({
      start: s.start,
      end: s.end,
      probability: round4(s.probability),
      machine: s.machine,
      reasons: s.reasons,
    })),
    original: null,
    aiProbabilityBefore: null,
  };
}

export async function countsOf(db: Executor, ids: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (ids.length === 0) return counts;
  const rows = await db.orm
    .select({
      taskId: aigcParagraphs.taskId,
      total: sql<number>`count(*)::int`,
      flagged: sql<number>`count(*) filter (where ${aigcParagraphs.band} in ('high', 'medium'))::int`,
    })
    .from(aigcParagraphs)
    .where(inArray(aigcParagraphs.taskId, ids))
    .groupBy(aigcParagraphs.taskId);
  for (const row of rows) counts.set(row.taskId, row);
  return counts;
}

const own = (userId: string, id: string) => and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'aigc'));

/** The caller's detection with its task; another user's or an unknown id is NOT_FOUND. */
export async function ownDetection(db: Executor, userId: string, id: string): Promise<{ task: Task; detection: AigcDetectionRow }> {
  const [row] = await db.orm
    .select({ task: tasks, detection: aigcDetections })
    .from(tasks)
    .innerJoin(aigcDetections, eq(aigcDetections.taskId, tasks.id))
    .where(own(userId, id));
  if (!row) throw notFound();
  return row;
}

export async function loadDetection(db: Executor, userId: string, id: string): Promise<AigcRecord> {
  const { task, detection } = await ownDetection(db, userId, id);
  return recordView(task, detection, (await countsOf(db, [id])).get(id) ?? NO_COUNTS);
}

/** load_by_id: the record and, once scored, every paragraph's probability for the heat bar. */
export async function loadDetectionDetail(db: Executor, userId: string, id: string): Promise<AigcDetail> {
  const { task, detection } = await ownDetection(db, userId, id);
  const scores = summaryOf(task, detection)
    ? await db.orm
        .select({
          index: aigcParagraphs.index,
          charCount: aigcParagraphs.charCount,
          probability: aigcParagraphs.probability,
          band: aigcParagraphs.band,
          tooShort: aigcParagraphs.tooShort,
        })
        .from(aigcParagraphs)
        .where(eq(aigcParagraphs.taskId, id))
        .orderBy(asc(aigcParagraphs.index))
    : [];
  const counts = { total: scores.length, flagged: scores.filter((s) => s.band === 'high' || s.band === 'medium').length };
  return {
    ...recordView(task, detection, counts),
    paragraphScores: scores.map((s) => ({
      index: s.index,
      charCount: s.charCount,
      aiProbability: round4(s.probability),
      band: s.band,
      tooShort: s.tooShort,
    })),
  };
}

export interface AigcFilter {
  kind?: AigcKind;
  status?: TaskStatus;
}

/** query_list of detections only, newest first (with 降AIGC records: server/services/aigc/lower-list.ts). */
export async function listDetections(db: Executor, userId: string, page: PageQuery, filter: AigcFilter = {}): Promise<Page<AigcRecord>> {
  const conditions: SQL[] = [eq(tasks.userId, userId), eq(tasks.kind, 'aigc')];
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  const { rows, total } = await pageOfTasks(db, aigcDetections, and(...conditions), page, ['text']);
  const counts = await countsOf(db, rows.map((r) => r.task.id));
  return { ...page, total, records: rows.map((r) => recordView(r.task, r.detail, counts.get(r.task.id) ?? NO_COUNTS)) };
}

/** query_content_list: the scored paragraphs in order (none before the detection is done). */
export async function listParagraphs(db: Executor, userId: string, id: string, page: PageQuery): Promise<Page<AigcParagraph>> {
  const { task } = await ownDetection(db, userId, id);
  if (task.status !== 'done') return { ...page, total: 0, records: [] };
  const where = eq(aigcParagraphs.taskId, id);
  const [rows, [{ total }]] = await Promise.all([
    db.orm.select().from(aigcParagraphs).where(where).orderBy(asc(aigcParagraphs.index)).limit(page.pageSize).offset(offsetOf(page)),
    db.orm.select({ total: sql<number>`count(*)::int` }).from(aigcParagraphs).where(where),
  ]);
  return { ...page, total, records: rows.map(paragraphView) };
}

/** A paragraph of one of the caller's detections, with its task; others' are NOT_FOUND. */
export async function ownParagraph(db: Executor, userId: string, paragraphId: string) {
  const [row] = await db.orm
    .select({ paragraph: aigcParagraphs, task: tasks })
    .from(aigcParagraphs)
    .innerJoin(tasks, eq(tasks.id, aigcParagraphs.taskId))
    .where(and(eq(aigcParagraphs.id, paragraphId), eq(tasks.userId, userId), eq(tasks.kind, 'aigc')));
  if (!row) throw notFound();
  return row;
}

export async function loadParagraph(db: Executor, userId: string, paragraphId: string): Promise<AigcParagraph> {
  return paragraphView((await ownParagraph(db, userId, paragraphId)).paragraph);
}

/** check_order_id: whether the detection is paid (charged and not refunded), and the ledger entry. */
export async function detectionPayment(db: Executor, userId: string, id: string): Promise<PaymentCheck> {
  await ownDetection(db, userId, id);
  return paymentStatus(db, userId, id);
}

/**
 * delete: the record, its text and its result (and its .docx unless another record holds the same file);
 * nothing refunded; a queued or running detection is refused.
 */
export async function deleteDetection(deps: Deps, userId: string, id: string): Promise<{ id: string; deleted: true }> {
  await ownDetection(deps.db, userId, id);
  const sha256 = await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'aigc');
    if (task.status === 'queued' || task.status === 'running') throw detectionRunning();
    const [row] = await tx.orm.select({ sha256: aigcDetections.fileSha256 }).from(aigcDetections).where(eq(aigcDetections.taskId, id));
    await tx.orm.delete(tasks).where(eq(tasks.id, id));
    return row?.sha256 ?? null;
  });
  await removeUnheldOriginal(deps.db, deps.config.DATA_DIR, sha256);
  return { id, deleted: true };
}
