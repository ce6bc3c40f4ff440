import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { getChatGptQueryListQueryKey, useChatGptDelete } from '@/api/gen/chat/chat';
import type { ChatConversation } from '@/api/gen/model';
import { notify } from '@/components/ui/toaster';

type Props = { conversation: ChatConversation; onClose: () => void; onDeleted: () => void };

/** A conversation and all its messages go for good, so it is confirmed first. */
export function DeleteConversationDialog({ conversation, onClose, onDeleted }: Props) {
  const queryClient = useQueryClient();
  const remove = useChatGptDelete({ mutation: { meta: { silent: true } } });
  const confirm = async () => {
    await remove.mutateAsync({ params: { id: conversation.id } });
    await queryClient.invalidateQueries({ queryKey: [getChatGptQueryListQueryKey()[0]] });
    notify.success('对话已删除');
    onDeleted();
  };
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>删除对话</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>确定删除对话「{conversation.title}」及其全部消息吗？删除后无法恢复。</Text>
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
