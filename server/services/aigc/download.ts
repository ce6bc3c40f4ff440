import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { aigcParagraphs } from '../../db/schema/aigc';
import type { StoredSentence } from '../../engines/aigc/scored';
import { aigcReportFileName } from '../../engines/report/aigc-labels';
import type { AigcReportView } from '../../engines/report/aigc-pdf';
import { detectionNotFinished } from './errors';
import { ownDetection, summaryOf } from './records';

/** download_report: the stored result laid out as a PDF in a worker thread (a long paper takes seconds). */
export async function downloadAigcReport(deps: Deps, userId: string, id: string) {
  const { task, detection } = await ownDetection(deps.db, userId, id);
  const summary = summaryOf(task, detection);
  if (!summary) throw detectionNotFinished();
  const rows = await deps.db.orm.select().from(aigcParagraphs).where(eq(aigcParagraphs.taskId, id)).orderBy(asc(aigcParagraphs.index));
  const report: AigcReportView = {
    id,
    title: task.title,
    author: detection.author,
    generatedAt: (detection.reportedAt ?? task.finishedAt ?? task.updatedAt).toISOString(),
    summary,
    paragraphs: rows.map((p) => ({
      index: p.index,
      section: p.section,
      text: p.text,
      charCount: p.charCount,
      aiCharCount: p.aiCharCount,
      probability: p.probability,
      band: p.band,
      tooShort: p.tooShort,
      sentences: p.sentences as unknown as StoredSentence[],
    })),
  };
  const body = await deps.compute.renderAigcReport({ report });
  return { filename: aigcReportFileName(task.title), contentType: 'application/pdf', body };
}
