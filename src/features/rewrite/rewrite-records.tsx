import type { MachineMode, PaperMachineMode } from '@/api/gen/model';
import {
  getMachineQueryListQueryKey,
  getPaperMachineQueryListQueryKey,
  machineDelete,
  paperMachineDelete,
  useMachineQueryList,
  usePaperMachineQueryList,
} from '@/api/gen/rewrite/rewrite';
import type { Column } from '@/components/record-table';
import { TaskRecords } from '@/components/task-records';
import { usePaging } from '@/components/use-paging';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio } from '@/lib/number';
import { modeLabel } from '@common/rewrite-modes';
import { isUnderWay } from '@/lib/task-status';

type RatioRecord = { mode: string; source?: string; status: string; offline: boolean; similarityBefore: number | null; similarityAfter: number | null };
/** The way and the figures of a rewrite: columns of the lists, fields of the comparison view. */
export const RATIO_COLUMNS: Column<RatioRecord>[] = [
  {
    key: 'mode',
    label: '方式',
    render: (record) => `${modeLabel(record)}${record.offline && record.status === 'done' ? '（离线）' : ''}`,
  },
  { key: 'before', label: '降前重复率', render: (record) => formatRatio(record.similarityBefore) },
  { key: 'after', label: '降后重复率', render: (record) => formatRatio(record.similarityAfter) },
];

/** Records pages show progress: while a record is queued or running, the list is fetched every 3 s. */
const whileBusy = (query: { state: { data?: { records: Array<{ status: string }> } } }) =>
  query.state.data?.records.some((r) => isUnderWay(r.status)) ? 3000 : false;

/** Whole-paper rewrites (降重, 强力降重, 润色改写); without a mode, all of them. */
export function PaperMachineRecords({ mode, title }: { mode?: PaperMachineMode; title?: string }) {
  const paging = usePaging();
  const query = usePaperMachineQueryList(mode ? { mode } : undefined, paging.params, { query: { enabled: useSignedIn(), refetchInterval: whileBusy } });
  return (
    <TaskRecords
      title={title}
      query={query}
      paging={paging}
      detailHref={(record) => `/papermachine/content/${record.id}`}
      extraColumns={RATIO_COLUMNS}
      onDelete={(id) => paperMachineDelete({ id })}
      listKey={[getPaperMachineQueryListQueryKey()[0]]}
    />
  );
}

/** Smart and academic-database rewrites of machine_api. */
export function MachineRecords({ mode, title }: { mode?: MachineMode; title?: string }) {
  const paging = usePaging();
  const query = useMachineQueryList(mode ? { mode } : undefined, paging.params, { query: { enabled: useSignedIn(), refetchInterval: whileBusy } });
  return (
    <TaskRecords
      title={title}
      query={query}
      paging={paging}
      detailHref={(record) => `/papermachine/content/${record.id}`}
      extraColumns={RATIO_COLUMNS}
      onDelete={(id) => machineDelete({ id })}
      listKey={[getMachineQueryListQueryKey()[0]]}
    />
  );
}
