import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { getCheckQueryListQueryKey, useCheckDelete } from '@/api/gen/check/check';
import type { CheckRecord } from '@/api/gen/model';
import { notify } from '@/components/ui/toaster';

/** Deleting also takes the paper out of the reference library, so it is confirmed first. */
export function DeleteDialog({ record, onClose }: { record: CheckRecord; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useCheckDelete({ mutation: { meta: { silent: true } } });
  const confirm = async () => {
    await remove.mutateAsync({ params: { id: record.id } });
    await queryClient.invalidateQueries({ queryKey: [getCheckQueryListQueryKey()[0]] });
    notify.success('已删除');
    onClose();
  };
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>删除查重记录</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>确定删除《{record.title}》的查重记录和报告吗？{record.addToLibrary ? '本文也会从比对库中移除。' : ''}删除后无法恢复。</Text>
              {remove.error && (
                <Text color="red.600" fontSize="sm" role="alert" mt="3">
                  {remove.error.message}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                取消
              </Button>
              <Button colorPalette="red" loading={remove.isPending} onClick={() => void confirm().catch(() => undefined)}>
                删除
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
