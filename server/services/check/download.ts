import type { Executor } from '../../db/client';
import { loadReport } from './report';
import { renderReportHtml } from './report-html';
import { reportFileName } from './report-labels';
import { renderReportPdf } from './report-pdf';

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

/** download_report: the stored report rendered as PDF (embedded CJK font) or self-contained HTML. */
export async function downloadReport(db: Executor, userId: string, id: string, format: 'pdf' | 'html' = 'pdf'): Promise<ReportFile> {
  const report = await loadReport(db, userId, id, '下载');
  if (format === 'html') {
    return { filename: reportFileName(report.title, 'html'), contentType: 'text/html; charset=utf-8', body: renderReportHtml(report) };
  }
  return { filename: reportFileName(report.title, 'pdf'), contentType: 'application/pdf', body: await renderReportPdf(report) };
}
