import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { MessageSquarePlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useChatGptQueryList } from '@/api/gen/chat/chat';
import type { ChatConversation } from '@/api/gen/model';
import { queryFallback } from '@/components/query-fallback';
import { formatRelativeTime } from '@/lib/time';
import { DeleteConversationDialog } from './delete-conversation-dialog';

/** The most recent conversations, the most the list call gives in one page. */
export const CONVERSATIONS_SHOWN = { pageNo: 1, pageSize: 100 };

type Props = {
  selectedId?: string;
  onSelect: (id: string) => void;
  onNew: () => void;
  onDeleted: (id: string) => void;
};

/** The user's conversations, most recently active first: open one, start a new one, delete one after confirming. */
export function ConversationList({ selectedId, onSelect, onNew, onDeleted }: Props) {
  const query = useChatGptQueryList(CONVERSATIONS_SHOWN);
  const [deleting, setDeleting] = useState<ChatConversation | null>(null);
  const records = query.data?.records ?? [];
  const fallback = queryFallback({ loading: query.isLoading, error: query.error, rows: 5, rowHeight: '44px' });
  return (
    <Stack gap="3" h="full" minH="0">
      <Button colorPalette="brand" variant="outline" onClick={onNew}>
        <MessageSquarePlus /> 新建对话
      </Button>
      <Box as="nav" aria-label="对话列表" overflowY="auto" flex="1" minH="0">
        {fallback ??
          (records.length === 0 ? (
            <Text fontSize="sm" color="gray.500" textAlign="center" py="6">
              还没有对话，输入问题即可开始
            </Text>
          ) : (
            <Stack as="ul" gap="1" listStyleType="none">
              {records.map((conversation) => (
                <HStack as="li" key={conversation.id} gap="1" rounded="md" bg={conversation.id === selectedId ? 'brand.subtle' : undefined} _hover={{ bg: conversation.id === selectedId ? 'brand.subtle' : 'gray.100' }}>
                  <Button
                    variant="plain"
                    flex="1"
                    minW="0"
                    h="auto"
                    py="2"
                    px="3"
                    justifyContent="flex-start"
                    aria-current={conversation.id === selectedId ? 'page' : undefined}
                    onClick={() => onSelect(conversation.id)}
                  >
                    <Stack gap="0" minW="0" align="flex-start">
                      <Text truncate maxW="full" fontWeight={conversation.id === selectedId ? 'semibold' : 'normal'}>
                        {conversation.title}
                      </Text>
                      <Text fontSize="xs" color="gray.500">
                        {formatRelativeTime(conversation.lastMessageAt)}
                      </Text>
                    </Stack>
                  </Button>
                  <IconButton aria-label={`删除对话「${conversation.title}」`} size="xs" variant="ghost" color="gray.500" onClick={() => setDeleting(conversation)}>
                    <Trash2 />
                  </IconButton>
                </HStack>
              ))}
            </Stack>
          ))}
        {(query.data?.total ?? 0) > records.length && (
          <Text fontSize="xs" color="gray.500" textAlign="center" py="2">
            仅显示最近 {records.length} 个对话
          </Text>
        )}
      </Box>
      {deleting && (
        <DeleteConversationDialog
          conversation={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            onDeleted(deleting.id);
            setDeleting(null);
          }}
        />
      )}
    </Stack>
  );
}
