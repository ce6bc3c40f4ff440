import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import type { CheckReport as EngineReport } from '../../engines/similarity/types';
import type { LibraryScope } from '../library/scope';
import type { CheckReportView } from '../../engines/report/check-view';
import { notFound } from '../../errors';
import { type CachedAnswer, cachedAnswer } from '../cached-answer';
import { reportNotReady } from './errors';

export type { CheckReportView };

// The contract's array and string bounds; a report beyond them is cut rather than refused.
const MAX_SOURCES = 1000;
const MAX_PARAGRAPHS = 20_000;
const MAX_MARKS = 2000;
const MAX_SOURCE_TEXT = 5000;
const MAX_HEADINGS = 20;

/** What the database keeps: the engine's report and, since 检测范围 was recorded, the library's scope. */
type StoredReport = EngineReport & { scope?: LibraryScope };

const cut = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

/** The stored engine report in the contract's shape, with the record's current title and author. */
function reportView(
  report: StoredReport,
  record: { id: string; title: string; author: string; generatedAt: Date },
): CheckReportView {
  return {
    id: record.id,
    title: record.title,
    author: record.author,
    figures: report.figures,
    scope: report.scope ?? null,
    sections: report.sections.map((s) => ({ ...s, heading: s.heading.slice(0, 200) })),
    // Reports stored before sources carried metadata have none of it: null, as for an unknown author.
    sources: report.sources.slice(0, MAX_SOURCES).map((s) => ({
      id: s.id,
      title: s.title.slice(0, 300),
      origin: s.origin,
      author: cut(s.author, 200),
      source: cut(s.source, 200),
      year: s.year ?? null,
      url: cut(s.url, 2000),
      matchedChars: s.matchedChars,
      ratio: s.ratio,
    })),
    paragraphs: report.paragraphs.slice(0, MAX_PARAGRAPHS).map((p) => ({
      index: p.index,
      headings: (p.headings ?? []).slice(0, MAX_HEADINGS).map((h) => h.slice(0, 200)),
      section: p.section,
      sectionIndex: p.sectionIndex,
      text: p.text,
      charCount: p.charCount,
      matchedChars: p.matchedChars,
      ratio: p.ratio,
      sentences: p.sentences.slice(0, MAX_MARKS),
      matches: p.matches.slice(0, MAX_MARKS).map((m) => ({ ...m, sourceText: m.sourceText.slice(0, MAX_SOURCE_TEXT) })),
    })),
    generatedAt: record.generatedAt.toISOString(),
  };
}

/**
 * report_paragraphs: the caller's finished report, served from the answer cache (a report can be megabytes: its
 * load and serialisation are done once per version, however many requests ask). The owner and the state are
 * checked on every request; the key holds what the answer shows that can change (title, author).
 */
export async function reportAnswer(db: Executor, userId: string, id: string): Promise<CachedAnswer<CheckReportView>> {
  const [row] = await db.orm
    .select({ title: tasks.title, status: tasks.status, author: checks.author, reportedAt: checks.reportedAt })
    .from(tasks)
    .innerJoin(checks, eq(checks.taskId, tasks.id))
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'check')));
  if (!row) throw notFound();
  if (row.status !== 'done' || !row.reportedAt) throw reportNotReady('查看');
  const key = JSON.stringify(['check-report', id, row.reportedAt.toISOString(), row.title, row.author]);
  return cachedAnswer(key, () => loadReport(db, userId, id, '查看'));
}

/** The caller's finished report; 404 for others' and unknown ids, 409 before the check is done. */
export async function loadReport(db: Executor, userId: string, id: string, action: '查看' | '下载'): Promise<CheckReportView> {
  const [row] = await db.orm
    .select({
      title: tasks.title,
      status: tasks.status,
      author: checks.author,
      report: checks.report,
      reportedAt: checks.reportedAt,
    })
    .from(tasks)
    .innerJoin(checks, eq(checks.taskId, tasks.id))
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'check')));
  if (!row) throw notFound();
  if (row.status !== 'done' || !row.report || !row.reportedAt) throw reportNotReady(action);
  return reportView(row.report as unknown as StoredReport, {
    id,
    title: row.title,
    author: row.author,
    generatedAt: row.reportedAt,
  });
}
