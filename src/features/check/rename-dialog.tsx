import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { getCheckQueryListQueryKey, useCheckUpdateTitle } from '@/api/gen/check/check';
import type { CheckRecord } from '@/api/gen/model';
import { notify } from '@/components/ui/toaster';

type Values = { title: string; author: string };

/** Renames a check: its title and author, on the record and its report. */
export function RenameDialog({ record, onClose }: { record: CheckRecord; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<Values>({ defaultValues: { title: record.title, author: record.author } });
  const update = useCheckUpdateTitle({ mutation: { meta: { silent: true } } });
  const save = async ({ title, author }: Values) => {
    await update.mutateAsync({ params: { id: record.id }, data: { title: title.trim(), author: author.trim() } });
    await queryClient.invalidateQueries({ queryKey: [getCheckQueryListQueryKey()[0]] });
    notify.success('已保存');
    onClose();
  };
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(event) => void handleSubmit(save)(event).catch(() => undefined)} noValidate>
              <Dialog.Header>
                <Dialog.Title>修改题目与作者</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={Boolean(formState.errors.title)}>
                    <Field.Label>论文题目</Field.Label>
                    <Input
                      {...register('title', {
                        validate: (value) => (value.trim() ? true : '请输入论文题目'),
                        maxLength: { value: 200, message: '题目不能超过 200 字' },
                      })}
                    />
                    <Field.ErrorText>{formState.errors.title?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(formState.errors.author)}>
                    <Field.Label>作者</Field.Label>
                    <Input {...register('author', { maxLength: { value: 50, message: '作者不能超过 50 字' } })} />
                    <Field.ErrorText>{formState.errors.author?.message}</Field.ErrorText>
                  </Field.Root>
                  {update.error && (
                    <Text color="red.600" fontSize="sm" role="alert">
                      {update.error.message}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  取消
                </Button>
                <Button type="submit" colorPalette="brand" loading={update.isPending}>
                  保存
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
