import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import { prepareSource, type PreparedSource, type WindowLine } from '../../engines/similarity/recheck';
import type { CheckReport as EngineReport } from '../../engines/similarity/types';
import { fromCodePoints } from '../../engines/text/code-points';
import { analyzeText } from '../../engines/text/document';
import type { SectionKind } from '../../engines/text/sections';
import { conflict, notFound } from '../../errors';
import { reportNotReady } from '../check/errors';
import { ReferenceLibrary } from '../library/library';

/** What every workbench call needs of a finished check: its paper cut into lines, its report, its sources. */
export interface CheckSession {
  checkId: string;
  report: EngineReport;
  /** The paper's lines (the text engine's paragraphs, headings included) as checked. */
  lines: WindowLine[];
  /** Report paragraph index -> line index. */
  lineOf: number[];
  excluded: SectionKind[];
  /** The report's sources as they are in the library now (a deleted one is gone). */
  sources: PreparedSource[];
}

export interface OwnCheck {
  id: string;
  userId: string;
  title: string;
  sourceType: 'upload' | 'paste';
  format: string;
  fileSha256: string | null;
  reportedAt: Date;
}

/** The caller's finished check; 404 for others' and unknown ids, 409 before its report exists. */
export async function ownFinishedCheck(db: Executor, userId: string, id: string): Promise<OwnCheck> {
  const [row] = await db.orm
    .select({
      userId: tasks.userId,
      status: tasks.status,
      title: tasks.title,
      sourceType: checks.sourceType,
      format: checks.format,
      fileSha256: checks.fileSha256,
      reportedAt: checks.reportedAt,
    })
    .from(tasks)
    .innerJoin(checks, eq(checks.taskId, tasks.id))
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'check')));
  if (!row) throw notFound();
  if (row.status !== 'done' || !row.reportedAt) throw reportNotReady('查看');
  return { id, ...row, reportedAt: row.reportedAt };
}

const reportOutdated = () => conflict('REPORT_OUTDATED', '这份报告由旧版本的查重引擎生成，无法在工作台中修改，请重新查重后再使用改写工作台');

async function loadSession(db: Executor, check: OwnCheck): Promise<CheckSession> {
  const [row] = await db.orm.select({ report: checks.report, text: checks.text }).from(checks).where(eq(checks.taskId, check.id));
  const report = row?.report as unknown as EngineReport | undefined;
  if (!report?.paragraphs) throw reportNotReady('查看');
  const structure = analyzeText(row.text);
  const lines = structure.paragraphs.map((p) => ({
    text: fromCodePoints(structure.codes, p.start, p.end),
    section: structure.sections[p.section].kind,
    heading: p.heading,
  }));
  const lineByOffset = new Map(structure.paragraphs.map((p, i) => [p.start, i]));
  const lineOf = report.paragraphs.map((p) => lineByOffset.get(p.offset) ?? -1);
  if (lineOf.some((line, i) => line < 0 || lines[line].text !== report.paragraphs[i].text)) throw reportOutdated();
  const origins = new Map(report.sources.map((s) => [s.id, s.origin]));
  const docs = await new ReferenceLibrary(db).loadDocuments(report.sources.map((s) => s.id));
  return {
    checkId: check.id,
    report,
    lines,
    lineOf,
    excluded: [...new Set(report.sections.filter((s) => s.excluded).map((s) => s.kind))],
    sources: docs.map((doc) => prepareSource(doc, origins.get(doc.id) ?? 'library')),
  };
}

const sizeOf = (session: CheckSession) =>
  session.lines.reduce((n, l) => n + l.text.length, 0) + session.sources.reduce((n, s) => n + 3 * s.codes.length, 0) + 1;

// Sessions are derived from stored rows only (a report never changes), so any process may hold one. A
// library document removed since leaves its session within SESSION_TTL.
const SESSION_TTL_MS = 10 * 60_000;
const sessions = new LRUCache<string, CheckSession>({ maxSize: 8_000_000, sizeCalculation: sizeOf, ttl: SESSION_TTL_MS });
const loading = new Map<string, Promise<CheckSession>>();

/** The check's session, loaded once and kept while it is used (checked for its owner by the caller). */
export async function sessionOf(db: Executor, check: OwnCheck): Promise<CheckSession> {
  const key = `${check.id}@${check.reportedAt.getTime()}`;
  const cached = sessions.get(key);
  if (cached) return cached;
  let pending = loading.get(key);
  if (!pending) {
    pending = loadSession(db, check).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  const session = await pending;
  sessions.set(key, session);
  return session;
}
