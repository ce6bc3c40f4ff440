import { Button, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import type { CheckRecord } from '@/api/gen/model';
import { useReportDownload } from './download-report';
import { isUnderWay } from '@/lib/task-status';

// The dialogs (and their form and dialog machinery) load when one is opened.
const DeleteDialog = lazy(() => import('./delete-dialog').then((module) => ({ default: module.DeleteDialog })));
const RenameDialog = lazy(() => import('./rename-dialog').then((module) => ({ default: module.RenameDialog })));

/** What a record offers in its state: continue a draft; view or download a report, rewrite it in the 改写工作台; rename; delete. */
export function RecordActions({ record }: { record: CheckRecord }) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const { downloading, download } = useReportDownload(record);
  const busy = isUnderWay(record.status);

  return (
    <HStack gap="1" wrap="wrap">
      {record.status === 'draft' && (
        <Button asChild size="xs" variant="ghost" colorPalette="brand">
          <Link to="/paper/submit/$id" params={{ id: record.id }}>
            去提交
          </Link>
        </Button>
      )}
      {record.status === 'done' && (
        <>
          <Button asChild size="xs" variant="ghost" colorPalette="brand">
            <Link to="/paper/report/$id" params={{ id: record.id }}>
              查看报告
            </Link>
          </Button>
          <Button asChild size="xs" variant="ghost" colorPalette="brand">
            <Link to="/papercheck/workbench/$id" params={{ id: record.id }}>
              改写工作台
            </Link>
          </Button>
          {record.editedFromId && (
            <Button asChild size="xs" variant="ghost">
              <Link to="/papercheck/workbench/$id" params={{ id: record.editedFromId }}>
                修改前的工作台
              </Link>
            </Button>
          )}
          <Button size="xs" variant="ghost" loading={downloading === 'pdf'} onClick={() => download('pdf')}>
            下载 PDF
          </Button>
          <Button size="xs" variant="ghost" loading={downloading === 'html'} onClick={() => download('html')}>
            下载 HTML
          </Button>
        </>
      )}
      <Button size="xs" variant="ghost" onClick={() => setDialog('rename')}>
        重命名
      </Button>
      <Button size="xs" variant="ghost" colorPalette="red" disabled={busy} onClick={() => setDialog('delete')}>
        删除
      </Button>
      <Suspense fallback={null}>
        {dialog === 'rename' && <RenameDialog record={record} onClose={() => setDialog(null)} />}
        {dialog === 'delete' && <DeleteDialog record={record} onClose={() => setDialog(null)} />}
      </Suspense>
    </HStack>
  );
}
