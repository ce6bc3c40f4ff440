import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ChatMessage } from '@/api/gen/model';
import { type AnswerState, AnswerBubble, QuestionBubble } from './message-bubble';
import type { ChatTurn } from './use-chat-turn';

const TURN_STATE: Record<ChatTurn['status'], AnswerState> = { streaming: 'streaming', complete: 'complete', stopped: 'stopped', failed: 'failed' };

type Entry =
  | { kind: 'question'; key: string; content: string }
  | { kind: 'answer'; key: string; content: string; state: AnswerState; chargedFen?: number; error?: string };

const storedEntry = (message: ChatMessage): Entry =>
  message.role === 'user'
    ? { kind: 'question', key: message.id, content: message.content }
    : { kind: 'answer', key: message.id, content: message.content, state: message.status, chargedFen: message.chargedFen };

/**
 * What the thread shows: the stored messages, and the answer in progress in place of what the server has not
 * stored yet. Until the conversation is read again after the turn ended, the stored copies of the turn's own
 * messages hold only part of it and are left out, so nothing shows twice or shrinks.
 */
function entriesOf(messages: ChatMessage[], readAt: number, turn: ChatTurn | null): Entry[] {
  if (!turn) return messages.map(storedEntry);
  // A retry answers a question already shown: only its new answer is the turn's own.
  const ids = turn.stored ? [turn.stored.messageId, ...(turn.question ? [turn.stored.userMessageId] : [])] : [];
  const stale = turn.endedAt === undefined || readAt < turn.endedAt;
  const entries = messages.filter((message) => !(stale && ids.includes(message.id))).map(storedEntry);
  const has = (id?: string) => Boolean(id) && entries.some((entry) => entry.key === id);
  if (turn.question && !has(turn.stored?.userMessageId)) entries.push({ kind: 'question', key: 'turn-question', content: turn.question });
  const answer = entries.find((entry) => entry.key === turn.stored?.messageId);
  if (answer?.kind === 'answer') answer.error = turn.error;
  else {
    entries.push({
      kind: 'answer',
      key: turn.stored?.messageId ?? 'turn-answer',
      content: turn.answer,
      state: TURN_STATE[turn.status],
      chargedFen: turn.chargedFen,
      error: turn.error,
    });
  }
  return entries;
}

/** The id of the last answer when it is stored stopped or failed: what 重新生成 answers again. */
function retryableOf(entries: Entry[]): string | undefined {
  const last = entries.at(-1);
  return last?.kind === 'answer' && (last.state === 'stopped' || last.state === 'failed') && last.key !== 'turn-answer' ? last.key : undefined;
}

type Props = {
  messages: ChatMessage[];
  /** When `messages` were read (the query's dataUpdatedAt). */
  readAt: number;
  turn: ChatTurn | null;
  /** Offered on the last answer when it was stopped or failed (its id). */
  onRetry?: (answerId: string) => void;
  empty: ReactNode;
};

/** Closer than this to the end, the thread follows a growing answer. */
const FOLLOW_WITHIN_PX = 480;

export function ChatThread({ messages, readAt, turn, onRetry, empty }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const entries = entriesOf(messages, readAt, turn);
  const last = entries.at(-1);
  const retryable = retryableOf(entries);
  const growing = `${entries.length}:${turn?.answer.length ?? 0}`;

  // Follow the answer as it grows, unless the reader has scrolled up to read something earlier.
  useEffect(() => {
    const box = scroller.current;
    if (box && box.scrollHeight - box.scrollTop - box.clientHeight < FOLLOW_WITHIN_PX) box.scrollTop = box.scrollHeight;
  }, [growing]);

  if (entries.length === 0) return <Box flex="1">{empty}</Box>;
  return (
    <Box ref={scroller} flex="1" minH="0" overflowY="auto" px={{ base: 3, md: 6 }} py="4" role="log" aria-label="对话内容">
      <Stack gap="4" maxW="3xl" mx="auto">
        {entries.map((entry) =>
          entry.kind === 'question' ? (
            <QuestionBubble key={entry.key} content={entry.content} />
          ) : (
            <AnswerBubble
              key={entry.key}
              content={entry.content}
              state={entry.state}
              chargedFen={entry.chargedFen}
              error={entry.error}
              retry={
                entry === last && onRetry && retryable ? (
                  <Button size="xs" variant="outline" onClick={() => onRetry(retryable)}>
                    <RotateCcw /> 重新生成
                  </Button>
                ) : undefined
              }
            />
          ),
        )}
      </Stack>
    </Box>
  );
}

export function ThreadNotice({ children }: { children: ReactNode }) {
  return (
    <Text color="gray.500" fontSize="sm" textAlign="center" py="10">
      {children}
    </Text>
  );
}
