import { Badge } from '@chakra-ui/react';
import { getPaperAigcQueryListQueryKey, paperAigcDelete, usePaperAigcQueryList } from '@/api/gen/aigc/aigc';
import type { AigcKind } from '@/api/gen/model';
import { TaskRecords } from '@/components/task-records';
import { usePaging } from '@/components/use-paging';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio } from '@/lib/number';
import { BAND_PALETTE } from './band-style';
import { bandLabel } from './labels';
import { isUnderWay } from '@/lib/task-status';

/** Records pages show progress: while a record is queued or running, the list is fetched every 3 s. */
const whileBusy = (query: { state: { data?: { records: Array<{ status: string }> } } }) =>
  query.state.data?.records.some((r) => isUnderWay(r.status)) ? 3000 : false;

/** Detection records (kind detect) or lowering records (kind lower). */
export function AigcRecords({ kind, title }: { kind: AigcKind; title?: string }) {
  const paging = usePaging();
  const query = usePaperAigcQueryList({ kind }, paging.params, { query: { enabled: useSignedIn(), refetchInterval: whileBusy } });
  return (
    <TaskRecords
      title={title}
      query={query}
      paging={paging}
      // A 降AIGC record is a rewording record: its comparison view shows each paragraph's AI probability before and after.
      detailHref={(record) => (kind === 'detect' ? `/aigccheck/content/${record.id}` : `/papermachine/content/${record.id}`)}
      extraColumns={
        kind === 'detect'
          ? [
              { key: 'aiCharRatio', label: 'AI字符占比', render: (record) => formatRatio(record.aiCharRatio) },
              {
                key: 'band',
                label: '分档',
                render: (record) => (record.band ? <Badge colorPalette={BAND_PALETTE[record.band]}>{bandLabel(record.band)}</Badge> : '—'),
              },
            ]
          : [
              { key: 'before', label: '降前', render: (record) => formatRatio(record.aiCharRatioBefore) },
              { key: 'after', label: '降后', render: (record) => formatRatio(record.aiCharRatioAfter) },
            ]
      }
      onDelete={(id) => paperAigcDelete({ id })}
      listKey={[getPaperAigcQueryListQueryKey()[0]]}
    />
  );
}
