import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getCheckQueryListQueryKey } from '@/api/gen/check/check';
import type { TaskProgressItem } from '@/api/gen/model';
import { useTaskProgress } from '@/api/gen/task/task';

const PROGRESS_POLL_MS = 3000;

const finished = (item: TaskProgressItem) => item.status !== 'queued' && item.status !== 'running';

/**
 * Polls the progress of the queued and running checks among the records every 3 s; once one of them
 * has finished, the list is fetched again for its figures.
 */
export function useCheckProgress(ids: string[]): Map<string, TaskProgressItem> {
  const queryClient = useQueryClient();
  const query = useTaskProgress(
    { ids: ids.slice(0, 50) },
    { query: { enabled: ids.length > 0, refetchInterval: PROGRESS_POLL_MS, staleTime: 0, meta: { silent: true } } },
  );
  const items = ids.length > 0 ? (query.data ?? []) : [];
  const done = items.filter(finished).map((item) => item.id).join(',');
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: [getCheckQueryListQueryKey()[0]] });
  }, [done, queryClient]);
  return new Map(items.map((item) => [item.id, item]));
}
