import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ChargeQuoteBody, MachineMode, PaperMachineMode } from '@/api/gen/model';
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
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { useCapabilities } from '@/components/use-capabilities';
import { useSignedIn } from '@/components/use-signed-in';
import { type PaperSource, PaperSourceField } from '@/components/paper-source-field';
import { useDebounced } from '@/components/use-debounced';
import { countChars, MAX_CHECK_CHARS, tooLongMessage } from '@common/char-count';
import { formatFen } from '@/lib/number';
import { MODE_LABELS } from '@common/rewrite-modes';
import { appStore } from '@/stores/app';

type Mode = PaperMachineMode | MachineMode;

/** Each mode in one sentence: what it does and with what. */
export const MODE_EXPLAINED: Record<Mode, string> = {
  rewrite: '降重：逐段改写措辞与句式，降低与已有文献的重合，同时保留原意和你列出的术语。',
  strong: '强力降重：更大幅度地重组句子结构与段落表达，适合重复率较高的段落。',
  polish: '润色改写：提升语句通顺度与学术规范性，重在表达质量而不是降低重复率。',
  smart: '智能降重：不使用大模型的离线引擎，按分词结果做同义替换和句式变换，结果可复现。',
  cnki: '学术库降重：先用本站查重找出标红的句子，只改写这些句子，其余内容保持不变。',
};

/** What each way does to the text, for the text box's label: 需要润色的正文. */
const TEXT_OF: Record<Mode, string> = { rewrite: '降重', strong: '降重', polish: '润色', smart: '降重', cnki: '降重' };

/** Terms typed as a list separated by commas, 顿号 or new lines. */
export function parseTerms(text: string): string[] {
  return [...new Set(text.split(/[,，、;；\n]/).map((t) => t.trim()).filter(Boolean))];
}

type Fields = { title: string; content?: string; file?: File; protectedTerms: string[] };

/** A draft (nothing charged), and the charging call that submits it. */
async function createDraft(mode: Mode, fields: Fields): Promise<{ id: string; request: ChargeQuoteBody; submit: () => Promise<{ id: string }> }> {
  if (mode === 'smart') {
    const { id } = await machineMachineInit(fields);
    return { id, request: { operation: 'machineMachineSubmit', id }, submit: () => machineMachineSubmit({ id }) };
  }
  if (mode === 'cnki') {
    const { id } = await machineMachineCnkiInit(fields);
    return { id, request: { operation: 'machineMachineCnkiSubmit', id }, submit: () => machineMachineCnkiSubmit({ id }) };
  }
  const { id } = await paperMachineMachineInit({ ...fields, mode });
  return { id, request: { operation: 'paperMachineMachineSubmit', id }, submit: () => paperMachineMachineSubmit({ id }) };
}

/** Who will do the work on this instance, said before anything is paid (capabilities' rewriteEngine). */
function EngineNote({ mode }: { mode: Mode }) {
  const { data } = useCapabilities();
  if (!data) return null;
  const engine = mode === 'smart' ? 'offline' : data.rewriteEngine;
  return (
    <Text fontSize="sm" color={engine === 'offline' ? 'orange.800' : 'gray.700'} data-testid="rewrite-engine" data-engine={engine}>
      {engine === 'model'
        ? '本站由大模型改写，按大模型改写的价格计费。'
        : mode === 'smart'
          ? '由离线引擎改写（不使用大模型），按离线引擎的价格计费。'
          : '本站未配置大模型：将由离线引擎改写，结果标明“离线”，按离线引擎的价格计费（低于大模型改写）。'}
    </Text>
  );
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
  // A draft made for these inputs: asking again (after a top-up, or a cancel) reuses it, not a second draft.
  const [draft, setDraft] = useState<{ key: string; made: Awaited<ReturnType<typeof createDraft>> } | null>(null);
  const charge = useChargeConfirm();
  const label = MODE_LABELS[mode];
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
    if (source === 'paste' && chars === 0) return setError(`请粘贴需要${TEXT_OF[mode]}的正文`);
    if (source === 'paste' && chars > MAX_CHECK_CHARS) return setError(tooLongMessage(chars));
    if (source === 'upload' && !file) return setError('请上传论文文件');
    setBusy(true);
    try {
      const fields = { title: title.trim(), ...(source === 'upload' && file ? { file } : { content }), protectedTerms: parseTerms(terms) };
      const key = JSON.stringify([mode, source, source === 'upload' ? [file?.name, file?.size, file?.lastModified] : content, fields.title, fields.protectedTerms]);
      const made = draft?.key === key ? draft.made : await createDraft(mode, fields);
      setDraft({ key, made });
      charge.ask({
        title: `确认支付：${label}`,
        request: made.request,
        onConfirm: async () => {
          const record = await made.submit();
          await navigate({ to: '/papermachine/content/$id', params: { id: record.id } });
        },
      });
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
        <EngineNote mode={mode} />
        <PaperSourceField
          source={source}
          onSource={setSource}
          file={file}
          onFile={setFile}
          onReject={setError}
          pasteLabel={`需要${TEXT_OF[mode]}的正文`}
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
        {source === 'upload' && (
          <Text fontSize="xs" color="gray.500">
            上传的论文读取后按字数计价，付款前会先显示费用与支付后余额，确认后才扣费。
          </Text>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="正在计算费用" alignSelf="flex-start">
          {signedIn ? `开始${label}` : '登录后提交'}
        </Button>
      </Stack>
      {charge.dialog}
    </form>
  );
}
