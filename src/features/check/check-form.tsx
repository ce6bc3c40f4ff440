import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useCheckCheckInit } from '@/api/gen/check/check';
import { type PaperSource, PaperSourceField } from '@/components/paper-source-field';
import { useSignedIn } from '@/components/use-signed-in';
import { countChars, MAX_CHECK_CHARS, tooLongMessage } from '@common/char-count';
import { appStore } from '@/stores/app';
import { TextStats } from './text-stats';

type Values = { title: string; author: string; content: string };

/** The text of a .txt file, for the live count; Word and PDF files are counted by the server. */
function useFileText(file: File | null): string | null {
  const [read, setRead] = useState<{ file: File; text: string } | null>(null);
  useEffect(() => {
    if (!file || !file.name.toLowerCase().endsWith('.txt')) return;
    let current = true;
    void file.text().then((text) => current && setRead({ file, text }));
    return () => {
      current = false;
    };
  }, [file]);
  return read && read.file === file ? read.text : null;
}

/** Upload or paste a paper with its title and author; creates the draft and opens its confirmation. */
export function CheckForm() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [mode, setMode] = useState<PaperSource>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileText = useFileText(file);
  const { register, handleSubmit, control, formState } = useForm<Values>({ defaultValues: { title: '', author: '', content: '' } });
  const init = useCheckCheckInit({ mutation: { meta: { silent: true } } });
  const content = useWatch({ control, name: 'content' });
  const { errors } = formState;

  const pickFile = (picked: File | null) => {
    setFile(picked);
    setFileError(null);
    init.reset();
  };

  const missingFile = mode === 'upload' && !file;
  const submit = async ({ title, author, content: pasted }: Values) => {
    if (missingFile) return;
    if (!signedIn) {
      appStore.actions.openLogin();
      return;
    }
    const record = await init.mutateAsync({
      data: { title: title.trim(), author: author.trim(), ...(mode === 'upload' && file ? { file } : { content: pasted }) },
    });
    await navigate({ to: '/paper/submit/$id', params: { id: record.id } });
  };

  return (
    <form
      onSubmit={(event) => {
        if (missingFile) setFileError('请上传论文文件');
        void handleSubmit(submit)(event).catch(() => undefined);
      }}
      noValidate
      aria-label="提交查重"
    >
      <Stack gap="5">
        <PaperSourceField
          source={mode}
          onSource={setMode}
          order={['upload', 'paste']}
          file={file}
          onFile={pickFile}
          onReject={setFileError}
          fileError={fileError}
          fileInfo={<TextStats text={fileText} note="上传后统计" />}
          pasteLabel="论文正文"
          textarea={{
            rows: 12,
            placeholder: '把论文正文粘贴到这里（不含封面也可以）',
            ...register('content', {
              validate: (value) => {
                if (mode !== 'paste') return true;
                const chars = countChars(value);
                if (chars === 0) return '请粘贴论文正文';
                if (chars > MAX_CHECK_CHARS) return tooLongMessage(chars);
                return true;
              },
            }),
          }}
          pasteError={errors.content?.message}
          pasteInfo={
            <Box mt="1">
              <TextStats text={content} />
            </Box>
          }
        />

        <HStack gap="4" align="flex-start" flexDirection={{ base: 'column', md: 'row' }}>
          <Field.Root invalid={Boolean(errors.title)} required flex="2">
            <Field.Label>
              论文题目
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              placeholder="请输入论文题目"
              {...register('title', {
                validate: (value) => (value.trim() ? true : '请输入论文题目'),
                maxLength: { value: 200, message: '题目不能超过 200 字' },
              })}
            />
            <Field.ErrorText>{errors.title?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.author)} flex="1">
            <Field.Label>作者</Field.Label>
            <Input placeholder="选填" {...register('author', { maxLength: { value: 50, message: '作者不能超过 50 字' } })} />
            <Field.ErrorText>{errors.author?.message}</Field.ErrorText>
          </Field.Root>
        </HStack>

        {init.error && (
          <Text color="red.600" fontSize="sm" role="alert">
            {init.error.message}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={init.isPending} loadingText="正在上传" alignSelf="flex-start">
          {signedIn ? '下一步：确认提交' : '登录后提交'}
        </Button>
      </Stack>
    </form>
  );
}
