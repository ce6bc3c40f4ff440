import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import type { PptDeck } from '@/api/gen/model';
import { aiPptInfoDelete, getAiPptInfoQueryListQueryKey, useAiPptInfoQueryList } from '@/api/gen/ppt/ppt';
import { TaskRecords } from '@/components/task-records';
import { usePaging } from '@/components/use-paging';
import { useSignedIn } from '@/components/use-signed-in';
import { isUnderWay } from '@/lib/task-status';
import { downloadDeck } from './download-deck';

function DownloadButton({ deck }: { deck: PptDeck }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (deck.status !== 'done') return null;
  return (
    <Button
      size="xs"
      variant="outline"
      loading={busy}
      colorPalette={failed ? 'red' : undefined}
      aria-label={`下载 ${deck.title}`}
      onClick={() => {
        setBusy(true);
        downloadDeck(deck)
          .then(() => setFailed(false))
          .catch(() => setFailed(true))
          .finally(() => setBusy(false));
      }}
    >
      {failed ? '下载失败，重试' : '下载'}
    </Button>
  );
}

/** The student's decks with their progress and a download for each one that is done. */
export function PptRecords({ title }: { title?: string }) {
  const paging = usePaging();
  const signedIn = useSignedIn();
  const query = useAiPptInfoQueryList(undefined, paging.params, {
    query: {
      enabled: signedIn,
      // Decks being rendered report their progress.
      refetchInterval: (q) => (q.state.data?.records.some((r) => isUnderWay(r.status)) ? 2000 : false),
    },
  });
  return (
    <TaskRecords
      title={title}
      query={query}
      paging={paging}
      detailHref={(record) => `/aippt/ppttype/${record.id}`}
      extraColumns={[
        { key: 'slideCount', label: '页数' },
        { key: 'download', label: '文件', render: (record) => <DownloadButton deck={record} /> },
      ]}
      onDelete={(id) => aiPptInfoDelete({ id })}
      listKey={[getAiPptInfoQueryListQueryKey()[0]]}
    />
  );
}
