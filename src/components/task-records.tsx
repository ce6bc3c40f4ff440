import { Button, Link as ChakraLink } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import { formatFen, formatThousands } from '@/lib/number';
import { isUnderWay } from '@/lib/task-status';
import { formatRelativeTime } from '@/lib/time';
import { LoginRequired } from './login-required';
import { type Column, RecordTable } from './record-table';
import { SectionCard } from './section-card';
import { StatusBadge } from './status-badge';
import { TaskProgress } from './task-progress';
import { useSignedIn } from './use-signed-in';

// The dialog (and Chakra's dialog machinery) loads when a delete is first asked for.
const ConfirmDeleteDialog = lazy(() => import('./confirm-delete-dialog').then((module) => ({ default: module.ConfirmDeleteDialog })));

/** The fields every service task shares (the contract's Task). */
export type TaskLike = {
  id: string;
  title: string;
  status: string;
  progress: number;
  priceFen: number;
  charCount: number;
  createdAt: string;
};

type Page<T> = { records: T[]; total: number };

type Props<T extends TaskLike> = {
  title?: string;
  query: { data?: Page<T>; isLoading: boolean; error: Error | null };
  paging?: { pageNo: number; pageSize: number; setPageNo: (page: number) => void };
  /** Where a record opens, when it has a detail screen. */
  detailHref?: (record: T) => string;
  extraColumns?: Column<T>[];
  onDelete?: (id: string) => Promise<unknown>;
  /** The list's query key prefix, refreshed after a delete. */
  listKey?: readonly unknown[];
};

export function TaskRecords<T extends TaskLike>({ title = '我的记录', query, paging, detailHref, extraColumns = [], onDelete, listKey }: Props<T>) {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<T | null>(null);

  const columns: Column<T>[] = [
    {
      key: 'title',
      label: '标题',
      render: (record) =>
        detailHref ? (
          <ChakraLink asChild color="brand.solid">
            <Link to={detailHref(record)}>{record.title}</Link>
          </ChakraLink>
        ) : (
          record.title
        ),
    },
    ...extraColumns,
    { key: 'charCount', label: '字数', render: (record) => formatThousands(record.charCount) },
    { key: 'status', label: '状态', render: (record) => <StatusBadge status={record.status} /> },
    { key: 'progress', label: '进度', width: '120px', render: (record) => <TaskProgress value={record.progress} label={`${record.title} 进度`} /> },
    { key: 'priceFen', label: '费用(元)', render: (record) => formatFen(record.priceFen) },
    { key: 'createdAt', label: '提交时间', render: (record) => formatRelativeTime(record.createdAt) },
  ];
  if (onDelete) {
    columns.push({
      key: 'actions',
      label: '操作',
      render: (record) => (
        <Button size="xs" variant="ghost" colorPalette="red" disabled={isUnderWay(record.status)} onClick={() => setDeleting(record)}>
          删除
        </Button>
      ),
    });
  }

  return (
    <SectionCard title={title}>
      {signedIn ? (
        <RecordTable
          columns={columns}
          records={query.data?.records}
          total={query.data?.total}
          loading={query.isLoading}
          error={query.error}
          pageNo={paging?.pageNo}
          pageSize={paging?.pageSize}
          onPageChange={paging?.setPageNo}
          rowKey={(record) => record.id}
        />
      ) : (
        <LoginRequired />
      )}
      <Suspense fallback={null}>
        {deleting && onDelete && (
          <ConfirmDeleteDialog
            title="删除记录"
            onConfirm={async () => {
              await onDelete(deleting.id);
              if (listKey) await queryClient.invalidateQueries({ queryKey: listKey });
            }}
            onClose={() => setDeleting(null)}
          >
            确定删除《{deleting.title}》这条记录及其结果吗？
          </ConfirmDeleteDialog>
        )}
      </Suspense>
    </SectionCard>
  );
}
