import { Button, Drawer, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-store';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { getChatGptLoadByIdQueryKey, getChatGptQueryListQueryKey, useChatGptLoadById } from '@/api/gen/chat/chat';
import type { ChatCompletionBody, ChatConversationDetail } from '@/api/gen/model';
import { ApiError } from '@/api/http';
import { LoginRequired } from '@/components/login-required';
import { appStore } from '@/stores/app';
import { ChatComposer } from './chat-composer';
import { chatQuoteKey } from './chat-price';
import { ChatThread, ThreadNotice } from './chat-thread';
import { ConversationList } from './conversation-list';
import { Suggestions } from './suggestions';
import { isAbort, useChatTurn } from './use-chat-turn';

const STORED_ANSWER_POLL_MS = 500;
const STORED_ANSWER_WAIT_MS = 30_000;

type Props = {
  /** The open conversation (the page's `id` search parameter); none for a new one. */
  conversationId?: string;
  /** Opens a conversation, or a new one with no id. */
  onOpen: (conversationId?: string) => void;
};

/** Conversations on the left (below 992 px in a drawer), the open one on the right with the question box under it. */
export function ChatScreen({ conversationId, onOpen }: Props) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  const openId = useRef(conversationId);
  useEffect(() => {
    openId.current = conversationId;
  }, [conversationId]);

  const refreshList = () => queryClient.invalidateQueries({ queryKey: [getChatGptQueryListQueryKey()[0]] });
  const { turn, ask, stop, clear, streaming } = useChatTurn({
    onStart: ({ conversationId: id }) => {
      void refreshList();
      // A new conversation opens under its id at once (the list marks it), unless the reader has moved on.
      if (openId.current === undefined) onOpen(id);
    },
    onEnd: async ({ conversationId: id }) => {
      await Promise.all([
        refreshList(),
        queryClient.invalidateQueries({ queryKey: getChatGptLoadByIdQueryKey({ id }) }),
        queryClient.invalidateQueries({ queryKey: chatQuoteKey() }),
      ]);
    },
  });
  const shownTurn = turn && (turn.stored?.conversationId ?? turn.body.conversationId) === conversationId ? turn : null;
  // A stopped or failed answer is stored when the server notices the end, which can be after the conversation is
  // read again: until it is there (with what it cost), read it again, for a while.
  const answerPending = (data?: ChatConversationDetail) =>
    shownTurn?.stored !== undefined &&
    shownTurn.endedAt !== undefined &&
    Date.now() - shownTurn.endedAt < STORED_ANSWER_WAIT_MS &&
    !data?.messages.some((message) => message.id === shownTurn.stored?.messageId);
  const detail = useChatGptLoadById(
    { id: conversationId ?? '' },
    { query: { enabled: Boolean(conversationId), meta: { silent: true }, refetchInterval: (q) => (answerPending(q.state.data) ? STORED_ANSWER_POLL_MS : false) } },
  );
  const messages = conversationId ? (detail.data?.messages ?? []) : [];

  const send = (body: ChatCompletionBody, question?: string) => {
    setError(null);
    if (question) setDraft('');
    ask(body, question).catch((failure: unknown) => {
      if (!isAbort(failure)) setError(failure instanceof Error ? failure.message : '发送失败，请稍后重试');
      // The question was not taken: it goes back into the box, unless something new was typed there meanwhile.
      if (question) setDraft((current) => (current.trim() === '' ? question : current));
    });
  };

  const open = (id?: string) => {
    if (id === conversationId) return;
    clear();
    setError(null);
    setListOpen(false);
    onOpen(id);
  };

  const list = (
    <ConversationList
      selectedId={conversationId}
      onSelect={open}
      onNew={() => open(undefined)}
      onDeleted={(id) => {
        if (id === conversationId) open(undefined);
      }}
    />
  );

  let thread;
  if (conversationId && detail.isLoading) thread = <ThreadNotice>正在加载对话…</ThreadNotice>;
  else if (conversationId && detail.error instanceof ApiError && detail.error.status === 401) thread = <LoginRequired what="您的对话" />;
  else if (conversationId && detail.error && !shownTurn) {
    thread = (
      <Stack align="center" py="10" gap="3">
        <Text color="red.600" role="alert">
          {detail.error.message}
        </Text>
        <Button size="sm" variant="outline" onClick={() => open(undefined)}>
          新建对话
        </Button>
      </Stack>
    );
  } else {
    thread = (
      <ChatThread
        messages={messages}
        readAt={detail.dataUpdatedAt}
        turn={shownTurn}
        onRetry={streaming ? undefined : (answerId) => send({ conversationId, retryOf: answerId })}
        empty={<Suggestions onPick={setDraft} />}
      />
    );
  }

  return (
    <Flex flex="1" minH="0" gap="4">
      {!mobile && (
        <Flex direction="column" w="280px" flexShrink={0} bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p="3">
          {list}
        </Flex>
      )}
      <Flex direction="column" flex="1" minW="0" minH="0" gap="3">
        {mobile && (
          <Button alignSelf="flex-start" size="sm" variant="outline" onClick={() => setListOpen(true)}>
            <MessagesSquare /> 我的对话
          </Button>
        )}
        <Flex direction="column" flex="1" minH="0" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200">
          {thread}
        </Flex>
        <ChatComposer
          draft={draft}
          onDraftChange={(value) => {
            setDraft(value);
            if (error) setError(null);
          }}
          onSend={() => send({ conversationId, content: draft.trim() }, draft.trim())}
          onStop={stop}
          streaming={streaming}
          error={error}
        />
      </Flex>
      <Drawer.Root open={listOpen} placement="start" onOpenChange={(event) => setListOpen(event.open)}>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>我的对话</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>{mobile && list}</Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Flex>
  );
}
