import { checkDownloadReport } from '@/api/gen/check/check';

export type ReportFormat = 'pdf' | 'html';

/** The file name the server gives too: the title without reserved characters, then 查重报告. */
export function reportFileName(title: string, format: ReportFormat): string {
  const safe = Array.from(title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim()).slice(0, 60).join('');
  return `${safe || '论文'}-查重报告.${format}`;
}

/** Fetches the report with the bearer token and saves it as a file. */
export async function downloadReport(id: string, title: string, format: ReportFormat): Promise<void> {
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
