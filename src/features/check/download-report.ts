import { useState } from 'react';
import { checkDownloadReport } from '@/api/gen/check/check';
import { notify } from '@/components/ui/toaster';

export type ReportFormat = 'pdf' | 'html';

/** The file name the server gives too: the title without reserved characters, then 查重报告. */
function reportFileName(title: string, format: ReportFormat): string {
  const safe = Array.from(title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim()).slice(0, 60).join('');
  return `${safe || '论文'}-查重报告.${format}`;
}

/** Fetches the report with the bearer token and saves it as a file. */
async function downloadReport(id: string, title: string, format: ReportFormat): Promise<void> {
  const file = (await checkDownloadReport({ id, format })) as unknown as Blob;
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(title, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Download buttons' state: the format being fetched; a failure is shown as a toast. */
export function useReportDownload(report: { id: string; title: string }) {
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const download = async (format: ReportFormat) => {
    setDownloading(format);
    try {
      await downloadReport(report.id, report.title, format);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : '下载失败，请稍后重试');
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, download: (format: ReportFormat) => void download(format) };
}
