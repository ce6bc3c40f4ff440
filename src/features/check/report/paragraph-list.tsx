import { Box, Stack, Text } from '@chakra-ui/react';
import type { ReportParagraph, SectionKind } from '@/api/gen/model';
import { formatRatio } from '@/lib/number';
import { type Segment, segmentsOf } from './segments';

export const SECTION_LABELS: Record<SectionKind, string> = {
  cover: '封面',
  toc: '目录',
  abstract: '摘要',
  body: '正文',
  references: '参考文献',
  acknowledgements: '致谢',
  declaration: '声明',
};

export type Selection = { paragraph: number; start: number; end: number };

/** Copied text in red (over half) or orange (some); cited quotations in green, as CNKI shows 引用. */
export const MARK_STYLE = {
  red: { color: 'red.700', bg: 'red.50', borderColor: 'red.400' },
  orange: { color: 'orange.700', bg: 'orange.50', borderColor: 'orange.400' },
  cited: { color: 'green.700', bg: 'green.50', borderColor: 'green.500' },
};

export type MarkStyle = { color: string; bg: string; borderColor: string };

/** A marked sentence as a button in its mark's colours; a click selects it. */
export function MarkedSentence({ segment, selected, onSelect, style }: { segment: Segment; selected: boolean; onSelect: () => void; style: MarkStyle }) {
  return (
    <Box
      as="button"
      display="inline"
      textAlign="start"
      fontSize="inherit"
      lineHeight="inherit"
      {...style}
      borderBottomWidth="2px"
      outline={selected ? '2px solid' : undefined}
      outlineColor={style.borderColor}
      cursor="pointer"
      data-mark={segment.mark}
      onClick={onSelect}
    >
      {segment.text}
    </Box>
  );
}

function Marked({ segment, selected, onSelect }: { segment: Segment; selected: boolean; onSelect: () => void }) {
  if (segment.mark === 'none') return <>{segment.text}</>;
  return <MarkedSentence segment={segment} selected={selected} onSelect={onSelect} style={MARK_STYLE[segment.mark]} />;
}

type Props = {
  paragraphs: ReportParagraph[];
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
};

/**
 * The paper paragraph by paragraph under its headings, copied sentences in red (over half) or orange (some),
 * cited ones in green; a click compares.
 */
export function ParagraphList({ paragraphs, selection, onSelect }: Props) {
  return (
    <Stack gap="4">
      {paragraphs.map((p) => (
        <Box key={p.index}>
          {p.headings.map((heading, i) => (
            <Text as="h3" key={i} fontWeight="semibold" color="gray.800" mt={i === 0 ? 2 : 0} mb="1">
              {heading}
            </Text>
          ))}
          <Box
            id={`paragraph-${p.index}`}
            data-testid={`paragraph-${p.index}`}
            scrollMarginTop="24"
            borderLeftWidth="3px"
            borderColor={selection?.paragraph === p.index ? 'brand.solid' : 'transparent'}
            pl="3"
          >
            <Text fontSize="xs" color="gray.500" mb="1">
              第 {p.index + 1} 段 · {SECTION_LABELS[p.section]}
              {p.matchedChars > 0 && ` · 复制比 ${formatRatio(p.ratio)}（重复 ${p.matchedChars} 字）`}
            </Text>
            <Text lineHeight="tall" whiteSpace="pre-wrap">
              {segmentsOf(p).map((segment) => (
                <Marked
                  key={segment.start}
                  segment={segment}
                  selected={selection?.paragraph === p.index && selection.start === segment.start}
                  onSelect={() => onSelect({ paragraph: p.index, start: segment.start, end: segment.end })}
                />
              ))}
            </Text>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
