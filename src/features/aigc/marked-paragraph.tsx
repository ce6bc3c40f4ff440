import { Badge, Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AigcParagraph, AigcSentence } from '@/api/gen/model';
import { formatRatio } from '@/lib/number';
import { BAND_PALETTE } from './band-style';
import { BAND_LABELS } from './labels';

type Segment = { text: string; sentence: AigcSentence | null; n: number };

/** The paragraph cut at its sentences (code-point offsets); machine-judged sentences are numbered. */
function segmentsOf(paragraph: AigcParagraph): Segment[] {
  const codes = Array.from(paragraph.text);
  const out: Segment[] = [];
  let at = 0;
  let n = 0;
  for (const s of [...paragraph.sentences].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(s.start, codes.length));
    const end = Math.max(start, Math.min(s.end, codes.length));
    if (start > at) out.push({ text: codes.slice(at, start).join(''), sentence: null, n: 0 });
    if (end > start) out.push({ text: codes.slice(start, end).join(''), sentence: s, n: s.machine ? ++n : 0 });
    at = end;
  }
  if (at < codes.length) out.push({ text: codes.slice(at).join(''), sentence: null, n: 0 });
  return out;
}

/**
 * One scored paragraph: machine-judged sentences highlighted; hovering or tapping one shows why (the
 * features that pushed it up) under the paragraph, so it reads the same on a phone.
 */
export function MarkedParagraph({ paragraph, canReload, reloading, onReload }: { paragraph: AigcParagraph; canReload: boolean; reloading: boolean; onReload: () => void }) {
  const [open, setOpen] = useState<number | null>(null);
  const segments = segmentsOf(paragraph);
  const chosen = segments.find((s) => s.n === open);
  const machine = segments.filter((s) => s.n > 0).length;
  return (
    <Box id={`aigc-paragraph-${paragraph.index}`} borderWidth="1px" borderRadius="md" p={{ base: 3, md: 4 }} data-testid="aigc-paragraph" scrollMarginTop="80px">
      <HStack justify="space-between" mb="2" wrap="wrap" gap="2">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">第 {paragraph.index + 1} 段</Text>
          {paragraph.section && (
            <Text fontSize="xs" color="gray.500">
              {paragraph.section}
            </Text>
          )}
          {paragraph.tooShort ? (
            <Badge variant="outline">太短，不作判定</Badge>
          ) : (
            <Badge colorPalette={BAND_PALETTE[paragraph.band]}>{BAND_LABELS[paragraph.band]}</Badge>
          )}
          <Text fontSize="sm" color="gray.600">
            机器生成概率 {formatRatio(paragraph.aiProbability)}
            {machine > 0 && ` · 标出 ${machine} 句（${paragraph.aiCharCount} 字）`}
          </Text>
        </HStack>
        <Button size="xs" variant="outline" disabled={!canReload} loading={reloading} loadingText="评估中" onClick={onReload}>
          重新评估
        </Button>
      </HStack>
      <Text lineHeight="tall" whiteSpace="pre-wrap" wordBreak="break-word">
        {segments.map((s, i) =>
          s.n > 0 ? (
            <Box
              as="mark"
              key={i}
              role="button"
              tabIndex={0}
              aria-expanded={open === s.n}
              aria-label={`${s.text}（标出的第 ${s.n} 句，机器生成概率 ${formatRatio(s.sentence!.probability)}，点按查看判定依据）`}
              data-testid="machine-sentence"
              bg={open === s.n ? 'red.200' : 'red.100'}
              color="red.900"
              borderBottomWidth="2px"
              borderColor="red.400"
              cursor="pointer"
              px="0.5"
              onMouseEnter={() => setOpen(s.n)}
              onClick={() => setOpen(s.n)}
              onFocus={() => setOpen(s.n)}
            >
              {s.text}
            </Box>
          ) : (
            <span key={i}>{s.text}</span>
          ),
        )}
      </Text>
      {chosen?.sentence && (
        <Stack mt="3" gap="1" p="3" bg="red.50" borderRadius="md" fontSize="sm" role="note" data-testid="sentence-reasons">
          <Text fontWeight="semibold" color="red.800">
            标出的第 {chosen.n} 句 · 机器生成概率 {formatRatio(chosen.sentence.probability)}
          </Text>
          {chosen.sentence.reasons.length > 0 ? (
            <List.Root ps="4" gap="0.5">
              {chosen.sentence.reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List.Root>
          ) : (
            <Text>整体特征接近机器生成的文本</Text>
          )}
        </Stack>
      )}
    </Box>
  );
}
