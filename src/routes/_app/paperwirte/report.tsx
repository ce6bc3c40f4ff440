import { createFileRoute } from '@tanstack/react-router';
import { PaperWriteReportPage } from '@/features/paper/paper-pages';

export const Route = createFileRoute('/_app/paperwirte/report')({
  staticData: { meta: { title: '写作记录', hidden: true } },
  component: PaperWriteReportPage,
});
