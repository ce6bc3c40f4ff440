import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { CheckRecords } from './check-records';

export function CheckReportPage() {
  return (
    <>
      <PageHeader
        title="查重记录"
        icon="report"
        description="查看历次查重的进度与报告，下载 PDF 或 HTML 报告"
        actions={
          <Button asChild size="sm" colorPalette="brand">
            <Link to="/papercheck/check">新的查重</Link>
          </Button>
        }
      />
      <CheckRecords />
    </>
  );
}
