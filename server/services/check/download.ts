import type { Deps } from '../../context';
import { reportFileName } from '../../engines/report/check-labels';
import { loadReport } from './report';

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

/**
 * download_report: the stored report rendered as PDF (embedded CJK font) or self-contained HTML by the
 * engines' worker pool (a long paper's PDF takes seconds to lay out).
 */
export async function downloadReport(deps: Deps, userId: string, id: string, format: 'pdf' | 'html' = 'pdf'): Promise<ReportFile> {
  const report = await loadReport(deps.db, userId, id, '下载');
  const body = await deps.compute.renderCheckReport({ report, format });
  if (format === 'html') {
    return { filename: reportFileName(report.title, 'html'), contentType: 'text/html; charset=utf-8', body };
  }
  return { filename: reportFileName(report.title, 'pdf'), contentType: 'application/pdf', body };
}
