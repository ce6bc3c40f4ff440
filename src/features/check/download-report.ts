import { useState } from 'react';
import { checkDownloadReport } from '@/api/gen/check/check';
import { notify } from '@/components/ui/toaster';
import { fileNameOf, saveFile } from '@/lib/save-file';

export type ReportFormat = 'pdf' | 'html';

/** Fetches the report with the bearer token and saves it as a file. */
async function downloadReport(id: string, title: string, format: ReportFormat): Promise<void> {
  const file = (await checkDownloadReport({ id, format })) as unknown as Blob;
  saveFile(file, fileNameOf(title, format, { suffix: '查重报告' }));
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
