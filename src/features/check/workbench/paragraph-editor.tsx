import { Badge, Box, Button, HStack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { WorkbenchAigcParagraph } from '@/api/gen/model';
import { formatRatio } from '@/lib/number';
import { MARK_STYLE, MarkedSentence, type MarkStyle, SECTION_LABELS, type Selection } from '../report/paragraph-list';
import { type Segment, segmentsOf } from '../report/segments';
import type { ShownParagraph } from './use-workbench';

type Props = {
  paragraph: ShownParagraph;
  editing: boolean;
  selection: Selection | null;
  aigc: WorkbenchAigcParagraph | undefined;
  aiMode: boolean;
  onEdit: (editing: boolean) => void;
  onType: (text: string) => void;
  onSelect: (selection: Selection) => void;
};

/** AI traces: the paragraph cut at the detector's sentences, each with its probability. */
function aiSegments(text: string, aigc: WorkbenchAigcParagraph | undefined): Array<Segment & { score: number }> {
  const chars = Array.from(text);
  if (!aigc) return [{ start: 0, end: chars.length, text, mark: 'none', sourceId: null, score: 0 }];
  return aigc.sentences.map((s) => ({ start: s.start, end: s.end, text: chars.slice(s.start, s.end).join(''), mark: 'none', sourceId: null, score: s.score }));
}

const AI_STYLE: MarkStyle = { color: 'purple.800', bg: 'purple.50', borderColor: 'purple.400' };

/** One paragraph of the workbench: its marks (or AI traces), and in place of them a text box while it is edited. */
export function ParagraphEditor({ paragraph: p, editing, selection, aigc, aiMode, onEdit, onType, onSelect }: Props) {
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) box.current?.focus();
  }, [editing]);
  const selected = (start: number) => selection?.paragraph === p.index && selection.start === start;
  const select = (segment: Segment) => onSelect({ paragraph: p.index, start: segment.start, end: segment.end });
  const styled = aiMode
    ? aiSegments(p.text, aigc).map((segment) => ({ segment, style: segment.score >= 0.5 ? AI_STYLE : null }))
    : segmentsOf(p).map((segment) => ({ segment, style: segment.mark === 'none' ? null : MARK_STYLE[segment.mark] }));
  const marked = styled.map(({ segment, style }) =>
    style ? (
      <MarkedSentence key={segment.start} segment={segment} selected={selected(segment.start)} onSelect={() => select(segment)} style={style} />
    ) : (
      <Box as="button" key={segment.start} display="inline" textAlign="start" fontSize="inherit" lineHeight="inherit" cursor="pointer" onClick={() => select(segment)}>
        {segment.text}
      </Box>
    ),
  );
  return (
    <Box
      id={`paragraph-${p.index}`}
      data-testid={`paragraph-${p.index}`}
      data-pending={p.pending || undefined}
      scrollMarginTop="24"
      borderLeftWidth="3px"
      borderColor={selection?.paragraph === p.index ? 'brand.solid' : p.edited ? 'green.400' : 'transparent'}
      pl="3"
    >
      <HStack justify="space-between" gap="2" mb="1">
        <Text fontSize="xs" color="gray.600">
          第 {p.index + 1} 段 · {SECTION_LABELS[p.section]}
          {aiMode && aigc ? ` · AI 概率 ${formatRatio(aigc.score)}` : ` · 复制比 ${formatRatio(p.ratio)}（重复 ${p.matchedChars} 字）`}
          {p.pending && ' · 比对中…'}
        </Text>
        <HStack gap="1">
          {p.edited && (
            <Badge size="sm" colorPalette="green" variant="subtle">
              已修改
            </Badge>
          )}
          <Button size="xs" variant="ghost" onClick={() => onEdit(!editing)} aria-expanded={editing} aria-label={`${editing ? '完成' : '修改'}第 ${p.index + 1} 段`}>
            {editing ? '完成' : '修改'}
          </Button>
        </HStack>
      </HStack>
      {editing && (
        <Textarea
          ref={box}
          autoresize
          value={p.text}
          aria-label={`第 ${p.index + 1} 段的文字`}
          onChange={(event) => onType(event.target.value.replace(/[\r\n]+/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onEdit(false);
            if (event.key === 'Enter') event.preventDefault();
          }}
          mb="2"
          lineHeight="tall"
        />
      )}
      <Text lineHeight="tall" whiteSpace="pre-wrap" data-testid={`marked-${p.index}`} color={p.pending ? 'gray.600' : undefined}>
        {marked}
      </Text>
    </Box>
  );
}
