import { Button, HStack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { checkWorkbenchDownload } from '@/api/gen/check/check';
import { notify } from '@/components/ui/toaster';
import { fileNameOf, saveFile } from '@/lib/save-file';
import { formatDateTime } from '@/lib/time';
import type { Saved } from './use-workbench';

type Props = {
  checkId: string;
  title: string;
  saved: Saved;
  docxInPlace: boolean;
  busy: boolean;
  aiMode: boolean;
  onAiMode: (on: boolean) => void;
  onUndo: () => void;
  onRedo: () => void;
  onSummary: () => void;
  onRecheck: () => void;
};

/** 撤销/重做, AI traces, the summary, the .docx export and a new 查重 of the edited paper. */
export function WorkbenchToolbar({ checkId, title, saved, docxInPlace, busy, aiMode, onAiMode, onUndo, onRedo, onSummary, onRecheck }: Props) {
  const [downloading, setDownloading] = useState<'clean' | 'marked' | null>(null);
  const download = async (marked: boolean) => {
    setDownloading(marked ? 'marked' : 'clean');
    try {
      const file = (await checkWorkbenchDownload({ id: checkId, marked })) as unknown as Blob;
      saveFile(file, fileNameOf(title, 'docx', { suffix: marked ? '修改稿（标出改动）' : '修改稿' }));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : '导出失败，请稍后重试');
    } finally {
      setDownloading(null);
    }
  };
  return (
    <HStack gap="2" wrap="wrap" role="toolbar" aria-label="工作台操作">
      <Button size="sm" variant="outline" disabled={busy || saved.revision === 0} onClick={onUndo}>
        撤销
      </Button>
      <Button size="sm" variant="outline" disabled={busy || saved.revision >= saved.historyLength} onClick={onRedo}>
        重做
      </Button>
      <Switch.Root size="sm" checked={aiMode} onCheckedChange={(event) => onAiMode(event.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>AI 痕迹</Switch.Label>
      </Switch.Root>
      <Button size="sm" variant="ghost" onClick={onSummary}>
        修改摘要
      </Button>
      <Button size="sm" variant="outline" loading={downloading === 'clean'} onClick={() => void download(false)} title={docxInPlace ? '在您上传的 Word 文件中替换改过的文字' : '生成新的 Word 文件'}>
        导出 Word
      </Button>
      <Button size="sm" variant="outline" loading={downloading === 'marked'} onClick={() => void download(true)}>
        导出 Word（标出改动）
      </Button>
      <Button size="sm" colorPalette="brand" disabled={saved.revision === 0} onClick={onRecheck}>
        重新查重
      </Button>
      <Text fontSize="xs" color="gray.600" data-testid="saved-at">
        {saved.updatedAt ? `已自动保存 · ${formatDateTime(saved.updatedAt)} · 第 ${saved.revision} 版` : '尚未修改'}
      </Text>
    </HStack>
  );
}
