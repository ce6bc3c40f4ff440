import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useCheckQueryList } from '@/api/gen/check/check';
import type { CheckRecord } from '@/api/gen/model';
import { RecordTable } from '@/components/record-table';
import { SectionCard } from '@/components/section-card';
import { StatusBadge } from '@/components/status-badge';
import { formatRatio } from '@/lib/number';
import { formatRelativeTime } from '@/lib/time';

/** The signed-in user's latest checks under the form; each opens its record. */
export function RecentChecks() {
  const list = useCheckQueryList(undefined, { pageNo: 1, pageSize: 5 });
  return (
    <SectionCard
      title="最近查重"
      extra={
        <ChakraLink asChild color="brand.solid" fontSize="sm">
          <Link to="/paper/report">全部记录</Link>
        </ChakraLink>
      }
    >
      <RecordTable<CheckRecord>
        columns={[
          {
            key: 'title',
            label: '论文',
            render: (record) => (
              <ChakraLink asChild color="brand.solid">
                <Link to="/paper/submit/$id" params={{ id: record.id }}>
                  {record.title}
                </Link>
              </ChakraLink>
            ),
          },
          { key: 'status', label: '状态', render: (record) => <StatusBadge status={record.status} /> },
          { key: 'ratio', label: '总文字复制比', render: (record) => formatRatio(record.figures?.totalRatio) },
          { key: 'createdAt', label: '提交时间', render: (record) => formatRelativeTime(record.createdAt) },
        ]}
        records={list.data?.records}
        loading={list.isLoading}
        error={list.error}
        rowKey={(record) => record.id}
        emptyText="还没有查重记录"
        label="最近查重"
      />
    </SectionCard>
  );
}
