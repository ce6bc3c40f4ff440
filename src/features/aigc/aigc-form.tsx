import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { paperAigcMachineInit, paperAigcMachineSubmit, usePaperAigcWordCount } from '@/api/gen/aigc/aigc';
import { ApiError } from '@/api/http';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { useSignedIn } from '@/components/use-signed-in';
import { type PaperSource, PaperSourceField } from '@/components/paper-source-field';
import { useDebounced } from '@/components/use-debounced';
import { countChars, MAX_CHECK_CHARS, tooLongMessage } from '@common/char-count';
import { formatFen } from '@/lib/number';
import { appStore } from '@/stores/app';
import { type SubmitFailure, SubmitError } from '@/components/submit-error';

/** The server's detection price rule (service_prices.aigc), only until word_count has answered. */
const PRICE_NOTE = '按字数计价，付款前先显示费用与支付后余额，确认后才从余额扣费；检测失败自动退款';

/** Paste or upload a paper, see its characters and price as you type, then confirm the charge and start the detection. */
export function AigcForm() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [source, setSource] = useState<PaperSource>('paste');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState('');
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [error, setError] = useState<SubmitFailure | null>(null);
  const [busy, setBusy] = useState(false);
  // A draft whose payment was refused (balance): paying again after a top-up reuses it, not a second draft.
  const [draft, setDraft] = useState<{ id: string; key: string } | null>(null);
  const charge = useChargeConfirm();
  const chars = countChars(content);
  const debounced = useDebounced(content, 400);
  const quote = usePaperAigcWordCount(
    { content: debounced },
    { query: { enabled: signedIn && source === 'paste' && countChars(debounced) > 0, retry: false, meta: { silent: true } } },
  );

  const submit = async () => {
    setError(null);
    if (!signedIn) {
      appStore.actions.openLogin();
      return;
    }
    if (!title.trim()) return setError({ message: '请输入论文题目' });
    if (source === 'paste' && chars === 0) return setError({ message: '请粘贴需要检测的正文' });
    if (source === 'paste' && chars > MAX_CHECK_CHARS) return setError({ message: tooLongMessage(chars) });
    if (source === 'upload' && !file) return setError({ message: '请上传论文文件' });
    setBusy(true);
    try {
      const fields = { title: title.trim(), ...(author.trim() ? { author: author.trim() } : {}) };
      const key = JSON.stringify([source, source === 'upload' ? [file?.name, file?.size, file?.lastModified] : content, fields]);
      const id = draft?.key === key ? draft.id : (await paperAigcMachineInit(source === 'upload' && file ? { ...fields, file } : { ...fields, content })).id;
      setDraft({ id, key });
      charge.ask({
        title: '确认支付：AIGC检测',
        request: { operation: 'paperAigcMachineSubmit', id },
        onConfirm: async () => {
          await paperAigcMachineSubmit({ id });
          await navigate({ to: '/aigccheck/content/$id', params: { id } });
        },
      });
    } catch (e) {
      setError(e instanceof ApiError ? { message: e.message, code: e.code } : { message: '提交失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };

  const quoteError = quote.error instanceof ApiError ? quote.error.message : null;
  return (
    <form
      aria-label="提交AIGC检测"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="4">
        <PaperSourceField
          source={source}
          onSource={setSource}
          file={file}
          onFile={setFile}
          onReject={(message) => setError({ message })}
          pasteLabel="需要检测的正文"
          textarea={{ value: content, onChange: (e) => setContent(e.target.value), placeholder: '把论文正文粘贴到这里，每段一行（只支持中文）' }}
          pasteInfo={
            <>
              <Box mt="1" fontSize="sm" color="gray.600" data-testid="aigc-quote" aria-live="polite">
                {chars.toLocaleString('zh-CN')} 字
                {quote.data && countChars(debounced) === chars ? `，费用 ¥${formatFen(quote.data.priceFen)}（至少 ${quote.data.minChars} 字才能判断）` : ''}
              </Box>
              {quoteError && chars > 0 && (
                <Text fontSize="sm" color="orange.700">
                  {quoteError}
                </Text>
              )}
            </>
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
          <Field.Root flex="1">
            <Field.Label>作者</Field.Label>
            <Input value={author} maxLength={64} onChange={(e) => setAuthor(e.target.value)} placeholder="选填" />
          </Field.Root>
        </HStack>
        <Text fontSize="xs" color="gray.500">
          {PRICE_NOTE}
        </Text>
        <SubmitError error={error} />
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="正在计算费用" alignSelf={{ base: 'stretch', md: 'flex-start' }}>
          {signedIn ? '开始检测' : '登录后提交'}
        </Button>
      </Stack>
      {charge.dialog}
    </form>
  );
}
