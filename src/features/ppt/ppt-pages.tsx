import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import type { PptDeck } from '@/api/gen/model';
import { aiPptInfoDelete, getAiPptInfoQueryListQueryKey, useAiPptInfoQueryList } from '@/api/gen/ppt/ppt';
import { PageHeader } from '@/components/page-header';
import { ServiceScreen } from '@/components/service-screen';
import { TaskRecords } from '@/components/task-records';
import { usePaging } from '@/components/use-paging';
import { useSignedIn } from '@/components/use-signed-in';
import { DeckEditor, downloadDeck } from './deck-editor';
import { PptStart } from './ppt-start';
import { isUnderWay } from '@/lib/task-status';

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

function PptRecords({ title }: { title?: string }) {
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

/** /aippt/ppt and the named route aippttype (/aippt/ppttype/:id, the confirm step: the outline editor) share this screen. */
export function PptPage({ id }: { id?: string }) {
  return (
    <ServiceScreen
      title={id ? '确认提交' : 'AI生成PPT'}
      icon="ppt"
      description={id ? '编辑大纲、调整版式与模板，预览无误后生成 .pptx' : '选择模板，输入主题或上传论文，编辑大纲后生成可下载的演示文稿'}
      highlights={id ? [] : ['论文离线提炼大纲', '六套答辩模板', '浏览器内预览', '导出 .pptx']}
    >
      {id ? <DeckEditor id={id} /> : <PptStart />}
      {!id && <PptRecords title="最近生成" />}
    </ServiceScreen>
  );
}

export function PptListPage() {
  return (
    <>
      <PageHeader title="PPT记录" icon="ppt" description="生成过的演示文稿：进度、下载与编辑" />
      <PptRecords title="全部记录" />
    </>
  );
}
