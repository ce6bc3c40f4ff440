import { aiPaperInfoDelete, getAiPaperInfoQueryListQueryKey, getPaperInfoQueryListQueryKey, paperInfoDelete, useAiPaperInfoQueryList, usePaperInfoQueryList } from '@/api/gen/paper/paper';
import type { PaperRecord } from '@/api/gen/model';
import type { Column } from '@/components/record-table';
import { TaskRecords } from '@/components/task-records';
import { usePaging } from '@/components/use-paging';
import { useSignedIn } from '@/components/use-signed-in';
import { DEGREE_LABELS, STAGE_LABELS } from './paper-labels';

const columns: Column<PaperRecord>[] = [
  { key: 'degree', label: '类型', render: (record) => DEGREE_LABELS[record.degree] ?? record.degree },
  { key: 'stage', label: '阶段', render: (record) => STAGE_LABELS[record.stage] ?? record.stage },
  { key: 'sections', label: '章节', render: (record) => `${record.sectionsDone}/${record.sectionCount}` },
];

/** Papers of the new flow (ai_paper_info_api): title, outline, then sections. */
export function AiPaperRecords({ title }: { title?: string }) {
  const paging = usePaging();
  const query = useAiPaperInfoQueryList(undefined, paging.params, { query: { enabled: useSignedIn() } });
  return (
    <TaskRecords
      title={title}
      query={query}
      paging={paging}
      detailHref={(record) => (record.stage === 'outline' ? `/aipaper/outline/${record.id}` : `/aipaper/content/${record.id}`)}
      extraColumns={columns}
      onDelete={(id) => aiPaperInfoDelete({ id })}
      listKey={[getAiPaperInfoQueryListQueryKey()[0]]}
    />
  );
}

/** Whole-paper tasks of the classic forms (paper_info_api). */
export function PaperInfoRecords({ title }: { title?: string }) {
  const paging = usePaging();
  const query = usePaperInfoQueryList(undefined, paging.params, { query: { enabled: useSignedIn() } });
  return (
    <TaskRecords
      title={title}
      query={query}
      paging={paging}
      detailHref={(record) => `/paperwirte/wirte/${record.id}`}
      extraColumns={columns}
      onDelete={(id) => paperInfoDelete({ id })}
      listKey={[getPaperInfoQueryListQueryKey()[0]]}
    />
  );
}
