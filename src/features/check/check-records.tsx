import { HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useCheckQueryList } from '@/api/gen/check/check';
import type { CheckRecord, TaskStatus } from '@/api/gen/model';
import { LoginRequired } from '@/components/login-required';
import { type Column, RecordTable } from '@/components/record-table';
import { SectionCard } from '@/components/section-card';
import { StatusBadge } from '@/components/status-badge';
import { TaskProgress } from '@/components/task-progress';
import { usePaging } from '@/components/use-paging';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio, formatThousands } from '@/lib/number';
import { formatDateTime } from '@/lib/time';
import { RecordActions } from './record-actions';
import { useCheckProgress } from './use-check-progress';
import { useDebounced } from '@/components/use-debounced';
import { isUnderWay } from '@/lib/task-status';

const STATUS_FILTERS: Array<{ value: TaskStatus | ''; label: string }> = [
  { value: '', label: '全部状态' },
  { value: 'draft', label: '待提交' },
  { value: 'queued', label: '排队中' },
  { value: 'running', label: '检测中' },
  { value: 'done', label: '已完成' },
  { value: 'failed', label: '失败' },
];

// check_machine_submit asks for 降重 after the check: the check job then queues it, charged from the balance.
const REWRITE_NOTES: Partial<Record<CheckRecord['rewriteStatus'], string>> = {
  waiting: '查重完成后自动降重',
  unavailable: '余额不足或查重未成功，未创建降重任务',
  created: '已自动提交降重，见降重记录',
};

const COLUMNS: Column<CheckRecord>[] = [
  {
    key: 'title',
    label: '论文',
    render: (record) => (
      <Stack gap="0">
        <Text truncate fontWeight="medium">
          {record.title}
        </Text>
        <Text fontSize="xs" color="gray.500">
          {record.author || '未填写作者'}
        </Text>
      </Stack>
    ),
  },
  { key: 'charCount', label: '字数', render: (record) => formatThousands(record.charCount) },
  {
    key: 'status',
    label: '状态',
    render: (record) => (
      <Stack gap="0">
        <StatusBadge status={record.status} />
        {record.error && (
          <Text fontSize="xs" color="red.600" truncate title={record.error}>
            {record.error}
          </Text>
        )}
        {REWRITE_NOTES[record.rewriteStatus] && (
          <Text fontSize="xs" color="gray.500">
            {REWRITE_NOTES[record.rewriteStatus]}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'progress', label: '进度', width: '120px', render: (record) => <TaskProgress value={record.progress} label={`${record.title} 进度`} /> },
  {
    key: 'ratio',
    label: '总文字复制比',
    render: (record) => (
      <Text color={record.figures && record.figures.totalRatio > 0.3 ? 'red.600' : undefined} fontWeight="semibold">
        {formatRatio(record.figures?.totalRatio)}
      </Text>
    ),
  },
  { key: 'createdAt', label: '提交时间', render: (record) => formatDateTime(record.createdAt) },
  { key: 'actions', label: '操作', render: (record) => <RecordActions record={record} /> },
];

/** The user's checks: filter, status with live progress, figures and the actions of each. */
export function CheckRecords() {
  const signedIn = useSignedIn();
  const paging = usePaging();
  const [status, setStatus] = useState<TaskStatus | ''>('');
  const [keyword, setKeyword] = useState('');
  const settledKeyword = useDebounced(keyword.trim(), 300);
  const filter = status || settledKeyword ? { ...(status ? { status } : {}), ...(settledKeyword ? { keyword: settledKeyword } : {}) } : undefined;
  const list = useCheckQueryList(filter, paging.params, { query: { enabled: signedIn } });
  const records = list.data?.records ?? [];
  const progress = useCheckProgress(records.filter((r) => isUnderWay(r.status)).map((r) => r.id));
  const shown = records.map((record) => {
    const live = progress.get(record.id);
    return live ? { ...record, status: live.status, progress: live.progress, error: live.error } : record;
  });

  const filters = (
    <HStack gap="2">
      <Input
        size="sm"
        w={{ base: '36', md: '56' }}
        placeholder="按题目或作者搜索"
        aria-label="按题目或作者搜索"
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          paging.setPageNo(1);
        }}
      />
      <NativeSelect.Root size="sm" w="32">
        <NativeSelect.Field
          aria-label="按状态筛选"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as TaskStatus | '');
            paging.setPageNo(1);
          }}
        >
          {STATUS_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );

  return (
    <SectionCard title="查重记录" extra={signedIn ? filters : undefined}>
      {signedIn ? (
        <RecordTable
          columns={COLUMNS}
          records={list.data ? shown : undefined}
          total={list.data?.total}
          loading={list.isLoading}
          error={list.error}
          pageNo={paging.pageNo}
          pageSize={paging.pageSize}
          onPageChange={paging.setPageNo}
          rowKey={(record) => record.id}
          emptyText="暂无查重记录"
          label="查重记录"
        />
      ) : (
        <LoginRequired />
      )}
    </SectionCard>
  );
}
