import { Badge, Box, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { ParagraphPair, RewriteTask } from '@/api/gen/model';
import { KEPT_REASON_LABELS, sentenceSummary, termSummary } from '@common/rewrite-modes';

// What the comparison view says about each rewrite beyond its figures: which sentences were rewritten and
// which kept as they were (and why), and the term check (every term of the original back, whole).

/** The kept sentences of a pair by reason, as the record lists them. */
function keptByReason(pair: ParagraphPair) {
  const counts = new Map<string, number>();
  for (const s of pair.sentences) if (s.status === 'kept' && s.reason) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count }));
}

/** Why a whole paragraph came back as it was, for the rewrite column: "（章节标题，保留原文）". */
export function keptNote(pair: ParagraphPair): string {
  const reasons = keptByReason(pair);
  if (pair.sentences.length && reasons.length === 1 && pair.sentences.every((s) => s.status === 'kept')) return `（${KEPT_REASON_LABELS[reasons[0].reason] ?? reasons[0].reason}，保留原文）`;
  return '（本段未改写，保留原文）';
}

export function TermBadge({ kept, lost }: { kept: boolean | null; lost: readonly string[] }) {
  if (kept === null) return null;
  return kept ? (
    <Badge colorPalette="green" variant="subtle" data-testid="terms-kept">
      术语完整
    </Badge>
  ) : (
    <Badge colorPalette="red" data-testid="terms-lost">
      术语丢失：{lost.join('、')}
    </Badge>
  );
}

/** Under a pair that kept sentences: its sentence counts and the sentences it kept, each with the reason. */
export function PairSentences({ pair }: { pair: ParagraphPair }) {
  const kept = pair.sentences.filter((s) => s.status === 'kept');
  // A paragraph rewritten through needs no word here: the diff shows it.
  if (!kept.length) return null;
  const rewritten = pair.sentences.length - kept.length;
  const chars = [...pair.original];
  // A body paragraph's kept sentences are listed; a paragraph kept for its role says so once, above.
  const listed = pair.role === 'body' && rewritten > 0 ? kept : [];
  return (
    <Stack gap="1" mt="2" fontSize="sm" data-testid="pair-sentences">
      <Text color="gray.600">{sentenceSummary(rewritten, kept.length, keptByReason(pair))}</Text>
      {listed.length > 0 && (
        <List.Root ps="4" color="gray.600">
          {listed.slice(0, 5).map((s) => (
            <List.Item key={s.start}>
              <Box as="span" color="gray.800">
                {chars.slice(s.start, s.end).join('')}
              </Box>
              <Text as="span" color="orange.700">
                {' '}— 保留原句：{KEPT_REASON_LABELS[s.reason ?? ''] ?? s.reason}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

/** The record's sentence counts and term check, among its figures. */
export function RecordChecks({ task }: { task: RewriteTask }) {
  if (task.sentenceRewritten === null || task.sentenceKept === null) return null;
  return (
    <Stack gap="1" data-testid="record-checks">
      <Text fontSize="sm">{sentenceSummary(task.sentenceRewritten, task.sentenceKept, task.keptReasons)}</Text>
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" color={task.termsKept === false ? 'red.600' : undefined}>
          {termSummary(task.termsChecked, task.lostTerms)}
        </Text>
        <TermBadge kept={task.termsKept} lost={task.lostTerms} />
      </HStack>
      <Text fontSize="xs" color="gray.500">
        题目、标题、关键词、参考文献等不改写；没有不伤原意与术语的改法的句子保留原文，请留意这些句子。术语检查独立于改写引擎，逐一核对原文中检测到的术语和您指定的术语。
      </Text>
    </Stack>
  );
}
