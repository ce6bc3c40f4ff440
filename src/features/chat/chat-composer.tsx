import { Box, Button, HStack, Text, Textarea } from '@chakra-ui/react';
import { SendHorizontal, Square } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { ChatPrice } from './chat-price';

/** The contract's limit of one message (ChatCompletionBody.content). */
export const MAX_MESSAGE_CHARS = 4000;

type Props = {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  error?: string | null;
};

/** The question box with what an answer costs: Enter sends, Shift+Enter breaks the line; while an answer streams it offers 停止生成. */
export function ChatComposer({ draft, onDraftChange, onSend, onStop, streaming, error }: Props) {
  const length = Array.from(draft).length;
  const tooLong = length > MAX_MESSAGE_CHARS;
  const canSend = !streaming && draft.trim() !== '' && !tooLong;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method's Enter picks a candidate; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };
  return (
    <Box bg="white" borderWidth="1px" borderColor={tooLong || error ? 'red.300' : 'gray.200'} rounded="xl" p="3" shadow="xs">
      <Textarea
        aria-label="输入问题"
        placeholder="输入你的问题，例如：如何撰写文献综述？（Enter 发送，Shift+Enter 换行）"
        value={draft}
        onChange={(event) => onDraftChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoresize
        maxH="200px"
        minH="60px"
        variant="flushed"
        border="none"
        resize="none"
        _focusVisible={{ boxShadow: 'none' }}
      />
      {error && (
        <Text color="red.600" fontSize="sm" role="alert" mt="2">
          {error}
        </Text>
      )}
      <ChatPrice />
      <HStack justify="space-between" mt="2">
        <Text fontSize="xs" color={tooLong ? 'red.600' : 'gray.500'}>
          {tooLong ? `已输入 ${length} 字，单条消息最多 ${MAX_MESSAGE_CHARS} 字` : `${length} / ${MAX_MESSAGE_CHARS}`}
        </Text>
        {streaming ? (
          <Button size="sm" variant="outline" colorPalette="red" onClick={onStop}>
            <Square /> 停止生成
          </Button>
        ) : (
          <Button size="sm" colorPalette="brand" disabled={!canSend} onClick={onSend}>
            <SendHorizontal /> 发送
          </Button>
        )}
      </HStack>
    </Box>
  );
}
