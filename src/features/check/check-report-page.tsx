import { PageHeader } from '@/components/page-header';
import { CheckRecords } from './check-page';

export function CheckReportPage() {
  return (
    <>
      <PageHeader title="查重记录" icon="report" description="查看历次查重的状态与报告" />
      <CheckRecords title="全部记录" />
    </>
  );
}
