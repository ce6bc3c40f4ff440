import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatFen, formatThousands } from '@/lib/number';
import { formatDateTime } from '@/lib/time';
import { LoginRequired } from './login-required';
import { type Field, RecordDetails } from './record-details';
import { SectionCard } from './section-card';
import { StatusBadge } from './status-badge';
import type { TaskLike } from './task-records';
import { useSignedIn } from './use-signed-in';

const TASK_FIELDS: Field<TaskLike>[] = [
  { key: 'title', label: '标题' },
  { key: 'status', label: '状态', render: (record) => <StatusBadge status={record.status} /> },
  { key: 'progress', label: '进度', render: (record) => `${record.progress}%` },
  { key: 'charCount', label: '字数', render: (record) => formatThousands(record.charCount) },
  { key: 'priceFen', label: '费用(元)', render: (record) => formatFen(record.priceFen) },
  { key: 'createdAt', label: '提交时间', render: (record) => formatDateTime(record.createdAt) },
];

type Props<T extends TaskLike> = {
  title?: string;
  query: { data?: T; isLoading: boolean; error: Error | null };
  fields?: Field<T>[];
  children?: ReactNode;
};

/** One task with the shared fields first and the service's own after them. */
export function TaskDetail<T extends TaskLike>({ title = '任务详情', query, fields = [], children }: Props<T>) {
  const signedIn = useSignedIn();
  return (
    <SectionCard title={title}>
      {signedIn ? (
        <Stack gap="4">
          <RecordDetails record={query.data} fields={[...(TASK_FIELDS as Field<T>[]), ...fields]} loading={query.isLoading} error={query.error} />
          {children}
        </Stack>
      ) : (
        <LoginRequired what="详情" />
      )}
    </SectionCard>
  );
}
