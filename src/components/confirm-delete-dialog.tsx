import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notify } from '@/components/ui/toaster';

type Props = {
  title: string;
  /** What goes, said in full; 删除后无法恢复。 follows it. */
  children: ReactNode;
  /** Deletes and refreshes what showed the record; a failure stays in the dialog. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Called after a delete instead of onClose. */
  onDeleted?: () => void;
  done?: string;
};

/** A delete cannot be undone, so every one is confirmed here first; its failure is shown in the dialog. */
export function ConfirmDeleteDialog({ title, children, onConfirm, onClose, onDeleted = onClose, done = '已删除' }: Props) {
  const remove = useMutation({
    mutationFn: onConfirm,
    meta: { silent: true },
    onSuccess: () => {
      notify.success(done);
      onDeleted();
    },
  });
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{children}删除后无法恢复。</Text>
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
              <Button colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                删除
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
