import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type PaperRow, type PaperSectionRow, paperSections, papers } from '../../db/schema/papers';
import { type Task, type TaskStatus, tasks } from '../../db/schema/tasks';
import { conflict, notFound } from '../../errors';
import type { components } from '../../gen/openapi';
import { outlineTemplate } from '../../engines/writing/templates';
import { offsetOf, type Page, type PageQuery } from '../paging';
import { likePattern, pageOfTasks } from '../tasks/list';
import { taskFields } from '../tasks/tasks';

export type PaperRecord = components['schemas']['PaperRecord'];
export type PaperDetail = components['schemas']['PaperDetail'];
export type PaperSection = components['schemas']['PaperSection'];
export type PaperFilter = components['schemas']['PaperFilter'];
/** ai_paper_info_api papers or the classic forms of paper_info_api. */
export type PaperApi = 'ai' | 'info';

export const paperBusy = () => conflict('PAPER_BUSY', '论文正在生成中，请等待完成后再操作');
export const paperNotReady = () => conflict('PAPER_NOT_READY', '论文尚未生成完成，请稍后再下载');

interface Counts {
  total: number;
  done: number;
}

export function recordView(task: Task, row: PaperRow, counts: Counts): PaperRecord {
  return {
    ...taskFields(task),
    discipline: row.discipline,
    degree: row.degree,
    targetLength: row.targetLength,
    keywords: row.keywords,
    stage: row.stage,
    sectionCount: counts.total,
    sectionsDone: counts.done,
  };
}

export function detailView(task: Task, row: PaperRow, counts: Counts): PaperDetail {
  return {
    ...recordView(task, row, counts),
    references: row.references,
    outline: row.outline ?? null,
    outlineSource: row.outlineSource ?? null,
    outlineNote: row.outlineSource === 'template' ? outlineTemplate(row.degree, row.discipline).label : null,
    abstract: row.abstract,
    englishAbstract: row.englishAbstract ? (row.abstractEn ?? '') : null,
    removedCitations: row.removedCitations,
  };
}

export function sectionView(row: PaperSectionRow): PaperSection {
  const status: TaskStatus = row.status;
  return {
    id: row.id,
    paperId: row.taskId,
    index: row.index,
    level: row.level,
    heading: row.heading,
    content: row.content,
    charCount: row.charCount,
    targetLength: row.targetLength,
    status,
    error: row.error,
    offline: row.offline,
  };
}

async function countsOf(db: Executor, ids: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (ids.length === 0) return counts;
  const rows = await db.orm
    .select({
      taskId: paperSections.taskId,
      total: sql<number>`count(*)::int`,
      done: sql<number>`count(*) filter (where ${paperSections.status} = 'done')::int`,
    })
    .from(paperSections)
    .where(inArray(paperSections.taskId, ids))
    .groupBy(paperSections.taskId);
  for (const row of rows) counts.set(row.taskId, row);
  return counts;
}

const NONE: Counts = { total: 0, done: 0 };

const own = (userId: string, id: string, api?: PaperApi) =>
  and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'paper'), api ? eq(papers.api, api) : undefined);

/** The caller's paper (task and papers row); another user's, another API's or an unknown id is NOT_FOUND. */
export async function loadOwnPaper(db: Executor, userId: string, id: string, api?: PaperApi) {
  const [row] = await db.orm.select({ task: tasks, paper: papers }).from(tasks).innerJoin(papers, eq(papers.taskId, tasks.id)).where(own(userId, id, api));
  if (!row) throw notFound();
  return row;
}

export async function loadPaper(db: Executor, userId: string, id: string, api?: PaperApi): Promise<PaperDetail> {
  const { task, paper } = await loadOwnPaper(db, userId, id, api);
  const counts = await countsOf(db, [id]);
  return detailView(task, paper, counts.get(id) ?? NONE);
}

export async function listPapers(db: Executor, userId: string, api: PaperApi, page: PageQuery, filter: PaperFilter = {}): Promise<Page<PaperRecord>> {
  const conditions: SQL[] = [eq(tasks.userId, userId), eq(tasks.kind, 'paper'), eq(papers.api, api)];
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  if (filter.stage) conditions.push(eq(papers.stage, filter.stage));
  if (filter.degree) conditions.push(eq(papers.degree, filter.degree));
  if (filter.keyword) conditions.push(ilike(tasks.title, likePattern(filter.keyword)));
  const { rows, total } = await pageOfTasks(db, papers, and(...conditions), page);
  const counts = await countsOf(db, rows.map((r) => r.task.id));
  return { ...page, total, records: rows.map((r) => recordView(r.task, r.detail, counts.get(r.task.id) ?? NONE)) };
}

export async function sectionsOf(db: Executor, paperId: string): Promise<PaperSectionRow[]> {
  return db.orm.select().from(paperSections).where(eq(paperSections.taskId, paperId)).orderBy(asc(paperSections.index));
}

export async function listSections(db: Executor, userId: string, id: string, page: PageQuery, api?: PaperApi): Promise<Page<PaperSection>> {
  await loadOwnPaper(db, userId, id, api);
  const where = eq(paperSections.taskId, id);
  const [rows, [{ total }]] = await Promise.all([
    db.orm.select().from(paperSections).where(where).orderBy(asc(paperSections.index)).limit(page.pageSize).offset(offsetOf(page)),
    db.orm.select({ total: sql<number>`count(*)::int` }).from(paperSections).where(where),
  ]);
  return { ...page, total, records: rows.map(sectionView) };
}

/** The caller's section with its paper; others' and unknown ids are NOT_FOUND. */
export async function ownSection(db: Executor, userId: string, sectionId: string, api?: PaperApi) {
  const [row] = await db.orm
    .select({ section: paperSections, task: tasks, paper: papers })
    .from(paperSections)
    .innerJoin(tasks, eq(tasks.id, paperSections.taskId))
    .innerJoin(papers, eq(papers.taskId, tasks.id))
    .where(and(eq(paperSections.id, sectionId), eq(tasks.userId, userId), api ? eq(papers.api, api) : undefined));
  if (!row) throw notFound();
  return row;
}

/** Whether anything of the paper is being written now (the whole-paper task, or a section's reload). */
export async function paperIsBusy(db: Executor, task: Task): Promise<boolean> {
  if (task.status === 'queued' || task.status === 'running') return true;
  const [row] = await db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(paperSections)
    .where(and(eq(paperSections.taskId, task.id), inArray(paperSections.status, ['queued', 'running'])));
  return (row?.n ?? 0) > 0;
}

/** The paper's text in order: 摘要, then each heading and its content. */
export function assembleText(paper: Pick<PaperRow, 'abstract'>, sections: PaperSectionRow[], onlyDone = true): string {
  const lines: string[] = [];
  if (paper.abstract) lines.push('摘要', paper.abstract);
  for (const s of sections) {
    if (onlyDone && s.status !== 'done') continue;
    lines.push(s.heading);
    if (s.content) lines.push(s.content);
  }
  return lines.join('\n');
}
