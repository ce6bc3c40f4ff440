import { useQueryClient } from '@tanstack/react-query';
import { chatGptDelete, getChatGptQueryListQueryKey } from '@/api/gen/chat/chat';
import type { ChatConversation } from '@/api/gen/model';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';

type Props = { conversation: ChatConversation; onClose: () => void; onDeleted: () => void };

export function DeleteConversationDialog({ conversation, onClose, onDeleted }: Props) {
  const queryClient = useQueryClient();
  const remove = async () => {
    await chatGptDelete({ id: conversation.id });
    await queryClient.invalidateQueries({ queryKey: [getChatGptQueryListQueryKey()[0]] });
  };
  return (
    <ConfirmDeleteDialog title="删除对话" done="对话已删除" onConfirm={remove} onClose={onClose} onDeleted={onDeleted}>
      确定删除对话「{conversation.title}」及其全部消息吗？
    </ConfirmDeleteDialog>
  );
}
