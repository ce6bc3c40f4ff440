import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { MachineMode, PaperMachineMode } from '@/api/gen/model';
import {
  machineMachineCnkiInit,
  machineMachineCnkiSubmit,
  machineMachineInit,
  machineMachineSubmit,
  paperMachineMachineInit,
  paperMachineMachineSubmit,
  useMachineWordCount,
  usePaperMachineWordCount,
} from '@/api/gen/rewrite/rewrite';
import { useSignedIn } from '@/components/use-signed-in';
import { type PaperSource, PaperSourceField } from '@/components/paper-source-field';
import { useDebounced } from '@/components/use-debounced';
import { countChars, MAX_CHECK_CHARS, tooLongMessage } from '@common/char-count';
import { formatFen } from '@/lib/number';
import { appStore } from '@/stores/app';

type Mode = PaperMachineMode | MachineMode;

/** Each mode in one sentence: what it does and with what. */
export const MODE_EXPLAINED: Record<Mode, string> = {
  rewrite: '降重：大模型逐段改写措辞与句式，降低与已有文献的重合，同时保留原意和你列出的术语。',
  strong: '强力降重：大模型更大幅度地重组句子结构与段落表达，适合重复率较高的段落。',
  polish: '润色改写：大模型提升语句通顺度与学术规范性，重在表达质量而不是降低重复率。',
  smart: '智能降重：不使用大模型的离线引擎，按分词结果做同义替换和句式变换，结果可复现。',
  cnki: '学术库降重：先用本站查重找出标红的句子，只改写这些句子，其余内容保持不变。',
};

/** Terms typed as a list separated by commas, 顿号 or new lines. */
export function parseTerms(text: string): string[] {
  return [...new Set(text.split(/[,，、;；\n]/).map((t) => t.trim()).filter(Boolean))];
}

async function createAndSubmit(mode: Mode, fields: { title: string; content?: string; file?: File; protectedTerms: string[] }) {
  if (mode === 'smart') return machineMachineSubmit({ id: (await machineMachineInit(fields)).id });
  if (mode === 'cnki') return machineMachineCnkiSubmit({ id: (await machineMachineCnkiInit(fields)).id });
  return paperMachineMachineSubmit({ id: (await paperMachineMachineInit({ ...fields, mode })).id });
}

/** Paste or upload a paper, list the terms to keep, see the price, then pay and start the rewrite. */
export function RewriteForm({ mode }: { mode: Mode }) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [source, setSource] = useState<PaperSource>('paste');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState('');
  const [title, setTitle] = useState('');
  const [terms, setTerms] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chars = countChars(content);
  const debounced = useDebounced(content, 400);
  const paperQuote = usePaperMachineWordCount(
    { content: debounced, mode: mode === 'smart' || mode === 'cnki' ? 'rewrite' : mode },
    { query: { enabled: signedIn && source === 'paste' && mode !== 'smart' && mode !== 'cnki' && countChars(debounced) > 0, meta: { silent: true } } },
  );
  const machineQuote = useMachineWordCount(
    { content: debounced, mode: mode === 'cnki' ? 'cnki' : 'smart' },
    { query: { enabled: signedIn && source === 'paste' && (mode === 'smart' || mode === 'cnki') && countChars(debounced) > 0, meta: { silent: true } } },
  );
  const quote = mode === 'smart' || mode === 'cnki' ? machineQuote.data : paperQuote.data;

  const submit = async () => {
    setError(null);
    if (!signedIn) {
      appStore.actions.openLogin();
      return;
    }
    if (!title.trim()) return setError('请输入论文题目');
    if (source === 'paste' && chars === 0) return setError('请粘贴需要降重的正文');
    if (source === 'paste' && chars > MAX_CHECK_CHARS) return setError(tooLongMessage(chars));
    if (source === 'upload' && !file) return setError('请上传论文文件');
    setBusy(true);
    try {
      const record = await createAndSubmit(mode, {
        title: title.trim(),
        ...(source === 'upload' && file ? { file } : { content }),
        protectedTerms: parseTerms(terms),
      });
      await navigate({ to: '/papermachine/content/$id', params: { id: record.id } });
    } catch (e) {
      setError(e instanceof Error ? e.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="提交降重"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="gray.700" data-testid="mode-explained">
          {MODE_EXPLAINED[mode]}
        </Text>
        <PaperSourceField
          source={source}
          onSource={setSource}
          file={file}
          onFile={setFile}
          onReject={setError}
          pasteLabel="需要降重的正文"
          textarea={{ value: content, onChange: (e) => setContent(e.target.value), placeholder: '把需要改写的正文粘贴到这里，每段一行' }}
          pasteInfo={
            <Box mt="1" fontSize="sm" color="gray.600">
              {chars.toLocaleString('zh-CN')} 字{quote ? `，费用 ¥${formatFen(quote.priceFen)}` : ''}
            </Box>
          }
        />
        <HStack gap="4" align="flex-start" flexDirection={{ base: 'column', md: 'row' }}>
          <Field.Root required flex="2">
            <Field.Label>
              论文题目
              <Field.RequiredIndicator />
            </Field.Label>
            <Input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} placeholder="请输入论文题目" />
          </Field.Root>
          <Field.Root flex="2">
            <Field.Label>需保护的术语</Field.Label>
            <Input value={terms} onChange={(e) => setTerms(e.target.value)} placeholder="选填，用逗号或顿号分隔，如：卷积神经网络、BERT" />
          </Field.Root>
        </HStack>
        {error && (
          <Text color="red.600" fontSize="sm" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="正在提交" alignSelf="flex-start">
          {signedIn ? '支付并开始降重' : '登录后提交'}
        </Button>
      </Stack>
    </form>
  );
}
