import { createFileRoute } from '@tanstack/react-router';
import { CheckReportPage } from '@/features/check/check-report-page';

export const Route = createFileRoute('/_app/paper/report')({
  staticData: { meta: { title: '查重记录', hidden: true } },
  component: CheckReportPage,
});
