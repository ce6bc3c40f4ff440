import type { Deps } from '../../context';
import { renderReportInWorker } from '../../workers/offload';
import { loadReport } from './report';
import { reportFileName } from './report-labels';

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

/**
 * download_report: the stored report rendered as PDF (embedded CJK font) or self-contained HTML, in a
 * worker thread (a long paper's PDF takes seconds to lay out).
 */
export async function downloadReport(deps: Deps, userId: string, id: string, format: 'pdf' | 'html' = 'pdf'): Promise<ReportFile> {
  const report = await loadReport(deps.db, userId, id, '下载');
  const body = await renderReportInWorker(deps.config, report, format);
  if (format === 'html') {
    return { filename: reportFileName(report.title, 'html'), contentType: 'text/html; charset=utf-8', body };
  }
  return { filename: reportFileName(report.title, 'pdf'), contentType: 'application/pdf', body };
}
