import { Badge, Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, Suspense, lazy } from 'react';
import type { ChatMessageStatus } from '@/api/gen/model';
import { countChars } from '@common/char-count';
import { formatYuan } from '@/lib/number';
import { CopyButton } from './copy-button';

// The markdown renderer (micromark, GFM, the sanitizer: about 45 kB gzip) loads with the first answer shown,
// not with the chat page; until it has, the answer shows as plain text.
const MarkdownAnswer = lazy(() => import('./markdown-answer').then((module) => ({ default: module.MarkdownAnswer })));

function PlainAnswer({ content }: { content: string }) {
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word">
      {content}
    </Text>
  );
}

/** An answer still arriving, or how it ended: complete, stopped by the user, or failed part-way. */
export type AnswerState = 'streaming' | ChatMessageStatus;

export function QuestionBubble({ content }: { content: string }) {
  return (
    <Box alignSelf="flex-end" maxW="85%" bg="brand.subtle" rounded="xl" px="4" py="2" data-role="user">
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {content}
      </Text>
    </Box>
  );
}

type AnswerProps = {
  content: string;
  state: AnswerState;
  /** What this answer cost (the ledger has the same line). */
  chargedFen?: number;
  /** Why it failed, in Chinese. */
  error?: string;
  /** 重新生成, offered on a stopped or failed last answer. */
  retry?: ReactNode;
};

export function AnswerBubble({ content, state, chargedFen, error, retry }: AnswerProps) {
  const streaming = state === 'streaming';
  return (
    <Stack alignSelf="stretch" gap="1" data-role="assistant" data-state={state} aria-busy={streaming}>
      <Box bg="white" borderWidth="1px" borderColor={state === 'failed' ? 'red.200' : 'gray.200'} rounded="xl" px="4" py="3">
        {content ? (
          <Suspense fallback={<PlainAnswer content={content} />}>
            <MarkdownAnswer content={content} />
          </Suspense>
        ) : streaming ? (
          <HStack color="gray.500" fontSize="sm">
            <Spinner size="xs" /> <Text>正在思考…</Text>
          </HStack>
        ) : (
          <Text color="gray.500" fontSize="sm">
            （没有收到回答内容）
          </Text>
        )}
        {streaming && content && <Spinner size="xs" color="gray.400" mt="1" aria-label="正在生成" />}
      </Box>
      {!streaming && (
        <HStack gap="2" px="1" flexWrap="wrap">
          {state === 'stopped' && (
            <Badge colorPalette="gray" variant="subtle">
              已停止生成
            </Badge>
          )}
          {state === 'failed' && (
            <Badge colorPalette="red" variant="subtle">
              生成失败
            </Badge>
          )}
          {error && (
            <Text fontSize="xs" color="red.600" role="alert">
              {error}
            </Text>
          )}
          {chargedFen !== undefined && chargedFen > 0 && (
            <Text fontSize="xs" color="gray.500">
              扣费 {formatYuan(chargedFen)}
              {state === 'stopped' || state === 'failed' ? `（按已生成的 ${countChars(content).toLocaleString('zh-CN')} 字）` : ''}
            </Text>
          )}
          {content && <CopyButton text={content} label="复制回答" />}
          {retry}
        </HStack>
      )}
    </Stack>
  );
}
